package dev.hippack.ui.common;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as people read them, in one unit system everywhere in the wizard (binary, as the command
 * line and the README): KiB below a MiB, MiB below a GiB, GiB above.
 */
public final class SizeText {

    private static final double MIB = 1024.0 * 1024.0;
    /** A decimal size in an engine's sentence, "871.5 MB" (bytes / 10^6) or "1.3 GB". */
    private static final Pattern DECIMAL = Pattern.compile("(\\d+(?:\\.\\d+)?) (MB|GB)\\b");

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

    /**
     * An engine's status sentence with its decimal sizes ("Compressing 1381 files (1333.4 MB)")
     * in the wizard's binary units ("(1.24 GiB)"), so one window never mixes MB and MiB.
     */
    public static String binaryUnits(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        Matcher m = DECIMAL.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            double value = Double.parseDouble(m.group(1)) * (m.group(2).equals("GB") ? 1e9 : 1e6);
            m.appendReplacement(out, Matcher.quoteReplacement(of(Math.round(value))));
        }
        m.appendTail(out);
        return out.toString();
    }

    public static String mib(double mib) {
        return String.format(Locale.ROOT, "%.1f", mib);
    }

    public static double toMib(long bytes) {
        return bytes / MIB;
    }
}
