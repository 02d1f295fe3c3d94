package dev.hippack.core.io;

import java.nio.file.FileSystemException;
import java.nio.file.Path;

/** An output path that must not be written through: a symbolic link, a folder, a device or a pipe. */
public final class UnsafeTargetException extends FileSystemException {
    private static final long serialVersionUID = 1L;

    public UnsafeTargetException(Path target, String reason) {
        super(target.toString(), null, reason);
    }

    /** What is wrong with the path, without the path. */
    public String reason() {
        return getReason();
    }
}
