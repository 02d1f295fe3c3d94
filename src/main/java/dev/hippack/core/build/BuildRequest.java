package dev.hippack.core.build;

import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.Objects;

/**
 * What to build: the plan, and what the checkout's build script supports (from detection:
 * {@code Checkout.scriptFacts()}).
 */
public record BuildRequest(ReleasePlan plan, BuildScriptFacts script) {

    public BuildRequest {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(script, "script");
    }
}
