package dev.hippack.core.archive;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code SHA256SUMS} file beside the zips, in the format {@code sha256sum -c} reads
 * ({@code <hex>  <file name>} per line). Every line that is not the zip's own is kept byte for
 * byte, so the rocm6 and rocm7 packages (and other files' lines) can share one file. The file is replaced in one step through
 * {@link AtomicFile}; an existing one that is a link or not a plain file is refused, never
 * followed. Callers hold the folder's {@link dev.hippack.core.io.OutputLock}, since two runs
 * updating the same file would each drop the other's line.
 */
public final class Sha256Sums {

    public static final String FILE_NAME = "SHA256SUMS";
    /** A checksum file for a few zips is a few hundred bytes; anything this large is not one. */
    static final long MAX_BYTES = 1L << 20;

    private final WriteChannels channels;

    public Sha256Sums(WriteChannels channels) {
        this.channels = channels;
    }

    public Sha256Sums() {
        this(WriteChannels.DEFAULT);
    }

    /**
     * A new SHA256SUMS, written and on disk under a temporary name, waiting to be put in place;
     * with an old line for the same zip, also the file without that line, so the old line can be
     * withdrawn before the zip it describes is replaced. Whatever is interrupted, a zip never
     * stands beside a line that disagrees with it: at worst its line is missing.
     */
    public final class Pending implements AutoCloseable {
        private final AtomicFile file;
        private final AtomicFile withoutOldLine;

        private Pending(AtomicFile file, AtomicFile withoutOldLine) {
            this.file = file;
            this.withoutOldLine = withoutOldLine;
        }

        /** Removes the old line of the zip about to be replaced (nothing when there is none). */
        public void withdrawOldLine() throws PackagerException {
            if (withoutOldLine != null) {
                commit(withoutOldLine);
            }
        }

        /** Puts the new file in place of the old one; returns its path. */
        public Path commit() throws PackagerException {
            return commit(file);
        }

        private Path commit(AtomicFile f) throws PackagerException {
            try {
                f.commit(true);
                return f.target();
            } catch (UnsafeTargetException e) {
                throw unsafe(f.target(), e);
            } catch (IOException e) {
                throw writeFailed(f.target(), e);
            }
        }

        /** Removes the temporary files unless committed. */
        @Override
        public void close() {
            file.close();
            if (withoutOldLine != null) {
                withoutOldLine.close();
            }
        }
    }

    /** Writes or replaces the line for {@code file} in the SHA256SUMS beside it; returns that file. */
    public Path record(Path file, String sha256) throws PackagerException {
        try (Pending pending = prepare(file, sha256)) {
            pending.withdrawOldLine();
            return pending.commit();
        }
    }

    /**
     * Writes the SHA256SUMS that {@link #record} would, under a temporary name: so a run can
     * find out that the folder has no room for it before it puts its zip in place. Every line
     * that is not this zip's is kept byte for byte, in its place (other zips' lines, comments,
     * names that are not UTF-8); the zip's line replaces its old one or is appended. A file
     * signed with PGP is refused: changing a line would break its signature.
     */
    public Pending prepare(Path file, String sha256) throws PackagerException {
        Path sums = file.toAbsolutePath().normalize().resolveSibling(FILE_NAME);
        byte[] name = file.getFileName().toString().getBytes(StandardCharsets.UTF_8);
        byte[] old = existingBytes(sums);
        if (contains(old, "-----BEGIN PGP".getBytes(StandardCharsets.US_ASCII))) {
            throw new PackagerException(sums + " is signed with PGP; adding the line of " + file.getFileName()
                    + " would break its signature. Move it away (or sign it again after this run) and run again.");
        }
        byte[] line = (sha256 + "  " + file.getFileName() + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream with = new ByteArrayOutputStream();
        ByteArrayOutputStream without = new ByteArrayOutputStream();
        boolean replaced = false;
        int start = 0;
        while (start < old.length) {
            int end = start;
            while (end < old.length && old[end] != '\n') {
                end++;
            }
            int next = Math.min(end + 1, old.length);
            if (names(old, start, end, name)) {
                if (!replaced) {
                    with.writeBytes(line);
                }
                replaced = true;
            } else {
                with.write(old, start, next - start);
                without.write(old, start, next - start);
            }
            start = next;
        }
        if (!replaced) {
            if (old.length > 0 && old[old.length - 1] != '\n') {
                // The last line had no newline; the appended line must not join it.
                with.write('\n');
            }
            with.writeBytes(line);
        }
        AtomicFile out = null;
        AtomicFile withdrawn = null;
        try {
            out = write(sums, with.toByteArray());
            withdrawn = replaced ? write(sums, without.toByteArray()) : null;
            Pending pending = new Pending(out, withdrawn);
            out = null;
            withdrawn = null;
            return pending;
        } catch (UnsafeTargetException e) {
            throw unsafe(sums, e);
        } catch (IOException e) {
            throw writeFailed(sums, e);
        } finally {
            if (out != null) {
                out.close();
            }
            if (withdrawn != null) {
                withdrawn.close();
            }
        }
    }

    private AtomicFile write(Path sums, byte[] content) throws IOException {
        AtomicFile out = AtomicFile.create(sums, channels);
        try {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                out.channel().write(b);
            }
            out.channel().force(true);
            return out;
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * True when {@code [start, end)} is a checksum line ({@code <64 hex> <space or *><name>}, as
     * sha256sum writes it, an optional CR at the end) for {@code name}.
     */
    private static boolean names(byte[] b, int start, int end, byte[] name) {
        if (end > start && b[end - 1] == '\r') {
            end--;
        }
        if (end - start != 64 + 2 + name.length || b[start + 64] != ' ' || (b[start + 65] != ' ' && b[start + 65] != '*')) {
            return false;
        }
        for (int i = start; i < start + 64; i++) {
            if (Character.digit(b[i], 16) < 0) {
                return false;
            }
        }
        return Arrays.equals(b, start + 66, end, name, 0, name.length);
    }

    private static boolean contains(byte[] b, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= b.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * Writes the {@code SHA256SUMS} of {@code folder} listing exactly {@code sha256ByName} (file
     * name to SHA-256), in name order, replacing the file and any lines of other zips it had: a
     * release's checksums name that release's zips and nothing else. Returns the file.
     */
    public Path writeExactly(Path folder, Map<String, String> sha256ByName) throws PackagerException {
        Path sums = folder.toAbsolutePath().normalize().resolve(FILE_NAME);
        StringBuilder text = new StringBuilder();
        new TreeMap<>(sha256ByName).forEach((name, sha) -> text.append(sha).append("  ").append(name).append('\n'));
        try {
            AtomicFile.write(sums, text.toString().getBytes(StandardCharsets.UTF_8), true, channels);
            return sums;
        } catch (UnsafeTargetException e) {
            throw unsafe(sums, e);
        } catch (IOException e) {
            throw writeFailed(sums, e);
        }
    }

    /** The current file's bytes; empty when there is none. Never follows a link. */
    private static byte[] existingBytes(Path sums) throws PackagerException {
        try {
            AtomicFile.refuseUnsafeTarget(sums);
            try (FileChannel ch = FileChannel.open(sums, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                if (ch.size() > MAX_BYTES) {
                    throw new PackagerException(sums + " is " + ch.size() + " bytes, too large for a checksum file. "
                            + "Move it away (it is not one hip-packager wrote) and run again.");
                }
                ByteBuffer b = ByteBuffer.allocate((int) ch.size());
                while (b.hasRemaining() && ch.read(b) > 0) {
                    // read it all
                }
                return Arrays.copyOf(b.array(), b.position());
            }
        } catch (UnsafeTargetException e) {
            throw unsafe(sums, e);
        } catch (NoSuchFileException e) {
            return new byte[0];
        } catch (IOException e) {
            throw new OperationFailedException("Could not read " + sums + ": " + SourceTree.message(e)
                    + ". Check that it is readable.", e);
        }
    }

    private static PackagerException unsafe(Path sums, UnsafeTargetException e) {
        return new PackagerException(sums + " " + e.reason() + ". Replace it with a plain file (or remove it) and run again.");
    }

    private static OperationFailedException writeFailed(Path sums, IOException e) {
        String why = ZipArchiver.isDiskFull(e) ? "the disk is full" : SourceTree.message(e);
        return new OperationFailedException("Could not write " + sums + ": " + why
                + ". Nothing was left behind; free space or check that the folder is writable, then run again.", e);
    }
}
