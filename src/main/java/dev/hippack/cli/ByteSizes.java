package dev.hippack.cli;

import java.util.Locale;

/**
 * Sizes as people read them in a table: MiB below one GiB, GiB above, binary units, as the measured
 * sizes of docs/distribution-rules.md §9 are.
 */
final class ByteSizes {

    private static final double MIB = 1024.0 * 1024.0;
    private static final double GIB = MIB * 1024.0;

    private ByteSizes() { }

    static String format(long bytes) {
        if (bytes >= GIB) {
            return String.format(Locale.ROOT, "%.2f GiB", bytes / GIB);
        }
        if (bytes < MIB / 10) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MiB", bytes / MIB);
    }
}
