package dev.hippack.ui.common;

import dev.hippack.core.PackagerException;

/**
 * How a step's background job ended: with its value, with a failure, or cancelled by the user.
 * A step decides what to show from the type, never from the text of a message.
 */
public sealed interface Outcome<T> permits Outcome.Succeeded, Outcome.Failed, Outcome.Cancelled {

    record Succeeded<T>(T value) implements Outcome<T> { }

    /**
     * @param message what the step shows: the engine's own sentence for a problem the user can
     *                fix, or a plain sentence (never an exception's class name) for a fault of
     *                HIP Packager itself
     * @param error   the cause, kept for the details dialog and the log
     */
    record Failed<T>(String message, Throwable error) implements Outcome<T> {

        /** True for a fault of HIP Packager (a bug), not a problem of the input the user can fix. */
        public boolean unexpected() {
            return !(error instanceof PackagerException);
        }
    }

    record Cancelled<T>() implements Outcome<T> { }
}
