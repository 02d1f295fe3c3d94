package dev.hippack.cli;

import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The build's console output: every log line on stdout as it comes, and the progress on stderr.
 * On a terminal the progress is one live bar redrawn in place; otherwise a line is printed when
 * the status moves to another phase or binary, or progress crosses a tenth, so a CI log stays short.
 */
final class BuildProgressLine implements OperationListener {

    private static final int BAR = 30;

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean live;
    private long done;
    private long total = -1;
    private String status = "";
    private String lastPrintedKey = "";
    private int shownWidth;

    BuildProgressLine(PrintWriter out, PrintWriter err, boolean live) {
        this.out = out;
        this.err = err;
        this.live = live;
    }

    @Override
    public synchronized void log(LogLine line) {
        if (live && shownWidth > 0) {
            err.print("\r" + " ".repeat(shownWidth) + "\r");
            err.flush();
            shownWidth = 0;
        }
        out.println(line.text());
        out.flush();
        if (live) {
            redraw();
        }
    }

    @Override
    public synchronized void progress(long d, long t) {
        done = d;
        total = t;
        show();
    }

    @Override
    public synchronized void status(String text) {
        status = text;
        show();
    }

    /** Ends the live bar so the shell prompt starts on a fresh line. */
    synchronized void close() {
        if (live && shownWidth > 0) {
            err.println();
            err.flush();
            shownWidth = 0;
        }
    }

    private void show() {
        if (live) {
            redraw();
            return;
        }
        String key = coarse(status) + "|" + (total > 0 ? done * 10 / total : -1);
        if (!key.equals(lastPrintedKey)) {
            lastPrintedKey = key;
            err.println(text());
            err.flush();
        }
    }

    private void redraw() {
        String t = text();
        err.print("\r" + t + (t.length() < shownWidth ? " ".repeat(shownWidth - t.length()) : ""));
        err.flush();
        shownWidth = t.length();
    }

    private String text() {
        if (total <= 0) {
            return "[" + "-".repeat(BAR) + "] " + status;
        }
        int filled = (int) Math.min(BAR, done * BAR / total);
        return String.format(Locale.ROOT, "[%s%s] %3d%% %s", "#".repeat(filled), "-".repeat(BAR - filled),
                done * 100 / total, status);
    }

    /** The status without its counters: "audiocpp_cli: compiling" from "audiocpp_cli: compiling 37 of 612 (x.cu.obj)". */
    private static String coarse(String s) {
        int digit = 0;
        while (digit < s.length() && !Character.isDigit(s.charAt(digit)) && s.charAt(digit) != '(') {
            digit++;
        }
        return s.substring(0, digit).strip();
    }
}
