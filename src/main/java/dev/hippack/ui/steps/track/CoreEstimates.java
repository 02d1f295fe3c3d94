package dev.hippack.ui.steps.track;

import dev.hippack.core.PackagePart;
import dev.hippack.core.estimate.SizeEstimate;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Connects the step to the engine's estimator, with the facts detection found. */
public final class CoreEstimates {

    /** The names the step shows for the estimator's component ids. */
    public static final Map<PackagePart, String> COMPONENT_NAMES = Map.of(
            PackagePart.EXECUTABLES, "Executables",
            PackagePart.HIP_RUNTIME, "HIP runtime",
            PackagePart.MATH_DLLS, "Math DLLs",
            PackagePart.CRT, "CRT",
            PackagePart.ROCBLAS_KERNELS, "rocBLAS kernels",
            PackagePart.HIPBLASLT_KERNELS, "hipBLASLt kernels",
            PackagePart.README, "README");

    private CoreEstimates() { }

    public static BreakdownEstimator estimator(SizeEstimator core, Function<ReleasePlan, PlanFacts> facts) {
        return plan -> breakdown(core.estimate(plan, facts.apply(plan)));
    }

    public static SizeBreakdown breakdown(SizeEstimate e) {
        List<SizeBreakdown.Segment> segments = e.components().stream()
                .map(c -> new SizeBreakdown.Segment(COMPONENT_NAMES.getOrDefault(c.id(), c.id().id()), c.bytes(), c.derived()))
                .toList();
        return new SizeBreakdown(segments, e.totalBytes(), e.zipBytes().low(), e.zipBytes().high(), e.source(), e.approximate());
    }
}
