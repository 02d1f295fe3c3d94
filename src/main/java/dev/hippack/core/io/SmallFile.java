package dev.hippack.core.io;

import dev.hippack.core.ByteSize;
import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Reading a file that HIP Packager holds in memory whole (a profile, host.json, a build record, a
 * recorded program output, a CMake cache, a build script, a README). Only a regular file is
 * opened: a FIFO would block the open until some writer came, and a device such as /dev/zero
 * never ends. Each read has a limit, checked before opening and again while reading (a file can
 * grow), and a file over it is refused with a message that names the file and the limit rather
 * than running out of memory.
 */
public final class SmallFile {

    private SmallFile() { }

    /**
     * The bytes of {@code file}; {@code what} names it in messages ("Release profile C:\x.json").
     *
     * @throws NoSuchFileException when it does not exist, for the caller's own message
     * @throws PackagerException   when it is a folder, not a regular file, or over {@code limit} bytes
     * @throws IOException         when it cannot be read; {@link #why(IOException)} says why
     */
    public static byte[] read(Path file, long limit, String what) throws IOException, PackagerException {
        requireRegular(file, what);
        long size = Files.size(file);
        if (size > limit) {
            throw new PackagerException(what + " is " + ByteSize.of(size) + ", more than the " + ByteSize.of(limit)
                    + " HIP Packager reads of such a file; check that it is the right file.");
        }
        int cap = (int) Math.min(limit, Integer.MAX_VALUE - 16);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(cap + 1);
            if (bytes.length > cap) {
                throw new PackagerException(what + " grew beyond " + ByteSize.of(limit)
                        + " while it was read, more than HIP Packager reads of such a file; check that it is the right file.");
            }
            return bytes;
        }
    }

    /** {@link #read} decoded with {@code charset} (malformed bytes become U+FFFD, as {@code new String} does). */
    public static String readText(Path file, long limit, String what, Charset charset) throws IOException, PackagerException {
        return new String(read(file, limit, what), charset);
    }

    /**
     * Refuses anything but a regular file (links are followed) without opening it.
     *
     * @throws NoSuchFileException when nothing is there
     */
    public static void requireRegular(Path file, String what) throws IOException, PackagerException {
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        if (attrs.isDirectory()) {
            throw new PackagerException(what + " is a folder, not a file.");
        }
        if (!attrs.isRegularFile()) {
            throw new PackagerException(what + " is not a regular file (a pipe, a socket or a device), so it was not opened.");
        }
    }

    /**
     * Why an I/O operation failed, in words for a message: the operating system's reason
     * ("permission denied", "is a directory", "no space left on device") where it gave one.
     * Java's own message for a denied or missing file is only the file's name, which says nothing.
     */
    public static String why(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "it does not exist";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException fse) {
            String reason = fse.getReason();
            if (reason != null && !reason.isBlank()) {
                return lowerFirst(reason);
            }
            return e.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : lowerFirst(message);
    }

    /** "Is a directory" to "is a directory", for the middle of a sentence; "EOF" and "C:\x" stay. */
    private static String lowerFirst(String s) {
        return s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))
                ? Character.toLowerCase(s.charAt(0)) + s.substring(1) : s;
    }
}
