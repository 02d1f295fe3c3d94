package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.estimate.SizeEstimate;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every selection of the architectures a ROCm version supports, on the sample machine: a plan
 * without errors, an estimate, and a layout within 1% of it, whatever the track is called
 * (preset or custom). Cheap enough to run exhaustively: 2^8 - 1 selections on ROCm 6.4 and
 * 2^7 - 1 on ROCm 7.1.
 */
class EveryArchitectureSelectionTest {

    static final Catalog CATALOG = SampleSelections.CATALOG;

    static SampleSelections machine;

    @BeforeAll
    static void sampleMachine() throws Exception {
        machine = SampleSelections.get();
    }

    static long layoutBytes(PackageLayout layout) {
        return layout.sourceBytes() + layout.generated().stream()
                .mapToLong(g -> g.content().getBytes(StandardCharsets.UTF_8).length).sum();
    }

    @Test
    void theSampleSdksSupportTheGuidesArchitectures() throws Exception {
        assertThat(machine.supported("rocm6")).containsExactly("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        assertThat(machine.supported("rocm7")).containsExactly("gfx1100", "gfx1101", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
    }

    @Test
    void everySelectionOnRocm64PlansEstimatesAndLaysOutCleanly() throws Exception {
        assertEverySelection("rocm6", 255);
    }

    @Test
    void everySelectionOnRocm71PlansEstimatesAndLaysOutCleanly() throws Exception {
        assertEverySelection("rocm7", 127);
    }

    private void assertEverySelection(String trackId, int expected) throws Exception {
        PlanRules rules = new PlanRules(CATALOG);
        SizeEstimator estimator = new SizeEstimator(CATALOG, rules);
        LayoutPlanner planner = new LayoutPlanner(CATALOG);
        List<List<String>> all = SampleSelections.subsets(machine.supported(trackId));
        assertThat(all).hasSize(expected);
        List<String> problems = new ArrayList<>();
        for (List<String> targets : all) {
            ReleasePlan plan = machine.selection(trackId, targets);
            PlanFacts facts = machine.report.planFacts(plan);
            List<Finding> errors = rules.judge(plan, facts).stream().filter(Finding::isError).toList();
            if (!errors.isEmpty()) {
                problems.add(targets + " plan: " + errors);
                continue;
            }
            // Without a scanned SDK the catalog's figures for the plan's ROCm version judge it the same way.
            List<Finding> catalogErrors = rules.judge(plan).stream().filter(Finding::isError).toList();
            if (!catalogErrors.isEmpty() || !estimator.estimate(plan).source().equals(KernelSizes.CATALOG)) {
                problems.add(targets + " plan from the catalog: " + catalogErrors);
            }
            SizeEstimate estimate = estimator.estimate(plan, facts);
            PackageLayout layout = planner.plan(plan, machine.host);
            long staged = layoutBytes(layout);
            double off = Math.abs(staged - estimate.totalBytes()) / (double) estimate.totalBytes();
            if (off > 0.01) {
                problems.add(targets + String.format(" layout %d bytes vs estimate %d (%.2f%%)", staged, estimate.totalBytes(), off * 100));
            }
            Set<String> lazy = layout.files().stream().map(StagedFile::path)
                    .filter(p -> p.startsWith("hipblaslt/library/TensileLibrary_lazy_"))
                    .map(p -> p.substring("hipblaslt/library/TensileLibrary_lazy_".length(), p.length() - ".dat".length()))
                    .collect(Collectors.toCollection(TreeSet::new));
            if (!lazy.equals(new TreeSet<>(targets))) {
                problems.add(targets + " hipBLASLt lazy indexes " + lazy);
            }
            if (layout.runtimeLoaded().stream().map(RuntimeLoadedDll::dll).noneMatch(d -> d.startsWith("amd_comgr_"))) {
                problems.add(targets + " ships no comgr");
            }
        }
        assertThat(problems).isEmpty();
    }
}
