package dev.hippack.core.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Set;

/**
 * Opens the channels that outputs are written through. Services take one through their
 * constructor so a test can hand in channels that fail the way a full disk or a broken drive
 * does; everything else uses {@link #DEFAULT}.
 */
@FunctionalInterface
public interface WriteChannels {

    WriteChannels DEFAULT = (path, options) -> FileChannel.open(path, options);

    FileChannel open(Path path, Set<? extends OpenOption> options) throws IOException;
}
