package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildFlagCheckTest {

    @TempDir
    Path buildDir;

    private ReleasePlan plan;
    private final BuildFlagCheck check = new BuildFlagCheck();

    @BeforeEach
    void rocm6Plan() throws Exception {
        Track rocm6 = CatalogLoader.embedded().track("rocm6").orElseThrow();
        plan = ReleasePlan.forTrack(rocm6).withSdk("C:\\Program Files\\AMD\\ROCm\\6.4");
    }

    /** A cache as the build script writes it for the rocm6 release (docs/distribution-rules.md §4.4), with one entry replaced. */
    private Path cache(String... overrides) throws IOException {
        java.util.Map<String, String> e = new java.util.LinkedHashMap<>();
        e.put("ENGINE_ENABLE_NATIVE_CPU:BOOL", "OFF");
        e.put("AUDIOCPP_DEPLOYMENT_BUILD:BOOL", "ON");
        e.put("GGML_OPENMP:BOOL", "OFF");
        e.put("ENGINE_ENABLE_OPENMP:BOOL", "OFF");
        e.put("GGML_HIP_HIPBLASLT:BOOL", "ON");
        e.put("GGML_HIP_NO_VMM:BOOL", "ON");
        e.put("ENGINE_ENABLE_CUDA_GRAPHS:BOOL", "OFF");
        e.put("GGML_HIP_GRAPHS:BOOL", "OFF");
        e.put("GPU_TARGETS:STRING", "gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201");
        e.put("CMAKE_C_COMPILER:FILEPATH", "C:/Program Files/AMD/ROCm/6.4/bin/clang.exe");
        e.put("CMAKE_CXX_COMPILER:FILEPATH", "C:/Program Files/AMD/ROCm/6.4/bin/clang++.exe");
        for (int i = 0; i < overrides.length; i += 2) {
            String name = overrides[i];
            e.keySet().removeIf(k -> k.startsWith(name + ":"));
            if (overrides[i + 1] != null) {
                e.put(name + ":STRING", overrides[i + 1]);
            }
        }
        StringBuilder sb = new StringBuilder("# This is the CMakeCache file.\n# For build in directory: C:/src/audio.cpp/build/hip\n\n");
        e.forEach((k, v) -> sb.append("//doc line\n").append(k).append('=').append(v).append("\n\n"));
        sb.append("CMAKE_HOME_DIRECTORY:INTERNAL=C:/src/audio.cpp\n");
        Files.writeString(buildDir.resolve("CMakeCache.txt"), sb.toString());
        return buildDir;
    }

    private List<String> ids(List<Finding> findings) {
        return findings.stream().map(Finding::id).toList();
    }

    @Test
    void guideBuildMatchesThePlan() throws Exception {
        assertThat(check.check(cache(), plan)).isEmpty();
    }

    @Test
    void nativeCpuOnIsAnError() throws Exception {
        List<Finding> f = check.check(cache("ENGINE_ENABLE_NATIVE_CPU", "ON"), plan);
        assertThat(ids(f)).containsExactly("build.native-cpu");
        assertThat(f.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(f.get(0).fix()).contains("-NoNativeCpu");
        assertThat(f.get(0).file()).endsWith("CMakeCache.txt");
    }

    @Test
    void missingDeploymentBuildIsAnError() throws Exception {
        assertThat(ids(check.check(cache("AUDIOCPP_DEPLOYMENT_BUILD", "OFF"), plan))).containsExactly("build.deployment");
    }

    @Test
    void eitherOpenMpSwitchOnIsAnError() throws Exception {
        assertThat(ids(check.check(cache("GGML_OPENMP", "ON"), plan))).containsExactly("build.openmp");
        assertThat(ids(check.check(cache("ENGINE_ENABLE_OPENMP", "1"), plan))).containsExactly("build.openmp");
    }

    @Test
    void defaultsMustMatchThePlan() throws Exception {
        assertThat(ids(check.check(cache("GGML_HIP_HIPBLASLT", "OFF"), plan))).containsExactly("build.defaults");
        assertThat(ids(check.check(cache("GGML_HIP_NO_VMM", "OFF"), plan))).containsExactly("build.defaults");
        assertThat(ids(check.check(cache("GGML_HIP_GRAPHS", "ON", "ENGINE_ENABLE_CUDA_GRAPHS", "ON"), plan)))
                .containsExactly("build.defaults", "build.defaults");
        // A plan that asks for graphs (dGPU-only release) accepts them.
        ReleasePlan graphs = plan.withOptions(plan.options().withGraphs(true));
        assertThat(check.check(cache("GGML_HIP_GRAPHS", "ON", "ENGINE_ENABLE_CUDA_GRAPHS", "ON"), graphs)).isEmpty();
    }

    @Test
    void targetsMustEqualThePlansInAnyOrder() throws Exception {
        assertThat(check.check(cache("GPU_TARGETS", "gfx1201;gfx1200;gfx1151;gfx1150;gfx1103;gfx1102;gfx1101;gfx1100"), plan)).isEmpty();
        List<Finding> f = check.check(cache("GPU_TARGETS", "gfx1100;gfx1030"), plan);
        assertThat(ids(f)).containsExactly("build.targets");
        assertThat(f.get(0).message()).contains("missing gfx1101").contains("not planned gfx1030");
        assertThat(f.get(0).fix()).contains("-GpuTargets \"gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201\"");
        assertThat(f.get(0).isError()).isTrue();
    }

    @Test
    void aBuildForOnlyOneOfThePlannedTargetsIsAnErrorNamingTheMissingOnes() throws Exception {
        // The path of issue 12: build for gfx1151 alone, then package the eight-target rocm6 plan.
        List<Finding> f = check.check(cache("GPU_TARGETS", "gfx1151"), plan);
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.isError()).isTrue();
            assertThat(x.message()).contains("GPU_TARGETS is \"gfx1151\"").contains("missing gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1200, gfx1201");
        });
    }

    @Test
    void aBuildForMoreTargetsThanPlannedServesThemAllAndOnlyWarns() throws Exception {
        ReleasePlan two = plan.withTargets(List.of("gfx1100", "gfx1103"));
        List<Finding> f = check.check(cache("GPU_TARGETS", "gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201"), two);
        assertThat(f).singleElement().satisfies(x -> {
            assertThat(x.id()).isEqualTo("build.targets");
            assertThat(x.severity()).isEqualTo(Severity.WARNING);
            assertThat(x.message()).contains("more GPUs than the plan ships").contains("gfx1101");
        });
    }

    @Test
    void compilerFromAnotherSdkIsAnError() throws Exception {
        List<Finding> f = check.check(cache("CMAKE_CXX_COMPILER", "C:/Program Files/AMD/ROCm/7.1/bin/clang++.exe"), plan);
        assertThat(ids(f)).containsExactly("build.compiler");
        assertThat(f.get(0).message()).contains("CMAKE_CXX_COMPILER").contains("7.1");
        // Case and slashes do not matter on Windows.
        assertThat(check.check(cache("CMAKE_C_COMPILER", "c:\\program files\\amd\\rocm\\6.4\\BIN\\clang.exe"), plan)).isEmpty();
    }

    @Test
    void missingEntryIsReportedAsACheckThatCouldNotRun() throws Exception {
        List<Finding> f = check.check(cache("GGML_OPENMP", null), plan);
        assertThat(ids(f)).containsExactly("build.openmp");
        assertThat(f.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(f.get(0).message()).contains("could not run");
    }

    @Test
    void folderWithoutCacheNamesTheFile(@TempDir Path empty) {
        assertThatThrownBy(() -> check.check(empty, plan))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("CMakeCache.txt").hasMessageContaining("does not exist");
    }
}
