package dev.hippack.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether Ctrl-C (SIGINT) can reach a child of this test JVM. A shell without job control starts
 * a background command ({@code cmd &}) with SIGINT ignored, every descendant inherits that, and
 * the JVM then installs no handler for it: a child sent SIGINT just goes on. Tests that send it
 * skip, saying so, rather than fail or pass on a signal that was never delivered.
 */
final class InterruptSignal {

    private static final long SIGINT_BIT = 1L << (2 - 1);

    private InterruptSignal() { }

    /** The reason a child cannot be interrupted here, or null when it can (or it cannot be told). */
    static String whyNotDeliverable() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return null;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
                return (ignored & SIGINT_BIT) == 0 ? null
                        : "this test JVM ignores SIGINT (it was started in the background by a shell without job control,"
                                + " and its children inherit that), so Ctrl-C cannot be delivered to a child here";
            }
        }
        return null;
    }
}
