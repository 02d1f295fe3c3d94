package dev.hippack.core;

import java.util.Locale;

/**
 * Byte counts as people read them, in one unit system for the engine's messages, the command line,
 * the release notes and the wizard: binary units (KiB, MiB, GiB), as the measured sizes of
 * docs/distribution-rules.md §9 are. GiB with two decimals, MiB from a tenth of a MiB with one,
 * KiB with one, and bytes below a KiB.
 */
public final class ByteSize {

    private static final double KIB = 1024.0;
    private static final double MIB = KIB * 1024.0;
    private static final double GIB = MIB * 1024.0;

    private ByteSize() { }

    public static String of(long bytes) {
        long abs = Math.abs(bytes);
        if (abs >= GIB) {
            return String.format(Locale.ROOT, "%.2f GiB", bytes / GIB);
        }
        if (abs >= 100 * KIB) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / MIB);
        }
        if (abs >= KIB) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / KIB);
        }
        return bytes + (abs == 1 ? " byte" : " bytes");
    }

    /** A change with its sign: "+1.2 MiB", "-8.6 MiB", "0 bytes". */
    public static String delta(long bytes) {
        return (bytes > 0 ? "+" : "") + of(bytes);
    }

    /** Bytes in MiB, for figures that are compared or plotted in MiB (the catalog's unit). */
    public static double mib(long bytes) {
        return bytes / MIB;
    }
}
