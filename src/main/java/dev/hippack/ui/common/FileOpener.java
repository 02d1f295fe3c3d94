package dev.hippack.ui.common;

import java.nio.file.Path;

/** Opens a file or folder with the desktop's default application (a seam for tests). */
@FunctionalInterface
public interface FileOpener {
    void open(Path path);
}
