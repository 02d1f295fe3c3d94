package dev.hippack.ui.common;

import dev.hippack.core.ByteSize;
import java.util.Locale;

/**
 * Sizes in the wizard: the engine's one formatter ({@link ByteSize}, binary units, as the command
 * line, the release notes and the engine's own messages), with "?" for a size that is not known.
 */
public final class SizeText {

    private SizeText() { }

    /** {@code bytes} as people read them; "?" when negative (not known). */
    public static String of(long bytes) {
        return bytes < 0 ? "?" : ByteSize.of(bytes);
    }

    /** A figure already in MiB, with one decimal and no unit (the matrix's cells). */
    public static String mib(double mib) {
        return String.format(Locale.ROOT, "%.1f", mib);
    }

    public static double toMib(long bytes) {
        return ByteSize.mib(bytes);
    }
}
