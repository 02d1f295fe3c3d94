package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.Version;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Measured sizes of one kernel library in one ROCm version, per architecture, plus the files that
 * belong to no architecture (rocBLAS {@code *_fallback.dat}, hipBLASLt {@code hipblasltTransform.hsaco}).
 * Keyed by the ROCm version, not by a track: which architectures a library covers is a fact of
 * the SDK, whatever selection (preset or custom) is built with it.
 */
public record KernelLibrarySizes(
        @JsonProperty(required = true) String rocmVersion,
        @JsonProperty(required = true) KernelLibrary library,
        @JsonProperty(required = true) List<KernelSize> archs,
        @JsonProperty(required = true) double archlessMib,
        @JsonProperty(required = true) boolean archlessDerived) {

    public KernelLibrarySizes {
        Require.text(rocmVersion, "rocmVersion");
        if (Version.tryParse(rocmVersion).filter(v -> v.size() == 2).isEmpty()) {
            throw new IllegalArgumentException("field 'rocmVersion' is '" + rocmVersion + "', expected major.minor such as 6.4");
        }
        Require.present(library, "library");
        archs = Require.nonEmpty(archs, "archs");
        Set<String> seen = new HashSet<>();
        for (KernelSize k : archs) {
            if (!seen.add(k.arch())) {
                throw new IllegalArgumentException("field 'archs' lists " + k.arch() + " twice");
            }
        }
        Require.notNegative(archlessMib, "archlessMib");
    }

    public Optional<KernelSize> arch(String id) {
        return archs.stream().filter(k -> k.arch().equals(id)).findFirst();
    }

    public long archlessBytes() {
        return Math.round(archlessMib * 1024 * 1024);
    }

    /** The whole library as the SDK ships it: every architecture plus the arch-less files. */
    public long fullBytes() {
        return archs.stream().mapToLong(KernelSize::bytes).sum() + archlessBytes();
    }
}
