package dev.hippack.core;

/**
 * The work ran and could not be finished for a reason outside the user's input: a full disk, a
 * write that failed, another run holding the output. The command line exits 1 for it (the work
 * failed), not 2 (bad input). The message, like every {@link PackagerException}'s, is shown alone
 * and says what to do.
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
