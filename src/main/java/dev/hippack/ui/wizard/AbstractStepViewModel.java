package dev.hippack.ui.wizard;

import dev.hippack.core.PackagerException;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;
import dev.hippack.ui.common.BackgroundJob;
import dev.hippack.ui.common.FailureReporter;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.RunningTask;
import dev.hippack.ui.common.TaskObserver;
import dev.hippack.ui.common.TaskRunner;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The valid / busy / blocker state every step has, writable by the step only, and the one way a
 * step runs its background job ({@link #runJob}): busy, progress, status and the end of the job
 * are handled here once, and the step gets the job's {@link Outcome} as a type.
 */
public abstract class AbstractStepViewModel implements StepViewModel {

    private static final System.Logger LOG = System.getLogger("dev.hippack.ui");

    protected final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid", false);
    protected final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    protected final ReadOnlyStringWrapper blocker = new ReadOnlyStringWrapper(this, "blocker", "");
    protected final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    protected final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");

    private final TaskRunner runner;
    private FailureReporter failures = FailureReporter.NONE;
    private RunningTask running;
    private long jobNumber;

    /** A step without background work. */
    protected AbstractStepViewModel() {
        this(null);
    }

    /** A step whose jobs run on {@code runner}. */
    protected AbstractStepViewModel(TaskRunner runner) {
        this.runner = runner;
    }

    @Override
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty blockerProperty() {
        return blocker.getReadOnlyProperty();
    }

    @Override
    public void reportFailuresTo(FailureReporter reporter) {
        failures = reporter == null ? FailureReporter.NONE : reporter;
    }

    /** Valid when {@code reason} is null or empty; otherwise blocked for that reason. */
    protected void blockedBy(String reason) {
        boolean ok = reason == null || reason.isEmpty();
        blocker.set(ok ? "" : reason);
        valid.set(ok);
    }

    /** What a job may report besides its outcome. Every method has a no-op default. */
    protected interface JobEvents {
        /** A log line, on the worker thread: must be thread-safe. */
        default void log(LogLine line) { }

        /** A named part of the job changed state, in order, on the FX thread. */
        default void part(String name, PartState state) { }

        /** The job's progress, after the step's own progress was set. */
        default void progress(double fraction) { }

        /** The status text to show for the engine's {@code text}; by default the text itself. */
        default String status(String text) {
            return text;
        }
    }

    private static final JobEvents NO_EVENTS = new JobEvents() { };

    /** {@link #runJob(String, String, BackgroundJob, JobEvents, Consumer)} without extra events. */
    protected final <T> void runJob(String activity, String startStatus, BackgroundJob<T> job, Consumer<Outcome<T>> done) {
        runJob(activity, startStatus, job, NO_EVENTS, done);
    }

    /**
     * Runs the step's job in the background. The step is busy (progress unknown, status
     * {@code startStatus}) until the job ends; then busy is cleared, progress is 0, status is
     * empty, and {@code done} gets the outcome (on the FX thread). A fault of HIP Packager itself
     * (anything but a {@link PackagerException}) is logged with its stack trace and reported to
     * the user with its details; the step gets a plain sentence for it.
     *
     * @param activity what runs, as the subject of a sentence: "Staging", "The build"
     */
    protected final <T> void runJob(String activity, String startStatus, BackgroundJob<T> job, JobEvents events,
            Consumer<Outcome<T>> done) {
        Objects.requireNonNull(runner, "this step has no task runner");
        long number = ++jobNumber;
        busy.set(true);
        progress.set(-1);
        status.set(startStatus);
        RunningTask task = runner.run(job, new TaskObserver<T>() {
            @Override
            public void progress(double fraction) {
                progress.set(fraction);
                events.progress(fraction);
            }

            @Override
            public void message(String text) {
                status.set(events.status(text));
            }

            @Override
            public void part(String name, PartState state) {
                events.part(name, state);
            }

            @Override
            public void log(LogLine line) {
                events.log(line);
            }

            @Override
            public void succeeded(T value) {
                end();
                done.accept(new Outcome.Succeeded<>(value));
            }

            @Override
            public void failed(Throwable error) {
                end();
                done.accept(failure(activity, error));
            }

            @Override
            public void cancelled() {
                end();
                done.accept(new Outcome.Cancelled<>());
            }
        });
        // A runner that ran the job at once has already ended it.
        if (busy.get() && number == jobNumber) {
            running = task;
        }
    }

    private void end() {
        busy.set(false);
        progress.set(0);
        status.set("");
        running = null;
    }

    /**
     * The failure as the step shows it: the engine's message for a problem the user can fix; for
     * a fault of HIP Packager a plain sentence, after logging it and showing its details.
     */
    protected final <T> Outcome.Failed<T> failure(String activity, Throwable error) {
        if (error instanceof PackagerException) {
            return new Outcome.Failed<>(error.getMessage(), error);
        }
        String message = activity + " stopped on an internal error of HIP Packager, not on anything you chose. "
                + "The details were shown and written to the log; please report them.";
        LOG.log(System.Logger.Level.ERROR, activity + " stopped on an unexpected error", error);
        failures.report(activity + " stopped", message, error);
        return new Outcome.Failed<>(message, error);
    }

    /** Asks the running job, if any, to stop; it ends with {@link Outcome.Cancelled} once it has. */
    @Override
    public void cancel() {
        RunningTask r = running;
        if (r != null) {
            status.set("Cancelling...");
            r.cancel();
        }
    }
}
