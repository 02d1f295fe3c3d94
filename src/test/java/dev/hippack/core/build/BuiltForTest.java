package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuiltForTest {

    private final ReleasePlan plan = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm6").orElseThrow())
            .withSource("C:\\src\\audio.cpp").withSdk("C:\\Program Files\\AMD\\ROCm\\6.4");

    @Test
    void packagingChoicesAndJobsDoNotMakeBinariesStale() {
        BuiltFor built = BuiltFor.of(plan);
        assertThat(built.matches(plan.withJobs(16).withArchiveName("x").withOutputDir("D:\\out")
                .withRocblasKernels(KernelPolicy.DROP).withTrack("custom"))).isTrue();
        List<String> reversed = new ArrayList<>(plan.targets());
        Collections.reverse(reversed);
        assertThat(built.matches(plan.withTargets(reversed))).as("target order").isTrue();
        assertThat(built.matches(plan.withBinaries(List.of("audiocpp_cli")))).as("fewer binaries").isTrue();
    }

    @Test
    void everythingTheCompilerSeesMakesThemStaleAndIsNamed() {
        BuiltFor built = BuiltFor.of(plan);
        assertThat(built.differencesFrom(plan.withTargets(List.of("gfx1100", "gfx1103"))))
                .containsExactly("targets gfx1100, gfx1103 (built for gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1200, gfx1201)");
        assertThat(built.differencesFrom(plan.withOptions(plan.options().withHipblaslt(false))))
                .containsExactly("hipBLASLt off (built with it on)");
        assertThat(built.differencesFrom(plan.withToolset("14.43"))).containsExactly("MSVC toolset 14.43 (built with 14.44)");
        assertThat(built.differencesFrom(plan.withSdk(null))).containsExactly("HIP SDK none (built with C:\\Program Files\\AMD\\ROCm\\6.4)");
        assertThat(built.differencesFrom(plan.withBuildDir("build\\other"))).containsExactly("build folder build\\other (built with build\\hip)");
        assertThat(built.describe()).isEqualTo("ROCm 6.4, 8 targets, MSVC 14.44, hipBLASLt on");
        assertThat(BuiltFor.of(plan.withTargets(List.of("gfx1100", "gfx1103"))).describe())
                .isEqualTo("ROCm 6.4, gfx1100 and gfx1103, MSVC 14.44, hipBLASLt on");
    }
}
