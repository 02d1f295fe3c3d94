package dev.hippack.ui.common;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.progress.PartState;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.concurrent.Task;

/**
 * Adapts the engine's {@code run(request, listener, token)} to a {@link Task} on a worker thread:
 * progress goes to {@code updateProgress}, status to {@code updateMessage} (coalesced, which suits
 * status text), log lines straight to the observer from the worker (never through
 * {@code updateMessage}, which keeps only the latest). Cancel cancels the token rather than
 * interrupting the thread, so the operation cleans up before it reports "cancelled".
 */
public final class UiTaskRunner implements TaskRunner, AutoCloseable {

    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "hip-packager-task-" + threadNumber.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    @Override
    public <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer) {
        CancellationToken token = new CancellationToken();
        OperationTask<T> task = new OperationTask<>(job, observer, token);
        task.progressProperty().addListener((o, was, now) -> observer.progress(now.doubleValue()));
        task.messageProperty().addListener((o, was, now) -> observer.message(now));
        task.setOnSucceeded(e -> observer.succeeded(task.getValue()));
        task.setOnFailed(e -> {
            Throwable error = task.getException();
            if (error instanceof OperationCancelledException) {
                observer.cancelled();
            } else {
                observer.failed(error);
            }
        });
        task.setOnCancelled(e -> observer.cancelled());
        workers.execute(task);
        return token::cancel;
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }

    private static final class OperationTask<T> extends Task<T> {
        private final BackgroundJob<T> job;
        private final TaskObserver<T> observer;
        private final CancellationToken token;

        OperationTask(BackgroundJob<T> job, TaskObserver<T> observer, CancellationToken token) {
            this.job = job;
            this.observer = observer;
            this.token = token;
        }

        @Override
        protected T call() throws Exception {
            return job.run(new OperationListener() {
                @Override
                public void progress(long done, long total) {
                    if (total <= 0) {
                        updateProgress(-1, -1);
                    } else {
                        updateProgress(done, total);
                    }
                }

                @Override
                public void status(String text) {
                    updateMessage(text);
                }

                @Override
                public void log(LogLine line) {
                    observer.log(line);
                }

                @Override
                public void part(String name, PartState state) {
                    // Every change counts (unlike status text), so none is coalesced; runLater
                    // keeps them in order and ahead of the task's own end.
                    Platform.runLater(() -> observer.part(name, state));
                }
            }, token);
        }
    }
}
