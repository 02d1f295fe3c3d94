package dev.hippack.core.demo;

import dev.hippack.core.FileTrees;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

/**
 * The temporary folder a {@code --demo} run (command line or wizard) writes its sample machine
 * into. It holds a lock on its {@value #IN_USE} file while the run lives; the operating system
 * drops the lock when the process ends, however it ends. Creating a folder first removes the
 * folders of runs that ended without removing theirs (killed, or the power went): their lock is
 * free. A folder whose lock another process holds is never touched.
 */
public final class DemoFolder implements AutoCloseable {

    /** The name every demo folder starts with, under the system's temporary folder. */
    public static final String PREFIX = "hip-packager-demo-";
    /** The file whose lock says the folder is in use. */
    static final String IN_USE = ".in-use";
    /**
     * A folder whose lock file is younger than this is left alone even when its lock is free: its
     * run may have created the file and not yet locked it.
     */
    static final Duration SETTLING = Duration.ofMinutes(1);
    /** A folder from before demo folders were locked (no lock file) is removed once it is this old. */
    static final Duration UNLOCKED_AGE = Duration.ofDays(1);

    private final Path dir;
    private final FileChannel channel;
    private boolean closed;

    private DemoFolder(Path dir, FileChannel channel) {
        this.dir = dir;
        this.channel = channel;
    }

    /** A new folder under the system's temporary folder, after removing the stale ones there. */
    public static DemoFolder create() throws IOException {
        return create(Path.of(System.getProperty("java.io.tmpdir")));
    }

    static DemoFolder create(Path tempRoot) throws IOException {
        sweep(tempRoot, Instant.now());
        Path dir = Files.createTempDirectory(tempRoot, PREFIX);
        FileChannel channel = FileChannel.open(dir.resolve(IN_USE), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            if (channel.tryLock() == null) {
                throw new IOException("Could not lock " + dir.resolve(IN_USE));
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            FileTrees.delete(dir);
            throw e;
        }
        return new DemoFolder(dir, channel);
    }

    /** The folder. */
    public Path path() {
        return dir;
    }

    /** True when {@code path} is inside this folder (and so removed with it). */
    public boolean contains(Path path) {
        return path.toAbsolutePath().normalize().startsWith(dir);
    }

    /** Releases the folder and removes it with everything in it; idempotent. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        channel.close(); // releases the lock; Windows removes no file that is open
        FileTrees.delete(dir);
    }

    /**
     * Removes the demo folders under {@code tempRoot} whose run has ended: the lock of their
     * {@value #IN_USE} file is free, and the file is older than {@link #SETTLING}. Returns how many
     * were removed. A folder that cannot be removed now is left for the next run.
     */
    static int sweep(Path tempRoot, Instant now) {
        int removed = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tempRoot, PREFIX + "*")) {
            for (Path dir : dirs) {
                if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && ended(dir, now)) {
                    try {
                        FileTrees.delete(dir);
                        removed++;
                    } catch (IOException e) {
                        // in use after all, or not ours to remove: the next run tries again
                    }
                }
            }
        } catch (IOException e) {
            // the temporary folder cannot be listed: nothing to clean
        }
        return removed;
    }

    private static boolean ended(Path dir, Instant now) {
        Path inUse = dir.resolve(IN_USE);
        try {
            if (!Files.exists(inUse, LinkOption.NOFOLLOW_LINKS)) {
                return olderThan(Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS), now, UNLOCKED_AGE);
            }
            if (!Files.isRegularFile(inUse, LinkOption.NOFOLLOW_LINKS)
                    || !olderThan(Files.getLastModifiedTime(inUse, LinkOption.NOFOLLOW_LINKS), now, SETTLING)) {
                return false;
            }
            try (FileChannel ch = FileChannel.open(inUse, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                FileLock lock = ch.tryLock();
                if (lock == null) {
                    return false; // another process holds it: its run is alive
                }
                lock.release();
                return true;
            }
        } catch (OverlappingFileLockException heldHere) {
            return false; // a run in this very process holds it
        } catch (IOException e) {
            return false; // cannot tell: leave it
        }
    }

    private static boolean olderThan(FileTime time, Instant now, Duration age) {
        return time.toInstant().plus(age).isBefore(now);
    }
}
