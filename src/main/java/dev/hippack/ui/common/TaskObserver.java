package dev.hippack.ui.common;

import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;

/**
 * What a view-model hears from a background job. Everything except {@link #log} arrives on the
 * FX thread (through the runner's executor); {@code log} arrives on the worker thread, because
 * log lines must never queue up behind the UI: hand them to a {@code LogBuffer}.
 */
public interface TaskObserver<T> {

    /** 0..1, or a negative value when the amount of work is unknown. */
    default void progress(double fraction) { }

    default void message(String text) { }

    /** A named part of the job (a binary of a build) changed state; in order, on the FX thread. */
    default void part(String name, PartState state) { }

    /** Called on the worker thread; must be thread-safe. */
    default void log(LogLine line) { }

    void succeeded(T value);

    default void failed(Throwable error) { }

    default void cancelled() { }
}
