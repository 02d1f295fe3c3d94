package dev.hippack.core.build;

import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.plan.SourceRevision;
import java.util.Objects;

/**
 * What to build: the plan, what the checkout's build script supports (from detection:
 * {@code Checkout.scriptFacts()}), and which audio.cpp the checkout holds (written into the build
 * record, so packaging can tell binaries of an older checkout).
 */
public record BuildRequest(ReleasePlan plan, BuildScriptFacts script, SourceRevision revision) {

    public BuildRequest {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(revision, "revision");
    }

    /** A request whose checkout's version is not known: the record says so, and nothing compares it. */
    public BuildRequest(ReleasePlan plan, BuildScriptFacts script) {
        this(plan, script, SourceRevision.UNKNOWN);
    }
}
