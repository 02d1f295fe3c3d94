package dev.hippack.ui.steps.build;

import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.PartState;
import dev.hippack.ui.run.LogBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One package of the release the Build step makes (a release of one for a single track) as the
 * step shows it: its plan, its binaries' rows, its own log, and its {@link BuildAttempt} once a run
 * included it. A package no run included, or whose plan changed since, is a fresh one that reads
 * "waiting" with an empty log: rows and log always belong to the plan shown. Changed only by
 * {@link BuildStepViewModel}.
 */
public final class PackageBuild {

    /** Where a package stands; {@link #NOT_RUN} when the run stopped before it. */
    public enum State { WAITING, RUNNING, BUILT, FAILED, CANCELLED, NOT_RUN }

    /** Lines each package's log keeps on screen (the whole log is in its build folder). */
    static final int LOG_LINES = 10_000;

    private final ReleasePlan plan;
    private final LogBuffer log = new LogBuffer(LOG_LINES);
    private final ObservableList<BinaryBuild> binaries = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(this, "state", State.WAITING);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "waiting");
    private final ReadOnlyObjectWrapper<Path> logFile = new ReadOnlyObjectWrapper<>(this, "logFile");
    private BuildAttempt attempt;

    PackageBuild(ReleasePlan plan) {
        this.plan = plan;
        plan.binaries().forEach(b -> binaries.add(new BinaryBuild(b)));
    }

    /** The package's name (its zip's, without {@code .zip}). */
    public String name() {
        return plan.archiveName();
    }

    /** The catalog track the package is on. */
    public String track() {
        return plan.track();
    }

    public ReleasePlan plan() {
        return plan;
    }

    /** This package's build log only. */
    public LogBuffer log() {
        return log;
    }

    /** Its binaries, each with its own state, progress and time. */
    public ObservableList<BinaryBuild> binaries() {
        return binaries;
    }

    /** What its build found (known failures, missing outputs, build flags); empty before it ended. */
    public ObservableList<Finding> findings() {
        return findings;
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public State state() {
        return state.get();
    }

    /** One line for its tab and row: "waiting", "building audiocpp_cli", "built in 1:02", "failed: ...", "not run". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Its build folder's log file, once known. */
    public ReadOnlyObjectProperty<Path> logFileProperty() {
        return logFile.getReadOnlyProperty();
    }

    /** Its part of the last run; null when no run included it. */
    public BuildAttempt attempt() {
        return attempt;
    }

    /** Its build's result, when the build ran to an end (succeeded, failed or cancelled by the engine). */
    public BuildResult result() {
        return attempt == null ? null : attempt.result();
    }

    /** The record its build wrote beside the binaries; null unless it was built. */
    public BuildRecord record() {
        return attempt == null ? null : attempt.record();
    }

    /** Why it did not build (the build's first error, a refusal before it, or the cancel); empty otherwise. */
    public String error() {
        return attempt == null ? "" : attempt.error();
    }

    /** Included in a run that was started: its binaries are part of a build now. */
    void included(String dir, Path file) {
        attempt = BuildAttempt.waiting(plan, dir);
        logFile.set(file);
        binaries.forEach(BinaryBuild::includedInBuild);
        show();
    }

    void started(Instant now) {
        attempt = attempt.running(now);
        show();
    }

    void status(String text) {
        if (state.get() == State.RUNNING) {
            status.set(text);
        }
    }

    void ended(BuildResult r, Instant now) {
        attempt = attempt.ended(r, now);
        findings.setAll(r.findings());
        if (r.logFile() != null) {
            logFile.set(r.logFile());
        }
        if (r.cancelled()) {
            settleRunning(PartState.CANCELLED, now);
        }
        show();
    }

    void notStarted(String why, Instant now) {
        attempt = attempt.notStarted(why, now);
        settleRunning(PartState.FAILED, now);
        show();
    }

    void stopped(Instant now) {
        attempt = attempt.stopped(now);
        settleRunning(PartState.CANCELLED, now);
        show();
    }

    void notRun() {
        attempt = attempt.notRun();
        show();
    }

    /** A binary still running when its build ended without saying so ends as the build did. */
    private void settleRunning(PartState end, Instant now) {
        binaries.stream().filter(b -> b.state() == PartState.RUNNING).forEach(b -> b.moveTo(end, now));
    }

    /** The state and the one line follow the attempt. */
    private void show() {
        BuildAttempt a = attempt;
        state.set(a.state());
        status.set(switch (a.state()) {
            case WAITING -> "waiting";
            case RUNNING -> "building";
            case BUILT -> "built in " + BinaryBuild.clock(a.startedAt(), a.endedAt());
            case FAILED -> a.neverStarted() ? "not built: " + a.error()
                    : "failed after " + BinaryBuild.clock(a.startedAt(), a.endedAt()) + ": " + a.error();
            case CANCELLED -> "cancelled after " + BinaryBuild.clock(a.startedAt(), a.endedAt());
            case NOT_RUN -> "not run: the release was stopped before it";
        });
    }

    /** The running binary of this package, if any. */
    BinaryBuild running() {
        return binaries.stream().filter(b -> b.state() == PartState.RUNNING).findFirst().orElse(null);
    }

    /** The names of the binaries, in order. */
    List<String> binaryNames() {
        return binaries.stream().map(BinaryBuild::binary).toList();
    }
}
