package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A change the checkout's vendored ggml must have before an architecture may be shipped: the
 * preprocessor condition under which {@code file} defines {@code macro} must name the
 * architecture's own macro ({@code __gfx1152__}). ggml picks its code paths by such family macros;
 * a GPU it does not place in its family runs code meant for another one (llama.cpp PR #24129:
 * gfx1152 and gfx1153 outside {@code RDNA3_5} gave corrupted output, TheRock #5579).
 *
 * @param file   the header, relative to the checkout, with forward slashes
 * @param macro  the family macro the header defines ({@code RDNA3_5})
 * @param change the upstream change that adds the architecture, as users find it ("llama.cpp PR #24129")
 * @param reason what goes wrong without it, for the plan's message
 */
public record GgmlRequirement(
        @JsonProperty(required = true) String file,
        @JsonProperty(required = true) String macro,
        @JsonProperty(required = true) String change,
        @JsonProperty(required = true) String reason) {

    public GgmlRequirement {
        Require.text(file, "file");
        if (file.contains("\\") || file.startsWith("/") || file.contains("..")) {
            throw new IllegalArgumentException("field 'file' is '" + file
                    + "', expected a path inside the checkout with forward slashes, such as external/ggml/src/ggml-cuda/vendors/hip.h");
        }
        Require.text(macro, "macro");
        if (!macro.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("field 'macro' is '" + macro + "', not a C macro name such as RDNA3_5");
        }
        Require.text(change, "change");
        Require.text(reason, "reason");
    }

    /** The macro the compiler defines for {@code arch} when it builds device code for it: {@code __gfx1152__}. */
    public static String archMacro(String arch) {
        return "__" + arch + "__";
    }
}
