package dev.hippack.ui.steps.review;

import java.util.List;

/**
 * One file or folder of the staged package, as the tree shows it.
 *
 * @param name  the file or folder name
 * @param path  relative to the package folder, {@code /}-separated; "" for the package itself
 * @param bytes the file's size, or the folder's total
 * @param kind  what it is, for its icon
 * @param arch  the GPU architecture a kernel file belongs to; null for anything else
 */
public record PackageNode(String name, String path, long bytes, Kind kind, String arch, List<PackageNode> children) {

    public enum Kind { FOLDER, EXECUTABLE, DLL, KERNEL, TEXT, OTHER }

    public PackageNode {
        children = List.copyOf(children);
    }

    /** Number of files below (or 1 for a file). */
    public int fileCount() {
        return kind == Kind.FOLDER ? children.stream().mapToInt(PackageNode::fileCount).sum() : 1;
    }
}
