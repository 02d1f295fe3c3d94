package dev.hippack.core.archive;

import java.nio.file.Path;

/**
 * One thing under the folder being zipped.
 *
 * @param name      the entry name inside the zip, {@code /}-separated, directories ending in {@code /}
 * @param path      the file or folder on disk
 * @param directory true for a folder
 * @param size      the file's size when the tree was listed; 0 for a folder
 */
public record TreeEntry(String name, Path path, boolean directory, long size) { }
