package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BuildScriptArgumentsTest {

    private final ReleasePlan rocm7 = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm7").orElseThrow())
            .withSource("C:\\src\\audio.cpp").withSdk("C:\\Program Files\\AMD\\ROCm\\7.1").withJobs(16);
    private final BuildScriptFacts newest = new BuildScriptFacts(BuildServiceTest.NEWEST_PARAMETERS, true);

    @Test
    void theGuidesInvocationForTheRocm7Track() {
        assertThat(BuildScriptArguments.forTarget(rocm7, newest, "audiocpp_server")).containsExactly(
                "-RocmPath", "C:\\Program Files\\AMD\\ROCm\\7.1", "-BuildDir", "build\\hip71",
                "-GpuTargets", "gfx1100;gfx1101;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201",
                "-NoNativeCpu", "-DeploymentBuild", "-Target", "audiocpp_server", "-Jobs", "16");
    }

    @Test
    void planOptionsBecomeSwitches() {
        ReleasePlan p = rocm7.withOptions(rocm7.options().withHipblaslt(false).withVmm(true).withGraphs(true)).withJobs(0);
        assertThat(BuildScriptArguments.forTarget(p, newest, "audiocpp_cli"))
                .contains("-NoHipblasLt", "-WithVmm", "-Graphs").doesNotContain("-Jobs");
    }

    @Test
    void anOldScriptWithoutBuildDirIsFineForTheDefaultFolderOnly() throws PackagerException {
        Set<String> params = new java.util.HashSet<>(BuildServiceTest.NEWEST_PARAMETERS);
        params.remove("BuildDir");
        BuildScriptFacts noBuildDir = new BuildScriptFacts(params, true);
        ReleasePlan rocm6 = rocm7.withBuildDir("build\\hip\\");
        assertThatCode(() -> BuildScriptArguments.requireSupported(rocm6, noBuildDir)).doesNotThrowAnyException();
        assertThat(BuildScriptArguments.forTarget(rocm6, noBuildDir, "audiocpp_cli")).doesNotContain("-BuildDir");
        assertThatThrownBy(() -> BuildScriptArguments.requireSupported(rocm7, noBuildDir))
                .hasMessageContaining("-BuildDir: the plan builds in build\\hip71");
    }

    @Test
    void aPlanWithNativeCpuOnDoesNotNeedTheSwitch() {
        BuildScriptFacts pr48 = new BuildScriptFacts(Set.of("RocmPath", "GpuTargets", "Target", "Jobs", "DeploymentBuild", "BuildDir"), false);
        assertThatCode(() -> BuildScriptArguments.requireSupported(rocm7.withOptions(rocm7.options().withNativeCpu(true)), pr48))
                .doesNotThrowAnyException();
    }

    @Test
    void commandLinesQuoteWhatShellsWouldSplit() {
        assertThat(WindowsCommandLine.join(List.of("powershell", "-RocmPath", "C:\\Program Files\\AMD\\ROCm\\6.4\\",
                "-GpuTargets", "gfx1100;gfx1101", "-Target", "audiocpp_cli", "say \"hi\"", "")))
                .isEqualTo("powershell -RocmPath \"C:\\Program Files\\AMD\\ROCm\\6.4\\\\\" -GpuTargets \"gfx1100;gfx1101\""
                        + " -Target audiocpp_cli \"say \\\"hi\\\"\" \"\"");
    }
}
