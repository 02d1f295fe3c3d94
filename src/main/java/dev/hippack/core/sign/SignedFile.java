package dev.hippack.core.sign;

import java.util.Objects;

/**
 * One PE file of a package and who signed it.
 *
 * @param path   its path in the package, {@code /}-separated
 * @param signer the signing certificate's subject; empty for a file nobody signed
 * @param byUs   true when this run signed it, false when it already carried a valid signature (its vendor's)
 */
public record SignedFile(String path, String signer, boolean byUs) {
    public SignedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(signer, "signer");
    }
}
