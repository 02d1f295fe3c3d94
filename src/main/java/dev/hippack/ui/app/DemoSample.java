package dev.hippack.ui.app;

import dev.hippack.core.PackagerException;
import dev.hippack.core.demo.DemoFolder;
import dev.hippack.core.host.Host;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The {@code --demo} sample machine of one wizard: made in a {@link DemoFolder} on detection's
 * worker thread when the Environment step first asks for it, and removed when the wizard closes.
 *
 * <p>The window can close while the sample is still being made (closed at once, or the startup
 * benchmark's exit at the first frame, which ends the process right after). Closing then waits,
 * up to {@link #WRITING_WAIT}, for the making to end and removes the folder; if it stops
 * waiting, the worker removes the folder itself when it is done. A sample asked for after closing
 * is not made at all.
 */
final class DemoSample {

    /** How long closing waits for a sample being made. */
    static final Duration WRITING_WAIT = Duration.ofSeconds(10);

    private static final System.Logger LOG = System.getLogger("dev.hippack.ui");

    /** Writes the sample machine into the given folder and describes it. */
    @FunctionalInterface
    interface Writer {
        Host write(Path machineDir) throws PackagerException;
    }

    private final Writer writer;
    private DemoFolder dir;
    private boolean writing;
    private boolean closed;

    DemoSample(Writer writer) {
        this.writer = writer;
    }

    /** Makes the sample machine (on the calling worker thread) and gives it. */
    Host open() throws PackagerException {
        synchronized (this) {
            if (closed) {
                throw new PackagerException("The wizard was closed before its sample environment was made.");
            }
            writing = true;
        }
        try {
            DemoFolder made;
            try {
                made = DemoFolder.create();
            } catch (IOException e) {
                throw new PackagerException("Could not create a temporary folder for the sample environment: " + e.getMessage());
            }
            synchronized (this) {
                dir = made;
            }
            return writer.write(made.path().resolve("machine"));
        } finally {
            synchronized (this) {
                writing = false;
                if (closed) {
                    // close() stopped waiting for this: nobody else removes it now.
                    remove();
                }
                notifyAll();
            }
        }
    }

    /** Removes the sample, after the making of one under way has ended; later {@link #open} calls fail. */
    synchronized void close() {
        closed = true;
        long end = System.nanoTime() + WRITING_WAIT.toNanos();
        while (writing) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                LOG.log(System.Logger.Level.WARNING, "The sample environment is still being made; it is removed when done.");
                return;
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        remove();
    }

    private void remove() {
        DemoFolder d = dir;
        dir = null;
        if (d == null) {
            return;
        }
        try {
            d.close();
        } catch (IOException | RuntimeException e) {
            // A file still open (a running stand-in) keeps its folder; the next --demo run sweeps it.
            LOG.log(System.Logger.Level.DEBUG, "Sample machine not removed: " + d.path(), e);
        }
    }
}
