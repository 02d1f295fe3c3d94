package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The kernel files of one architecture in one library, in MiB. {@code mib == 0} means the
 * library ships no kernels for it (gfx1102 in hipBLASLt 7.1, gfx1103 in rocBLAS).
 */
public record KernelSize(
        @JsonProperty(required = true) String arch,
        @JsonProperty(required = true) double mib,
        @JsonProperty(required = true) boolean derived) {

    public KernelSize {
        Require.archId(arch, "arch");
        Require.notNegative(mib, "mib");
    }

    public long bytes() {
        return Math.round(mib * 1024 * 1024);
    }

    public boolean hasKernels() {
        return mib > 0;
    }
}
