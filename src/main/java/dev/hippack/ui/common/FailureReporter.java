package dev.hippack.ui.common;

/**
 * Tells the user about a fault of HIP Packager itself (an unexpected exception): the window
 * shows a dialog with the details and "Copy details". Problems the user can fix never come here;
 * they are the steps' findings and messages.
 */
@FunctionalInterface
public interface FailureReporter {

    /** Shows nothing (the fault is still logged by whoever reports it). */
    FailureReporter NONE = (title, message, error) -> { };

    /**
     * @param title   what stopped, e.g. "Staging stopped"
     * @param message one or two sentences for the user
     * @param error   the exception, for the details
     */
    void report(String title, String message, Throwable error);
}
