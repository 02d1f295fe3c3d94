package dev.hippack.cli;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.demo.DemoFolder;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * The sample machine of {@code --demo}: written into a fresh temporary folder, and removed when
 * the command line ends, also on Ctrl-C. The folder is ours alone (a {@link DemoFolder}: a new name
 * under Java's temporary folder, locked while we run, so a later run removes it if this one is
 * killed before it can), and nothing a command leaves for the user goes into it: {@code stage} and
 * {@code package} need {@code --out} outside it under {@code --demo}.
 * <p>
 * On Ctrl-C the removal waits for {@code work} (held while the sample is written and while
 * cancellable work runs), so a cancelled build's process tree is ended and a partial file removed
 * before the folder goes; after {@link #GRACE_SECONDS} it removes what it can anyway.
 */
final class TemporarySample {

    /** How long the removal on Ctrl-C waits for the work to stop: the Ctrl-C grace of the work, and a little more. */
    static final long GRACE_SECONDS = BaseCommand.CTRL_C_GRACE_SECONDS + 5;

    private final DemoFolder folder;
    private final Path machine;
    private final Lock work;
    private final Thread onExit;
    private boolean removed;

    private TemporarySample(DemoFolder folder, Lock work) {
        this.folder = folder;
        this.machine = folder.path().resolve("machine");
        this.work = work;
        this.onExit = new Thread(this::removeAfterWork, "hippack-demo-cleanup");
    }

    /** Writes the sample machine into a folder that does not exist yet. */
    @FunctionalInterface
    interface Writer {
        void write(Path machineDir) throws PackagerException;
    }

    /** The engine's writer of the sample; tests give one that copies a sample written once. */
    static Writer standard(Catalog catalog) {
        return dir -> new SampleEnvironmentWriter(catalog).write(dir);
    }

    /** Writes the sample and says where on {@code err}; {@code work} is held while it is written. */
    static TemporarySample write(Writer writer, PrintWriter err, Lock work) throws PackagerException {
        DemoFolder dir;
        try {
            dir = DemoFolder.create();
        } catch (IOException e) {
            throw new OperationFailedException("--demo: could not create a temporary folder for the sample environment: " + e.getMessage());
        }
        TemporarySample sample = new TemporarySample(dir, work);
        Runtime.getRuntime().addShutdownHook(sample.onExit);
        work.lock();
        try {
            writer.write(sample.machine);
        } catch (PackagerException | RuntimeException e) {
            sample.remove();
            throw e;
        } finally {
            work.unlock();
        }
        err.println("hip-packager: --demo: working on the SAMPLE Windows build machine in " + sample.machine
                + " (generated, not this machine; removed when the command ends).");
        err.flush();
        return sample;
    }

    /** The sample machine's folder (its host.json, drive C:). */
    Path machine() {
        return machine;
    }

    /** True when {@code path} is inside the temporary folder, which is removed at the end. */
    boolean contains(Path path) {
        return folder.contains(path);
    }

    /** Removes the sample now (the command line has ended); idempotent. */
    synchronized void remove() {
        if (removed) {
            return;
        }
        removed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running, or about to; it finds the folder gone.
        }
        try {
            folder.close();
        } catch (IOException e) {
            // What is left is under the system's temporary folder, which the system clears.
        }
    }

    /** Ctrl-C: once the work has stopped and cleaned up (or the grace is over), the folder goes. */
    private void removeAfterWork() {
        boolean locked = false;
        try {
            locked = work.tryLock(GRACE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            synchronized (this) {
                if (!removed) {
                    removed = true;
                    folder.close();
                }
            }
        } catch (IOException e) {
            // Best effort while the JVM exits; the system clears its temporary folder.
        } finally {
            if (locked) {
                work.unlock();
            }
        }
    }
}
