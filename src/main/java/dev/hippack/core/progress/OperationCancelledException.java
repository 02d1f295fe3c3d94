package dev.hippack.core.progress;

/** The user cancelled the operation; whatever it was writing has been cleaned up. */
public class OperationCancelledException extends Exception {
    private static final long serialVersionUID = 1L;

    public OperationCancelledException() {
        super("Cancelled.");
    }
}
