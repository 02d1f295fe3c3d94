package dev.hippack.core.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A rename that waits out a brief lock. Windows refuses to rename a file, or a folder with any
 * file in it, while another program has it open without sharing delete access, which antivirus
 * scanners and the search indexer do for a moment right after a large copy. Like MSBuild's Copy
 * task and git for Windows, the rename is tried again after a growing pause, for a bounded time
 * (about 8 s); a failure that waiting cannot cure (the target exists, no such file) is thrown at
 * once. When it still fails, the exception names the file that is held open if one can be found.
 * <p>
 * The one rename of the staged package, the sample environment and {@link AtomicFile}.
 */
public final class RetryingRename {

    /** The pauses between tries on Windows: 50 ms doubling to 1 s, about 8.5 s in all. */
    public static final List<Duration> WINDOWS_PAUSES = List.of(Duration.ofMillis(50), Duration.ofMillis(100),
            Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800), Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1),
            Duration.ofSeconds(1), Duration.ofSeconds(1));
    /** How many files of a folder are opened to find the one held open; a package has a few hundred. */
    private static final int PROBE_LIMIT = 20_000;

    /** Waits between tries; a test passes one that only records. */
    @FunctionalInterface
    public interface Pause {
        void pause(Duration d) throws InterruptedException;
    }

    private final FileMover mover;
    private final WriteChannels probe;
    private final Pause pause;
    private final List<Duration> pauses;

    /**
     * @param mover  the rename itself
     * @param probe  opens a folder's files for writing (nothing is written) to find one held open
     * @param pauses the waits between tries; empty for one try only
     */
    public RetryingRename(FileMover mover, WriteChannels probe, Pause pause, List<Duration> pauses) {
        this.mover = mover;
        this.probe = probe;
        this.pause = pause;
        this.pauses = List.copyOf(pauses);
    }

    /**
     * Retries on Windows only: a POSIX rename is never refused because a file is open, so there a
     * refusal is final and waiting would only delay the message.
     */
    public static RetryingRename standard() {
        boolean windows = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
        return new RetryingRename(FileMover.DEFAULT, WriteChannels.DEFAULT, d -> Thread.sleep(d.toMillis()),
                windows ? WINDOWS_PAUSES : List.of());
    }

    /**
     * Renames {@code from} to {@code to}, trying again while the refusal could be a passing lock.
     *
     * @throws RenameBlockedException when every try was refused that way (or the wait was
     *         interrupted); its message names the held file when one was found
     * @throws IOException any other failure, at once
     */
    public void move(Path from, Path to, CopyOption... options) throws IOException {
        Iterator<Duration> waits = pauses.iterator();
        int tries = 0;
        Duration waited = Duration.ZERO;
        while (true) {
            tries++;
            try {
                mover.move(from, to, options);
                return;
            } catch (FileSystemException e) {
                if (!couldBeALock(e)) {
                    throw e;
                }
                if (!waits.hasNext()) {
                    throw blocked(from, to, e, tries, waited);
                }
                Duration d = waits.next();
                try {
                    pause.pause(d);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw blocked(from, to, e, tries, waited);
                }
                waited = waited.plus(d);
            }
        }
    }

    /** Locks show as "access denied" or "used by another process" (a plain FileSystemException). */
    private static boolean couldBeALock(FileSystemException e) {
        return !(e instanceof NoSuchFileException || e instanceof FileAlreadyExistsException
                || e instanceof DirectoryNotEmptyException || e instanceof AtomicMoveNotSupportedException
                || e instanceof NotDirectoryException || e instanceof NotLinkException
                || e instanceof FileSystemLoopException);
    }

    private RenameBlockedException blocked(Path from, Path to, FileSystemException last, int tries, Duration waited) {
        Optional<Path> held = heldFile(from);
        String reason = last.getReason() == null ? last.getClass().getSimpleName() : last.getReason().strip();
        String message = "Could not rename " + from + " to " + to.getFileName() + " (" + reason + ")"
                + (tries > 1 ? ", tried " + tries + " times over " + seconds(waited) : "") + ". "
                + held.map(h -> h.equals(from) ? "Another program holds it open. "
                        : "Another program holds " + h + " open. ")
                        .orElse("Another program may hold a file in it open. ")
                + "Antivirus scanning and the search indexer let go after a moment; close any window, console or"
                + " program using that folder, then try again (Resource Monitor, Associated Handles, shows which"
                + " program holds it).";
        RenameBlockedException e = new RenameBlockedException(from, to, message, held.orElse(null));
        e.initCause(last);
        return e;
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /**
     * The first file of {@code from} that cannot be opened for writing because it is in use (not
     * because it is read-only). Opening writes nothing and changes no time stamp.
     */
    private Optional<Path> heldFile(Path from) {
        if (!Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
            return inUse(from) ? Optional.of(from) : Optional.empty();
        }
        try (Stream<Path> files = Files.walk(from)) {
            return files.limit(PROBE_LIMIT)
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(this::inUse)
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @SuppressWarnings("try") // opening the file for writing is the probe; the channel is only closed
    private boolean inUse(Path file) {
        try (FileChannel ignored = probe.open(file, Set.of(StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))) {
            return false;
        } catch (AccessDeniedException | NoSuchFileException e) {
            return false; // read-only or gone: not what blocks a rename
        } catch (FileSystemException e) {
            return true;  // Windows: "being used by another process"
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
