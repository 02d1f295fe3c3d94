package dev.hippack.core;

/**
 * A problem the user can fix: bad input, a missing file, an unwritable folder. The message is
 * shown as it is (no stack trace), so it names the file and says what to do.
 */
public class PackagerException extends Exception {
    private static final long serialVersionUID = 1L;

    public PackagerException(String message) {
        super(message);
    }

    public PackagerException(String message, Throwable cause) {
        super(message, cause);
    }
}
