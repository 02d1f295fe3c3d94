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
 * One package of a release of several as the Build step shows it: its plan, its own build (a
 * task of its own, one after the other), its own log, and how it ended. A package the release
 * never reached (cancelled before it) reads "not run". Changed only by {@link BuildStepViewModel}.
 */
public final class PackageBuild {

    /** Where a package stands; {@link #NOT_RUN} when the release stopped before it. */
    public enum State { WAITING, RUNNING, BUILT, FAILED, CANCELLED, NOT_RUN }

    private final ReleasePlan plan;
    private final LogBuffer log;
    private final ObservableList<BinaryBuild> binaries = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(this, "state", State.WAITING);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "waiting");
    private final ReadOnlyObjectWrapper<Path> logFile = new ReadOnlyObjectWrapper<>(this, "logFile");
    private BuildResult result;
    private String error = "";
    private Instant startedAt;
    private Instant endedAt;

    PackageBuild(ReleasePlan plan, LogBuffer log) {
        this.plan = plan;
        this.log = log;
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

    /** Its binaries, each with its own state, as the single build shows them. */
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

    /** Its build's result, when the build ran to an end (succeeded, failed or cancelled by the engine). */
    public BuildResult result() {
        return result;
    }

    /** The record its build wrote beside the binaries; null unless it was built. */
    public BuildRecord record() {
        return state.get() == State.BUILT && result != null ? result.record() : null;
    }

    /** Why it did not build (the build's first error, a refusal before it, or the cancel); empty otherwise. */
    public String error() {
        return error;
    }

    void logFile(Path file) {
        logFile.set(file);
    }

    void started(Instant now) {
        startedAt = now;
        endedAt = null;
        binaries.forEach(BinaryBuild::includedInBuild);
        state.set(State.RUNNING);
        status.set("building");
    }

    void status(String text) {
        if (state.get() == State.RUNNING) {
            status.set(text);
        }
    }

    void ended(BuildResult r, Instant now) {
        endedAt = now;
        result = r;
        findings.setAll(r.findings());
        if (r.logFile() != null) {
            logFile.set(r.logFile());
        }
        if (r.success()) {
            state.set(State.BUILT);
            status.set("built in " + BinaryBuild.clock(startedAt, endedAt));
        } else if (r.cancelled()) {
            stopped(now);
        } else {
            error = r.findings().stream().filter(Finding::isError).map(Finding::message).findFirst().orElse("see its log");
            state.set(State.FAILED);
            status.set("failed after " + BinaryBuild.clock(startedAt, endedAt) + ": " + error);
        }
    }

    void notStarted(String why, Instant now) {
        endedAt = now;
        error = why;
        binaries.stream().filter(b -> b.state() == PartState.RUNNING).forEach(b -> b.moveTo(PartState.FAILED, now));
        state.set(State.FAILED);
        status.set("not built: " + why);
    }

    void stopped(Instant now) {
        endedAt = now;
        error = BuildStepViewModel.CANCELLED;
        binaries.stream().filter(b -> b.state() == PartState.RUNNING).forEach(b -> b.moveTo(PartState.CANCELLED, now));
        state.set(State.CANCELLED);
        status.set("cancelled after " + BinaryBuild.clock(startedAt, endedAt));
    }

    void notRun() {
        state.set(State.NOT_RUN);
        status.set("not run: the release was stopped before it");
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
