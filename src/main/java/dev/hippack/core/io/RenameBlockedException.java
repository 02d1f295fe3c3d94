package dev.hippack.core.io;

import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Optional;

/** A rename refused for as long as {@link RetryingRename} waits; the message says what to do. */
public final class RenameBlockedException extends FileSystemException {

    private final String message;
    private final transient Path heldFile;

    RenameBlockedException(Path from, Path to, String message, Path heldFile) {
        super(from.toString(), to.toString(), message);
        this.message = message;
        this.heldFile = heldFile;
    }

    /** The whole sentence, without FileSystemException's "from -> to: " prefix. */
    @Override
    public String getMessage() {
        return message;
    }

    /** The file found held open by another program, when one was. */
    public Optional<Path> heldFile() {
        return Optional.ofNullable(heldFile);
    }
}
