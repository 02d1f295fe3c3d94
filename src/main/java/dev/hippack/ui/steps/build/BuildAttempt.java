package dev.hippack.ui.steps.build;

import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuiltFor;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import java.time.Instant;
import java.util.Objects;

/**
 * One package's build in the Build step's last run, as one value: the plan it was for, the build
 * folder it wrote into (a path on the build machine; null when none could be made), when it ran,
 * where it stands, the engine's result once the build ran to an end, and why it did not build.
 * Each event of the run makes a new value, so what the step judges (is it current? does it need a
 * rebuild?) is read from one place and never half-updated.
 *
 * @param plan      the package's plan with the step's options, as the build ran it
 * @param dir       its build folder as the build machine names it; null when the plan gives none
 * @param startedAt when its build started; null while waiting, and when it never started
 * @param endedAt   when it ended; null until then
 * @param state     where it stands in the run
 * @param result    the engine's result when the build ran to an end (built, failed, or cancelled by the engine); null otherwise
 * @param error     why it did not build (a refusal before it, its first error, the cancel); empty otherwise
 */
public record BuildAttempt(ReleasePlan plan, String dir, Instant startedAt, Instant endedAt, PackageBuild.State state,
                           BuildResult result, String error) {

    public BuildAttempt {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(state, "state");
        error = error == null ? "" : error;
    }

    /** A package of a run that was started, before its own build begins. */
    static BuildAttempt waiting(ReleasePlan plan, String dir) {
        return new BuildAttempt(plan, dir, null, null, PackageBuild.State.WAITING, null, "");
    }

    BuildAttempt running(Instant now) {
        return new BuildAttempt(plan, dir, now, null, PackageBuild.State.RUNNING, null, "");
    }

    /** The engine's result: built, failed (its first error is the reason), or cancelled by the engine. */
    BuildAttempt ended(BuildResult r, Instant now) {
        if (r.success()) {
            return new BuildAttempt(plan, dir, startedAt, now, PackageBuild.State.BUILT, r, "");
        }
        if (r.cancelled()) {
            return new BuildAttempt(plan, dir, startedAt, now, PackageBuild.State.CANCELLED, r, BuildStepViewModel.CANCELLED);
        }
        String why = r.findings().stream().filter(Finding::isError).map(Finding::message).findFirst().orElse("see its log");
        return new BuildAttempt(plan, dir, startedAt, now, PackageBuild.State.FAILED, r, why);
    }

    /** Refused before its build ran (the release's checks, a build folder that cannot be made). */
    BuildAttempt notStarted(String why, Instant now) {
        return new BuildAttempt(plan, dir, startedAt, now, PackageBuild.State.FAILED, null, why);
    }

    /** Cancelled by the user while it ran (or before it started, with the release's checks). */
    BuildAttempt stopped(Instant now) {
        return new BuildAttempt(plan, dir, startedAt, now, PackageBuild.State.CANCELLED, null, BuildStepViewModel.CANCELLED);
    }

    /** The run stopped before reaching it. */
    BuildAttempt notRun() {
        return new BuildAttempt(plan, dir, null, null, PackageBuild.State.NOT_RUN, null, "");
    }

    /** What the plan asked the build for, as the core compares it with another plan. */
    public BuiltFor builtFor() {
        return BuiltFor.of(plan);
    }

    /** The record the build wrote beside the binaries; null unless it built. */
    public BuildRecord record() {
        return state == PackageBuild.State.BUILT && result != null ? result.record() : null;
    }

    /** True once the build has touched its folder (it started), whatever the end. */
    public boolean touchedFolder() {
        return startedAt != null;
    }

    /** True while it waits for its turn or builds. */
    public boolean active() {
        return state == PackageBuild.State.WAITING || state == PackageBuild.State.RUNNING;
    }

    /** True when the build did not start at all (refused, or its task failed before the engine ran). */
    public boolean neverStarted() {
        return state == PackageBuild.State.FAILED && result == null;
    }
}
