package dev.hippack.core.audit;

import java.util.Locale;

/**
 * One file of the package being audited.
 *
 * @param path the path inside the package, {@code /}-separated, without the zip's top-level folder
 * @param size the size in bytes (as declared by the zip for an archive)
 */
public record PackageEntry(String path, long size) {

    /** The file name, the last path segment. */
    public String name() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** True for a file directly in the package folder, next to the executables. */
    public boolean topLevel() {
        return path.indexOf('/') < 0;
    }

    public String lowerPath() {
        return path.toLowerCase(Locale.ROOT);
    }

    public boolean isPe() {
        String n = lowerPath();
        return n.endsWith(".exe") || n.endsWith(".dll");
    }

    /** The path in Windows syntax, as messages show it: {@code hipblaslt\library\...}. */
    public String windowsPath() {
        return path.replace('/', '\\');
    }
}
