package dev.hippack.core.io;

import dev.hippack.core.ByteSize;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The free space of the volume a folder is (or will be) on, read before writing many bytes there,
 * so that staging and zipping refuse with the figures before their work rather than failing half
 * way with a full disk (as the Visual Studio Installer checks before it starts). A seam: tests
 * give their own reading.
 */
@FunctionalInterface
public interface FreeSpace {

    /** The bytes this process may still write on the volume of {@code folder} or of its nearest existing parent. */
    long usableBytes(Path folder) throws IOException;

    /** The JDK's reading of the volume ({@link java.nio.file.FileStore#getUsableSpace()}). */
    FreeSpace SYSTEM = folder -> {
        Path existing = folder.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new IOException("no part of " + folder + " exists");
        }
        return Files.getFileStore(existing).getUsableSpace();
    };

    /**
     * Refuses, naming both figures, when the volume of {@code folder} has less than {@code needed}
     * bytes free for {@code what}; a reading that fails lets the work go on (the write itself then
     * reports a full disk), since refusing on an unreadable figure would stop machines that have room.
     * A refusal is an {@link OperationFailedException}, as a full disk met while writing is (exit 1).
     */
    default void require(Path folder, long needed, String what) throws PackagerException {
        long available;
        try {
            available = usableBytes(folder);
        } catch (IOException e) {
            return;
        }
        if (available < needed) {
            throw new OperationFailedException("Not enough free space for " + what + " in " + folder + " (the disk is full"
                    + " for it): it needs "
                    + ByteSize.of(needed) + " (" + needed + " bytes), the disk has " + ByteSize.of(available) + " ("
                    + available + " bytes) free. Nothing was written. Free " + ByteSize.of(needed - available)
                    + " there, or choose an output folder on a disk with room.");
        }
    }
}
