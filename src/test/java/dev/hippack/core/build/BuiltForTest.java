package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltForTest {

    private final ReleasePlan plan = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm6").orElseThrow())
            .withSource("C:\\src\\audio.cpp").withSdk("C:\\Program Files\\AMD\\ROCm\\6.4");

    @Test
    void packagingChoicesJobsAndTargetOrderDoNotMakeBinariesStale() {
        BuiltFor built = BuiltFor.of(plan);
        assertThat(built.differences(plan.withJobs(16).withArchiveName("x").withOutputDir("D:\\out")
                .withRocblasKernels(KernelPolicy.DROP).withTrack("custom").withBuildDir("build\\elsewhere"))).isEmpty();
        List<String> reversed = new ArrayList<>(plan.targets());
        Collections.reverse(reversed);
        assertThat(built.differences(plan.withTargets(reversed))).as("target order").isEmpty();
        // Windows paths: case and separators do not make another SDK.
        assertThat(built.differences(plan.withSdk("c:/program files/amd/rocm/6.4/"))).isEmpty();
    }

    @Test
    void everythingTheCompilerSeesMakesThemStaleAndIsNamed() {
        BuiltFor built = BuiltFor.of(plan.withTargets(List.of("gfx1100", "gfx1103")));
        assertThat(built.problems(plan)).extracting(BuiltFor.Difference::describe)
                .containsExactly("GPU targets: built for gfx1100, gfx1103; the plan also needs gfx1101, gfx1102, gfx1150, gfx1151, gfx1200, gfx1201");
        BuiltFor all = BuiltFor.of(plan);
        assertThat(all.problems(plan.withOptions(plan.options().withHipblaslt(false)))).extracting(BuiltFor.Difference::describe)
                .containsExactly("hipBLASLt: built on, the plan has it off");
        assertThat(all.problems(plan.withToolset("14.43"))).extracting(BuiltFor.Difference::describe)
                .containsExactly("MSVC toolset: built with 14.44, the plan uses 14.43");
        assertThat(all.problems(plan.withSdk("C:\\Program Files\\AMD\\ROCm\\7.1").withRocmVersion("7.1")))
                .extracting(BuiltFor.Difference::aspect).containsExactly(BuiltFor.Aspect.SDK, BuiltFor.Aspect.ROCM_VERSION);
        // Built before an SDK was known: a plan that names one differs.
        assertThat(BuiltFor.of(plan.withSdk(null)).problems(plan)).extracting(BuiltFor.Difference::describe)
                .containsExactly("HIP SDK: built with none, the plan uses C:\\Program Files\\AMD\\ROCm\\6.4");
    }

    @Test
    void moreTargetsThanPlannedServeThePlanButAreStillADifference() {
        BuiltFor all = BuiltFor.of(plan);
        ReleasePlan two = plan.withTargets(List.of("gfx1100", "gfx1103"));
        assertThat(all.serves(two)).isTrue();
        assertThat(all.differences(two)).singleElement().satisfies(d -> {
            assertThat(d.harmless()).isTrue();
            assertThat(d.aspect()).isEqualTo(BuiltFor.Aspect.TARGETS_EXTRA);
        });
        assertThat(BuiltFor.of(two).serves(plan)).isFalse();
    }

    @Test
    void itSaysWhatItIsInAFewWords() {
        assertThat(BuiltFor.of(plan).describe()).isEqualTo("ROCm 6.4, 8 targets, MSVC 14.44, hipBLASLt on");
        assertThat(BuiltFor.of(plan.withTargets(List.of("gfx1100", "gfx1103"))).describe())
                .isEqualTo("ROCm 6.4, gfx1100 and gfx1103, MSVC 14.44, hipBLASLt on");
    }

    @Test
    void aRecordIsComparedThroughWhatItWasBuiltForWhichStaysFlatInItsFile(@TempDir Path dir) throws Exception {
        BuildRecord record = BuildRecord.of(plan.withToolset("14.44.35207"), false, "2026-11-30T10:00:00Z", List.of());
        assertThat(record.builtFor()).isEqualTo(BuiltFor.of(plan.withToolset("14.44.35207")));
        BuildRecordStore store = new BuildRecordStore();
        Path file = store.write(dir, record);
        assertThat(Files.readString(file)).contains("\"rocmSdk\"").contains("\"toolset\"").doesNotContain("builtFor");
        assertThat(store.read(dir)).contains(record);
        assertThat(record.differences(plan)).as("vcvars takes the newest 14.44.*").isEmpty();
        assertThat(record.differences(plan.withToolset("14.4"))).extracting(BuiltFor.Difference::aspect)
                .containsExactly(BuiltFor.Aspect.TOOLSET);
    }
}
