package dev.hippack.core.io;

import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renames a file or folder. The services that rename take one (through {@link RetryingRename}) so a
 * test can hand in a rename that fails the way Windows fails while another program holds a file open.
 */
@FunctionalInterface
public interface FileMover {

    FileMover DEFAULT = (from, to, options) -> Files.move(from, to, options);

    void move(Path from, Path to, CopyOption... options) throws IOException;
}
