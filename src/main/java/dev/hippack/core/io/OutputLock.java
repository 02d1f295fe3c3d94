package dev.hippack.core.io;

import dev.hippack.core.OperationFailedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One writer per output folder at a time. A run that writes a zip (and the SHA256SUMS the zips of
 * a folder share) or stages a package takes the folder's lock first: an exclusive lock on
 * {@value #FILE_NAME} in that folder, which the operating system drops when the process ends, even
 * when it is killed. The file holds who has the lock (process id, what it is doing, since when),
 * so a second run is refused with a message naming the first, before it changes anything.
 *
 * <p>The file stays in the folder between runs (hidden on Windows): deleting a lock file while
 * another process may be opening it cannot be done safely from Java, and an empty file named
 * with a leading dot is harmless.
 */
public final class OutputLock implements AutoCloseable {

    public static final String FILE_NAME = ".hip-packager.lock";
    /** The locked byte lies far past the text, so on Windows, where locks are mandatory, the text stays readable. */
    private static final long REGION = 1L << 40;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /**
     * The folders this process holds. The lock belongs to the process, and closing any channel to
     * the lock file would drop it, so a second run inside this process is refused from here
     * without ever opening the file.
     */
    private static final Map<Path, String> HELD_HERE = new ConcurrentHashMap<>();

    private final Path folder;
    private final Path key;
    private final FileChannel channel;
    private final FileLock lock;

    private OutputLock(Path folder, Path key, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock on {@code folder} (created if missing) for {@code activity}, a few words such
     * as "zip audiocpp-windows-hip-rocm6.zip". Refuses at once, never waits, when another run holds it.
     */
    public static OutputLock acquire(Path folder, String activity) throws OperationFailedException {
        Path dir = folder.toAbsolutePath().normalize();
        Path key;
        try {
            Files.createDirectories(dir);
            key = dir.toRealPath();
        } catch (IOException e) {
            throw new OperationFailedException("Could not create the output folder " + dir + ": " + message(e)
                    + ". Check that it is writable, or choose another output folder.", e);
        }
        String me = describe(ProcessHandle.current().pid(), activity, Instant.now());
        String other = HELD_HERE.putIfAbsent(key, me);
        if (other != null) {
            throw busy(dir, other);
        }
        boolean done = false;
        FileChannel channel = null;
        try {
            Path file = key.resolve(FILE_NAME);
            refuseOddLockFile(file);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            FileLock lock;
            try {
                lock = channel.tryLock(REGION, 1, false);
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                // No lock of this process is on the file (HELD_HERE said so), so closing is safe.
                String holder = readHolder(file);
                throw busy(dir, holder);
            }
            // Checked again now that it is open: a hard link made in between must not be truncated either.
            refuseOddLockFile(file);
            ByteBuffer text = ByteBuffer.wrap(me.getBytes(StandardCharsets.UTF_8));
            channel.truncate(0);
            while (text.hasRemaining()) {
                channel.write(text, text.position());
            }
            channel.force(false);
            hideOnWindows(file);
            done = true;
            return new OutputLock(dir, key, channel, lock);
        } catch (IOException e) {
            throw new OperationFailedException("Could not lock the output folder " + dir + " (" + FILE_NAME + "): "
                    + message(e) + ". Check that the folder is writable.", e);
        } finally {
            if (!done) {
                HELD_HERE.remove(key, me);
                if (channel != null) {
                    try {
                        channel.close();
                    } catch (IOException ignored) {
                        // nothing was locked through it
                    }
                }
            }
        }
    }

    /** The folder this lock covers. */
    public Path folder() {
        return folder;
    }

    /** True when {@code file} lies directly in this lock's folder. */
    public boolean covers(Path file) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent == null) {
            return false;
        }
        if (parent.equals(folder) || parent.equals(key)) {
            return true;
        }
        try {
            return parent.toRealPath().equals(key);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        try {
            channel.truncate(0);
        } catch (IOException ignored) {
            // the text only names the holder while the lock is held
        }
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the lock ends with the process at the latest
        }
        HELD_HERE.remove(key);
    }

    private static void refuseOddLockFile(Path file) throws IOException {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                throw new IOException(file + " is not a plain file (a link or a folder); remove it");
            }
            if (hardLinks(file) > 1) {
                // Another name of the same file (a user's document hard-linked here) would be truncated.
                throw new IOException(file + " has other hard links, so it is another file's second name; "
                        + "nothing was written to it. Remove it");
            }
        } catch (NoSuchFileException e) {
            // created below
        }
    }

    /** The file's number of names; 1 where the file system cannot tell (Windows without the unix view). */
    private static int hardLinks(Path file) throws IOException {
        try {
            return (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return 1;
        }
    }

    private static String describe(long pid, String activity, Instant since) {
        return "pid " + pid + ", " + activity + ", since " + WHEN.format(since.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The holder's own description; it writes it right after locking, so a moment's wait may be needed. */
    private static String readHolder(Path file) {
        for (int attempt = 0; attempt < 10; attempt++) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                ByteBuffer b = ByteBuffer.allocate(1024);
                while (b.hasRemaining() && ch.read(b) > 0) {
                    // up to 1 KiB of text
                }
                String text = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).strip();
                if (!text.isEmpty()) {
                    return text;
                }
                Thread.sleep(20);
            } catch (IOException e) {
                return "it could not be named: " + message(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return "it has not said who it is yet";
    }

    private static OperationFailedException busy(Path dir, String holder) {
        return new OperationFailedException("Another HIP Packager run is writing to " + dir + " (" + holder
                + "). Nothing was changed. Wait for it to finish, or choose another output folder.");
    }

    private static void hideOnWindows(Path file) {
        try {
            var views = file.getFileSystem().supportedFileAttributeViews();
            if (views.contains("dos") && !views.contains("posix")) {
                Files.setAttribute(file, "dos:hidden", true, LinkOption.NOFOLLOW_LINKS);
            }
        } catch (IOException | RuntimeException ignored) {
            // a visible lock file is only untidy (Windows only: elsewhere the leading dot hides it)
        }
    }

    private static String message(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
