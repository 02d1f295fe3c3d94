package dev.hippack.core.estimate;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the wizard does when the user ticks or unticks one architecture in the matrix: derive the
 * new plan and re-estimate it, findings included. docs/design.md §7 wants this well under a frame (1 ms).
 *
 * <p>Run: {@code ./mvnw -Pjmh test-compile exec:exec@run-jmh -Djmh.args="EstimateBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s"}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EstimateBenchmark {

    private SizeEstimator estimator;
    private ReleasePlan plan;
    private int tick;

    @Setup
    public void setUp() {
        Catalog catalog = CatalogLoader.embedded();
        estimator = new SizeEstimator(catalog, new PlanRules(catalog));
        plan = ReleasePlan.forTrack(catalog.track("rocm6").orElseThrow());
    }

    /** Toggles one architecture of the rocm6 matrix (a different one each time) and re-estimates. */
    @Benchmark
    public SizeEstimate reestimateAfterOneTick() throws PackagerException {
        String arch = ALL[tick++ & 7];
        List<String> targets = new ArrayList<>(plan.targets());
        if (!targets.remove(arch)) {
            targets.add(arch);
        }
        plan = plan.withTargets(targets);
        return estimator.estimate(plan);
    }

    private static final String[] ALL = {"gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"};
}
