package dev.hippack.core.sbom;

import java.util.Objects;
import java.util.Optional;

/**
 * What a package's bill of materials says beyond its files: what it was built from.
 *
 * @param audiocppVersion the checkout's {@code git describe} (e.g. {@code v0.4.1}); empty when unknown
 * @param audiocppCommit  the commit the binaries were built from; empty when unknown
 * @param ggmlVersion     the version of the ggml vendored in the checkout ({@code external/ggml}); empty when unknown
 * @param rocmVersion     the HIP SDK's ROCm version, the version of the kernel libraries; empty when unknown
 */
public record SbomFacts(Optional<String> audiocppVersion, Optional<String> audiocppCommit, Optional<String> ggmlVersion,
                        Optional<String> rocmVersion) {

    public SbomFacts {
        Objects.requireNonNull(audiocppVersion, "audiocppVersion");
        Objects.requireNonNull(audiocppCommit, "audiocppCommit");
        Objects.requireNonNull(ggmlVersion, "ggmlVersion");
        Objects.requireNonNull(rocmVersion, "rocmVersion");
    }

    /** Nothing known beyond the files. */
    public static SbomFacts unknown() {
        return new SbomFacts(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
