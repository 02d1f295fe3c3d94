package dev.hippack.ui.common;

/**
 * Runs background jobs for the view-models. Production uses {@link UiTaskRunner} (a
 * {@code javafx.concurrent.Task} per job on a worker thread); tests use a runner that runs the
 * job at once on the calling thread, so view-models need no toolkit.
 */
public interface TaskRunner {
    <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer);
}
