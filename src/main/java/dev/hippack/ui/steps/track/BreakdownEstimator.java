package dev.hippack.ui.steps.track;

import dev.hippack.core.plan.ReleasePlan;

/**
 * The Track step's view of the engine's estimator ({@link dev.hippack.core.estimate.SizeEstimator}):
 * a plan in, a {@link SizeBreakdown} out. Fast; called on every tick.
 */
@FunctionalInterface
public interface BreakdownEstimator {
    SizeBreakdown estimate(ReleasePlan plan) throws Exception;
}
