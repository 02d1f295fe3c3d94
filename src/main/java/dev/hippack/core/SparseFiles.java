package dev.hippack.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Files of a realistic length whose content is mostly never written: the sample machine's
 * kernel files, DLLs and executables (a few GB in all). Every such file is made here (the
 * stand-in build's executables through {@code AtomicFile} and {@code WriteChannels.SPARSE}), so it
 * is sparse on every system: on NTFS a file is sparse only when it is created with
 * {@link StandardOpenOption#SPARSE} (extending it with {@code RandomAccessFile.setLength}
 * allocates the whole length there); on Linux and macOS the option is a hint and the unwritten
 * range is a hole anyway.
 */
public final class SparseFiles {

    private SparseFiles() { }

    /**
     * Creates {@code file}, which must not exist, holding {@code head} and then zeros up to
     * {@code length} bytes (or just {@code head} when that is longer). Only {@code head} and the
     * last byte are written; the range between them takes no disk space where the file system
     * supports holes.
     *
     * @throws java.nio.file.FileAlreadyExistsException when {@code file} exists; nothing is changed then
     */
    public static void create(Path file, byte[] head, long length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE)) {
            write(ch, head, length);
        }
    }

    /**
     * Writes {@code head} and then zeros up to {@code length} bytes into {@code ch}, a new file
     * opened with {@link StandardOpenOption#SPARSE} (as {@code WriteChannels.SPARSE} opens an
     * {@code AtomicFile}'s): only {@code head} and the last byte are written.
     */
    public static void write(FileChannel ch, byte[] head, long length) throws IOException {
        ByteBuffer content = ByteBuffer.wrap(head);
        while (content.hasRemaining()) {
            ch.write(content);
        }
        if (length > head.length) {
            ByteBuffer last = ByteBuffer.allocate(1);
            while (last.hasRemaining()) {
                ch.write(last, length - 1);
            }
        }
    }
}
