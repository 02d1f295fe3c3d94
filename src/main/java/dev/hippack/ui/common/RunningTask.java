package dev.hippack.ui.common;

/** A job handed to a {@link TaskRunner}; cancel asks it to stop (it reports back when it has). */
public interface RunningTask {
    void cancel();
}
