package dev.hippack.core.stage;

import java.util.Objects;
import java.util.Optional;

/**
 * A ROCm DLL a package ships, with the file version of its version resource: users compare it
 * with the driver's copy in System32 when no GPU is found, since a bundled HIP runtime older than
 * the driver's was reported to find none (docs/distribution-rules.md §5).
 *
 * @param name        its file name in the package, e.g. {@code amdhip64_6.dll}
 * @param fileVersion the FileVersion of its version resource; empty when it has none
 */
public record ShippedDll(String name, Optional<String> fileVersion) {

    public ShippedDll {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fileVersion, "fileVersion");
    }

    /** The version as a table cell shows it. */
    public String versionText() {
        return fileVersion.orElse("(no version resource)");
    }
}
