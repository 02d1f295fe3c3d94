package dev.hippack.core.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

/**
 * Opens the channels that outputs are written through. Services take one through their
 * constructor so a test can hand in channels that fail the way a full disk or a broken drive
 * does; everything else uses {@link #DEFAULT}.
 */
@FunctionalInterface
public interface WriteChannels {

    WriteChannels DEFAULT = (path, options) -> FileChannel.open(path, options);

    /**
     * As {@link #DEFAULT}, but a new file is sparse also where that must be asked for when it is
     * created (NTFS): for files of a realistic length whose content is mostly never written.
     */
    WriteChannels SPARSE = (path, options) -> {
        Set<OpenOption> sparse = new HashSet<>(options);
        sparse.add(StandardOpenOption.SPARSE);
        return FileChannel.open(path, sparse);
    };

    FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException;
}
