package dev.hippack.core.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A file written beside its target and moved over it only when complete. The temporary file gets
 * an unpredictable name ({@code <target>.<random>.partial}) in the target's folder, is created
 * exclusively (a file or a link already at that name makes the creation fail, so nothing is ever
 * written through a link someone placed there), and is forced to disk before one atomic rename
 * puts it in place. A target that is a symbolic link, a folder or a device is refused, never
 * followed. Closed without {@link #commit}, or after any failure, the temporary file is removed
 * and the target is as it was.
 *
 * <pre>{@code
 * try (AtomicFile out = AtomicFile.create(target, WriteChannels.DEFAULT)) {
 *     out.channel().write(...);
 *     out.commit(true);
 * }
 * }</pre>
 */
public final class AtomicFile implements Closeable {

    /** Appended to every temporary name, so a leftover never looks finished. */
    public static final String SUFFIX = ".partial";
    private static final int TOKEN_LENGTH = 12;
    private static final String TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyz234567";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path target;
    private final Path temporary;
    private final FileChannel channel;
    private final RetryingRename rename;
    private boolean committed;
    private boolean closed;

    private AtomicFile(Path target, Path temporary, FileChannel channel, RetryingRename rename) {
        this.target = target;
        this.temporary = temporary;
        this.channel = channel;
        this.rename = rename;
    }

    /**
     * Creates the temporary file for {@code target}, whose folder must exist. Refuses a target
     * that is a link, a folder or a special file ({@link UnsafeTargetException}).
     */
    public static AtomicFile create(Path target, WriteChannels channels) throws IOException {
        return create(target, channels, RetryingRename.standard());
    }

    /** As {@link #create(Path, WriteChannels)}, the final rename through {@code rename}. */
    public static AtomicFile create(Path target, WriteChannels channels, RetryingRename rename) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        Path dir = t.getParent();
        if (dir == null || t.getFileName() == null) {
            throw new FileSystemException(target.toString(), null, "not a file name");
        }
        refuseUnsafeTarget(t);
        FileAlreadyExistsException clash = null;
        // A clash with a random name means someone is guessing them; a few tries is plenty.
        for (int attempt = 0; attempt < 8; attempt++) {
            Path temp = dir.resolve(t.getFileName() + "." + token() + SUFFIX);
            try {
                FileChannel ch = channels.open(temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS));
                return new AtomicFile(t, temp, ch, rename);
            } catch (FileAlreadyExistsException e) {
                clash = e;
            }
        }
        throw clash;
    }

    /** Writes {@code content} to {@code target} in one step; see {@link #commit} for {@code replace}. */
    public static void write(Path target, byte[] content, boolean replace, WriteChannels channels) throws IOException {
        try (AtomicFile out = create(target, channels)) {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                out.channel.write(b);
            }
            out.commit(replace);
        }
    }

    /**
     * Throws {@link UnsafeTargetException} when {@code target} exists and is not a regular file: a
     * symbolic link (which a rename would silently replace and a write would follow), a folder, a
     * device or a pipe. Any other failure to look at it (its folder is a file, no permission) is
     * the plain {@link IOException}: the output cannot be written, whatever is there.
     */
    public static void refuseUnsafeTarget(Path target) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if (a.isSymbolicLink()) {
            throw new UnsafeTargetException(target, "is a symbolic link; it is never followed or replaced");
        }
        if (a.isDirectory()) {
            throw new UnsafeTargetException(target, "is a folder");
        }
        if (!a.isRegularFile()) {
            throw new UnsafeTargetException(target, "is not a regular file (a device, pipe or socket)");
        }
    }

    /**
     * The temporary files of {@code target} that are still in its folder: left by a run that was
     * killed. Only the folder's one writer may delete them: the holder of its {@link OutputLock},
     * or the build that owns a build folder.
     */
    public static List<Path> leftovers(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        String prefix = t.getFileName() + ".";
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(t.getParent(), p -> isTemporaryName(p, prefix))) {
            dir.forEach(found::add);
        }
        return found;
    }

    private static boolean isTemporaryName(Path p, String prefix) {
        String name = p.getFileName().toString();
        if (!name.startsWith(prefix) || !name.endsWith(SUFFIX)
                || name.length() != prefix.length() + TOKEN_LENGTH + SUFFIX.length()) {
            return false;
        }
        for (int i = prefix.length(); i < prefix.length() + TOKEN_LENGTH; i++) {
            if (TOKEN_CHARS.indexOf(name.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    private static String token() {
        char[] c = new char[TOKEN_LENGTH];
        for (int i = 0; i < c.length; i++) {
            c[i] = TOKEN_CHARS.charAt(RANDOM.nextInt(TOKEN_CHARS.length()));
        }
        return new String(c);
    }

    public Path target() {
        return target;
    }

    /** Where the content is written until {@link #commit}. */
    public Path temporary() {
        return temporary;
    }

    /** The temporary file, open for writing (positional writes allowed). */
    public FileChannel channel() {
        return channel;
    }

    /** The channel as a stream; closing the stream does not close the file (commit or close does). */
    public OutputStream stream() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
        };
    }

    /**
     * Forces the content to disk and renames the temporary file to the target. With
     * {@code replace} an existing target is replaced in the same step; without it an existing
     * target (even one that appeared while writing) makes this throw
     * {@link FileAlreadyExistsException} and is left as it was.
     */
    public void commit(boolean replace) throws IOException {
        if (committed || closed) {
            throw new IllegalStateException("already committed or closed: " + temporary);
        }
        channel.force(true);
        channel.close();
        refuseUnsafeTarget(target);
        if (replace) {
            // One rename(2) / MoveFileEx: the target is the old file or the new one, never a mix,
            // and a link that appeared at the target is replaced, not followed. Retried while a
            // scanner holds the target open (Windows refuses to replace it then).
            rename.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
            moveWithoutReplacing();
        }
        committed = true;
        syncFolder(target.getParent());
    }

    /** A hard link fails atomically when the target exists; a file system without links gets check-then-rename. */
    private void moveWithoutReplacing() throws IOException {
        try {
            Files.createLink(target, temporary);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (UnsupportedOperationException | IOException e) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(target.toString());
            }
            rename.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        try {
            Files.delete(temporary);
        } catch (IOException e) {
            // The content is in place under the target's name; the extra name is a .partial.
        }
    }

    /** Makes the rename itself durable where the platform allows opening a folder (not on Windows). */
    private static void syncFolder(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException e) {
            // Best effort: the file's own content is already on disk.
        }
    }

    /** Removes the temporary file unless it was committed. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (committed) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a channel we only wrote to; the delete below is what matters
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // a leftover keeps its .partial name, never the target's
        }
    }
}
