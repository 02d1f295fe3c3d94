package dev.hippack.ui.steps.track;

import dev.hippack.core.plan.ReleasePlan;

/** The step's view of the engine's estimator: a plan in, a breakdown out (fast; called on every tick). */
@FunctionalInterface
public interface SizeEstimator {
    SizeBreakdown estimate(ReleasePlan plan) throws Exception;
}
