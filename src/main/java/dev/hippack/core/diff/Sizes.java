package dev.hippack.core.diff;

import java.util.Locale;

/** Byte counts as people read them in notes: MiB with one decimal (the guide's "MB" are MiB), small ones in KiB or bytes. */
public final class Sizes {

    private static final double MIB = 1024.0 * 1024.0;

    private Sizes() { }

    public static String of(long bytes) {
        long abs = Math.abs(bytes);
        if (abs >= 1024L * 1024 * 1024) {
            return String.format(Locale.ROOT, "%.2f GiB", bytes / (MIB * 1024));
        }
        if (abs >= 100 * 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / MIB);
        }
        if (abs >= 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return bytes + (abs == 1 ? " byte" : " bytes");
    }

    /** A change with its sign: "+1.2 MiB", "-8.6 MiB", "0 bytes". */
    public static String delta(long bytes) {
        return (bytes > 0 ? "+" : "") + of(bytes);
    }
}
