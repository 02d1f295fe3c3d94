package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A row of the hardware matrix. {@code blockedReason} is null for an architecture that may be
 * shipped, and says why otherwise (RDNA2: no hipBLASLt kernels in ROCm 6.4 or 7.1).
 * {@code ggml} is null unless shipping the architecture needs a change in the checkout's vendored
 * ggml (gfx1152 and gfx1153: llama.cpp PR #24129); the checkout's detection reads whether it has it.
 */
public record GpuArchitecture(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String family,
        @JsonProperty(required = true) Kind kind,
        @JsonProperty(required = true) String exampleHardware,
        String blockedReason,
        GgmlRequirement ggml) {

    public enum Kind {
        @JsonProperty("discrete") DISCRETE,
        @JsonProperty("integrated") INTEGRATED
    }

    public GpuArchitecture {
        Require.archId(id, "id");
        Require.text(family, "family");
        Require.present(kind, "kind");
        Require.text(exampleHardware, "exampleHardware");
        if (blockedReason != null && blockedReason.isBlank()) {
            throw new IllegalArgumentException("field 'blockedReason' must be left out or say why");
        }
    }

    /** Whether {@code s} has the shape of an architecture id (gfx1100, gfx906), known or not. */
    public static boolean isArchitectureId(String s) {
        return s != null && Require.ARCH_ID.matcher(s).matches();
    }

    public boolean blocked() {
        return blockedReason != null;
    }

    /** Whether shipping this architecture depends on a change in the checkout's ggml. */
    public boolean needsGgmlChange() {
        return ggml != null;
    }

    public boolean integrated() {
        return kind == Kind.INTEGRATED;
    }
}
