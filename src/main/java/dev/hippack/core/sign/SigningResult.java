package dev.hippack.core.sign;

import java.util.List;

/**
 * What signing a package did: every PE file directly in the package folder with who signed it.
 *
 * @param files the executables this run signed, then the DLLs and executables it left alone
 */
public record SigningResult(List<SignedFile> files) {

    public SigningResult {
        files = List.copyOf(files);
    }

    public List<SignedFile> signedByUs() {
        return files.stream().filter(SignedFile::byUs).toList();
    }
}
