package dev.hippack.core.stage;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One file of the package taken from the build machine.
 *
 * @param path   where it goes, relative to the package folder, {@code /}-separated ({@code rocblas/library/x.co})
 * @param source the file it comes from (SDK, build folder, CRT redist or checkout), never written to
 * @param bytes  its size when the layout was made
 * @param kind   why it is in the package
 */
public record StagedFile(String path, Path source, long bytes, Kind kind) {

    public enum Kind { EXECUTABLE, ROCM_DLL, CRT_DLL, ROCBLAS_KERNEL, HIPBLASLT_KERNEL, LICENSE }

    public StagedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kind, "kind");
        if (path.startsWith("/") || path.contains("\\") || path.contains("..")) {
            throw new IllegalArgumentException("a package path is relative and /-separated: " + path);
        }
    }
}
