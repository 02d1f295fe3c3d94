package dev.hippack.cli;

import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Shows a long command's status lines on stderr, so stdout stays the result alone (and valid
 * JSON under --json). Progress counts are not printed: they would flood a log file.
 */
final class ConsoleProgress implements OperationListener {

    private final PrintWriter err;
    private final boolean quiet;

    ConsoleProgress(PrintWriter err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    @Override
    public void status(String text) {
        if (!quiet) {
            err.println(text + " ...");
            err.flush();
        }
    }

    @Override
    public void log(LogLine line) {
        if (line.level() == LogLine.Level.WARN || line.level() == LogLine.Level.ERROR) {
            err.println(line.level().name().toLowerCase(Locale.ROOT) + ": " + line.text());
            err.flush();
        }
    }
}
