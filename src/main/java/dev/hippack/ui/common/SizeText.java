package dev.hippack.ui.common;

import java.util.Locale;

/** Sizes as people read them: MiB below a GiB, GiB above, one decimal. */
public final class SizeText {

    private static final double MIB = 1024.0 * 1024.0;

    private SizeText() { }

    public static String of(long bytes) {
        if (bytes < 0) {
            return "?";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        double mib = bytes / MIB;
        if (mib < 1024) {
            return String.format(Locale.ROOT, "%.1f MiB", mib);
        }
        return String.format(Locale.ROOT, "%.2f GiB", mib / 1024.0);
    }

    public static String mib(double mib) {
        return String.format(Locale.ROOT, "%.1f", mib);
    }

    public static double toMib(long bytes) {
        return bytes / MIB;
    }
}
