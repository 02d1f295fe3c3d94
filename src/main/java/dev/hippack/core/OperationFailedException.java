package dev.hippack.core;

/**
 * The work ran and failed for a reason that is not the user's input: a full disk or a read-only
 * folder while writing, an I/O error in the middle of the work, a build or tool that could not
 * be started. Like every {@link PackagerException} its message names the file and what to do;
 * the command line exits 1 for it (the work failed), where other {@code PackagerException}s exit
 * 2 (bad input).
 */
public class OperationFailedException extends PackagerException {
    private static final long serialVersionUID = 1L;

    public OperationFailedException(String message) {
        super(message);
    }

    public OperationFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
