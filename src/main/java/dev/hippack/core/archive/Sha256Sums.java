package dev.hippack.core.archive;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code SHA256SUMS} file beside the zips, in the format {@code sha256sum -c} reads
 * ({@code <hex>  <file name>} per line). Lines for other zips in the same folder are kept, so the
 * rocm6 and rocm7 packages can share one file. The file is replaced in one step through
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

    /** A new SHA256SUMS, written and on disk under a temporary name, waiting to be put in place. */
    public final class Pending implements AutoCloseable {
        private final AtomicFile file;

        private Pending(AtomicFile file) {
            this.file = file;
        }

        /** Puts the new file in place of the old one; returns its path. */
        public Path commit() throws PackagerException {
            try {
                file.commit(true);
                return file.target();
            } catch (UnsafeTargetException e) {
                throw unsafe(file.target(), e);
            } catch (IOException e) {
                throw writeFailed(file.target(), e);
            }
        }

        /** Removes the temporary file unless committed. */
        @Override
        public void close() {
            file.close();
        }
    }

    /** Writes or replaces the line for {@code file} in the SHA256SUMS beside it; returns that file. */
    public Path record(Path file, String sha256) throws PackagerException {
        try (Pending pending = prepare(file, sha256)) {
            return pending.commit();
        }
    }

    /**
     * Writes the SHA256SUMS that {@link #record} would, under a temporary name: so a run can
     * find out that the folder has no room for it before it puts its zip in place.
     */
    public Pending prepare(Path file, String sha256) throws PackagerException {
        Path sums = file.toAbsolutePath().normalize().resolveSibling(FILE_NAME);
        String name = file.getFileName().toString();
        Map<String, String> lines = new TreeMap<>();
        for (String line : existingLines(sums).split("\n", -1)) {
            String l = line.strip();
            int split = l.indexOf(' ');
            if (split > 0 && l.length() > split + 2) {
                lines.put(l.substring(split + 2), l);
            }
        }
        lines.put(name, sha256 + "  " + name);
        StringBuilder text = new StringBuilder();
        for (String line : lines.values()) {
            text.append(line).append('\n');
        }
        AtomicFile out = null;
        try {
            out = AtomicFile.create(sums, channels);
            ByteBuffer b = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                out.channel().write(b);
            }
            out.channel().force(true);
            Pending pending = new Pending(out);
            out = null;
            return pending;
        } catch (UnsafeTargetException e) {
            throw unsafe(sums, e);
        } catch (IOException e) {
            throw writeFailed(sums, e);
        } finally {
            if (out != null) {
                out.close();
            }
        }
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

    /** The current file's text; empty when there is none. Never follows a link. */
    private static String existingLines(Path sums) throws PackagerException {
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
                return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
            }
        } catch (UnsafeTargetException e) {
            throw unsafe(sums, e);
        } catch (NoSuchFileException e) {
            return "";
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
