package dev.hippack.core.plan;

import dev.hippack.core.catalog.GgmlRequirement;
import java.util.List;

/**
 * What the checkout's vendored ggml says of one family macro, as detection read it: the
 * architectures whose compiler macro ({@code __gfx1152__}) the preprocessor condition defining
 * {@code macro} in {@code file} names.
 *
 * @param file          the header, relative to the checkout, with forward slashes
 * @param macro         the family macro ({@code RDNA3_5})
 * @param found         the header exists and was read; false means nothing is known of it
 * @param architectures the architectures the condition names, in the header's order; empty when
 *                      the header does not define the macro under a condition naming any
 */
public record GgmlFamily(String file, String macro, boolean found, List<String> architectures) {

    public GgmlFamily {
        architectures = List.copyOf(architectures);
    }

    /** Whether this is what {@code requirement} asks to be read. */
    public boolean answers(GgmlRequirement requirement) {
        return file.equals(requirement.file()) && macro.equals(requirement.macro());
    }

    /** Whether the header places {@code arch} in the family. */
    public boolean includes(String arch) {
        return found && architectures.contains(arch);
    }
}
