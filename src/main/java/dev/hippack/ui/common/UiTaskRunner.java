package dev.hippack.ui.common;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.progress.PartState;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
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
 *
 * <p>A runner made by {@link #heldUntilReleased()} starts its jobs at once but keeps their ends
 * (success, failure or cancellation) from the FX thread until {@link #release()}: the application
 * releases it once the window's first frame is shown, so a job started with the window (the first
 * detection) never makes that frame wait for the nodes of its result (docs/design.md §10.2). Until
 * then a job's status and progress are kept too (the latest of each is passed on at release, also
 * for a job that is still running then): a fast detection's "Detection finished" must not show on a
 * mask that still covers the step.
 */
public final class UiTaskRunner implements TaskRunner, AutoCloseable {

    private final CountDownLatch held;
    /** The jobs running now: release passes on what they reported while held. */
    private final Set<OperationTask<?>> running = ConcurrentHashMap.newKeySet();

    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "hip-packager-task-" + threadNumber.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    /** A runner whose jobs end as soon as they are done. */
    public UiTaskRunner() {
        this(0);
    }

    private UiTaskRunner(int holds) {
        this.held = new CountDownLatch(holds);
    }

    /** A runner whose jobs run at once but report their end only after {@link #release()}. */
    public static UiTaskRunner heldUntilReleased() {
        return new UiTaskRunner(1);
    }

    /** Lets jobs report their end (at once from now on); only the first call does anything. */
    public void release() {
        held.countDown();
        running.forEach(OperationTask::released);
    }

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
        running.add(task);
        workers.execute(task);
        return token::cancel;
    }

    @Override
    public void close() {
        release();
        workers.shutdownNow();
    }

    /** Waits until the runner is released; a worker interrupted by {@link #close} stops waiting. */
    private void awaitRelease() {
        try {
            held.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class OperationTask<T> extends Task<T> {
        private final BackgroundJob<T> job;
        private final TaskObserver<T> observer;
        private final CancellationToken token;
        /** The latest status and progress while the runner is held; passed on at release. */
        private String heldStatus;
        private long[] heldProgress;

        OperationTask(BackgroundJob<T> job, TaskObserver<T> observer, CancellationToken token) {
            this.job = job;
            this.observer = observer;
            this.token = token;
        }

        @Override
        protected T call() throws Exception {
            try {
                return runJob();
            } finally {
                awaitRelease();
                // The status and progress kept while held go before the end, as they came.
                released();
                running.remove(this);
            }
        }

        /** Passes on what was kept while held, once the runner is released; true when it is. */
        private synchronized boolean released() {
            if (held.getCount() > 0) {
                return false;
            }
            if (heldProgress != null) {
                updateProgress(heldProgress[0], heldProgress[1]);
                heldProgress = null;
            }
            if (heldStatus != null) {
                updateMessage(heldStatus);
                heldStatus = null;
            }
            return true;
        }

        private synchronized void progress(long done, long total) {
            if (released()) {
                updateProgress(done, total);
            } else {
                heldProgress = new long[] {done, total};
            }
        }

        private synchronized void status(String text) {
            if (released()) {
                updateMessage(text);
            } else {
                heldStatus = text;
            }
        }

        private T runJob() throws Exception {
            return job.run(new OperationListener() {
                @Override
                public void progress(long done, long total) {
                    if (total <= 0) {
                        OperationTask.this.progress(-1, -1);
                    } else {
                        OperationTask.this.progress(done, total);
                    }
                }

                @Override
                public void status(String text) {
                    OperationTask.this.status(text);
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
