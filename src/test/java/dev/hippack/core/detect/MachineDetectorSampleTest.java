package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineDetectorSampleTest {

    @TempDir
    static Path tmp;
    static SampleEnvironment sample;
    static MachineReport report;

    @BeforeAll
    static void detectTheSample() throws Exception {
        sample = SharedSample.copyTo(tmp.resolve("machine"));
        report = MachineDetector.standard(CatalogLoader.embedded()).detect(sample.host(), null);
    }

    @Test
    void findsBothSdksOnceEachWithEveryWayTheyWereFound() {
        assertThat(report.sdks()).extracting(HipSdk::version).containsExactly("7.1", "6.4");
        HipSdk six = report.sdk("6.4").orElseThrow();
        assertThat(six.path()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\6.4");
        assertThat(six.foundBy()).containsExactly("Program Files", "HIP_PATH", "HIP_PATH_64");
        assertThat(six.generation()).isEqualTo(6);
        assertThat(six.track()).isEqualTo("rocm6");
        assertThat(six.dlls()).contains("amdhip64_6.dll", "amd_comgr_2.dll", "amd_comgr0604.dll", "hipblas.dll");
        assertThat(six.missing()).isEmpty();
        assertThat(six.usable()).isTrue();
        HipSdk seven = report.sdk("7.1").orElseThrow();
        assertThat(seven.fullVersion()).isEqualTo("7.1.51803");
        assertThat(seven.dlls()).contains("libhipblaslt.dll", "amd_comgr0701.dll");
        assertThat(seven.compiler()).isTrue();
        assertThat(seven.amdgpuArch()).isTrue();
    }

    @Test
    void kernelInventoryShowsTheGapsOfTheRealSdks() {
        var lt71 = report.sdk("7.1").orElseThrow().inventory();
        assertThat(lt71.hasKernels(KernelLibrary.HIPBLASLT, "gfx1102")).isFalse();
        assertThat(lt71.hasKernels(KernelLibrary.HIPBLASLT, "gfx1103")).isTrue();
        assertThat(lt71.hasKernels(KernelLibrary.ROCBLAS, "gfx1103")).isFalse();
        var lt64 = report.sdk("6.4").orElseThrow().inventory();
        assertThat(lt64.hasKernels(KernelLibrary.HIPBLASLT, "gfx1102")).isTrue();
        assertThat(lt64.archBytes(KernelLibrary.ROCBLAS, "gfx1102")).isEqualTo(lt64.archBytes(KernelLibrary.ROCBLAS, "gfx1150"));
        assertThat(lt64.source()).isEqualTo(KernelSizes.MEASURED);
    }

    @Test
    void findsBothVisualStudioInstancesAndJudgesTheirToolsets() {
        assertThat(report.visualStudio()).hasSize(2);
        VisualStudioInstance vs2022 = report.visualStudio().stream().filter(v -> v.major() == 17).findFirst().orElseThrow();
        assertThat(vs2022.name()).isEqualTo("Visual Studio Build Tools 2022");
        assertThat(vs2022.year()).isEqualTo(2022);
        assertThat(vs2022.foundBy()).isEqualTo(VisualStudioFinder.VSWHERE);
        assertThat(vs2022.toolsets()).singleElement().satisfies(t -> {
            assertThat(t.version()).isEqualTo("14.44.35207");
            assertThat(t.verdict()).isEqualTo(ToolsetVerdict.RECOMMENDED);
        });
        assertThat(vs2022.redists()).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("Microsoft.VC143.CRT");
            assertThat(r.version()).isEqualTo("14.44.35112");
            assertThat(r.dlls()).containsExactly("msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll");
        });
        VisualStudioInstance vs2026 = report.visualStudio().stream().filter(v -> v.major() == 18).findFirst().orElseThrow();
        assertThat(vs2026.year()).isEqualTo(2026);
        assertThat(vs2026.toolsets()).singleElement().satisfies(t -> {
            assertThat(t.version()).isEqualTo("14.51.36231");
            assertThat(t.verdict()).isEqualTo(ToolsetVerdict.REFUSED);
            assertThat(t.fix()).contains(PlanRules.VS2026_V143_COMPONENT).contains("Visual Studio 2022 Build Tools");
        });
        assertThat(vs2026.redists()).extracting(CrtRedist::name).containsExactly("Microsoft.VC145.CRT");
    }

    @Test
    void findsToolsTheCheckoutAndTheGpus() {
        assertThat(report.tool("ninja").orElseThrow().foundBy()).isEqualTo("Visual Studio");
        assertThat(report.tool("cmake").orElseThrow().path()).isEqualTo("C:\\Program Files\\CMake\\bin\\cmake.exe");
        assertThat(report.tool("powershell")).isPresent();
        assertThat(report.tool("dumpbin").orElseThrow().path()).contains("14.44.35207");
        assertThat(report.tool("ccache")).isEmpty();
        assertThat(report.gpus()).extracting(DetectedGpu::arch).containsExactly("gfx1100", "gfx1036");
        Checkout c = report.checkout();
        assertThat(c.path()).isEqualTo("C:\\src\\audio.cpp");
        assertThat(c.scriptParameters()).contains("BuildDir", "NoNativeCpu", "DeploymentBuild", "RocmPath", "GpuTargets");
        assertThat(c.disablesOpenmp()).isTrue();
        assertThat(c.modelFamilies()).hasSizeGreaterThanOrEqualTo(8).contains("pocket_tts", "chatterbox");
        assertThat(c.version()).isEqualTo(dev.hippack.core.demo.SampleEnvironmentWriter.SAMPLE_VERSION).isEqualTo("v0.4.3-sample");
        assertThat(report.findings()).noneMatch(Finding::isError);
    }

    @Test
    void planFactsGiveTheRulesTheMeasuredSdkSoGfx1102IsRefusedOnRocm71() throws Exception {
        ReleasePlan rocm7 = new ProfileStore(CatalogLoader.embedded()).load(sample.profile("rocm7"));
        ReleasePlan withGfx1102 = rocm7.withTargets(List.of("gfx1100", "gfx1102"));
        PlanFacts facts = report.planFacts(withGfx1102);
        assertThat(facts.kernels()).get().extracting(KernelSizes::source).isEqualTo(KernelSizes.MEASURED);
        assertThat(facts.installedToolsets()).contains(List.of("14.44.35207"));
        assertThat(facts.buildScript().orElseThrow().supports("nonativecpu")).isTrue();
        List<Finding> findings = new PlanRules(CatalogLoader.embedded()).judge(withGfx1102, facts);
        assertThat(findings).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo(PlanRules.ARCH_HIPBLASLT_KERNELS);
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("gfx1102");
        });
    }

    @Test
    void runReportsEveryStageAndStopsWhenCancelled() throws Exception {
        List<String> statuses = new ArrayList<>();
        OperationListener listener = new OperationListener() {
            @Override
            public void status(String text) {
                statuses.add(text);
            }
        };
        MachineDetector.standard(CatalogLoader.embedded()).run(new DetectRequest(sample.host(), null), listener, CancellationToken.none());
        assertThat(statuses).first().asString().contains("HIP SDK");
        assertThat(statuses).last().asString().contains("finished");
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MachineDetector.standard(CatalogLoader.embedded())
                .run(new DetectRequest(sample.host(), null), OperationListener.NONE, cancelled))
                .isInstanceOf(OperationCancelledException.class);
    }

    @Test
    void theSampleCheckoutsGgmlPlacesGfx1152And1153InRdna35SoThePlanDoesNotRefuseThem() throws Exception {
        assertThat(report.checkout().ggml()).singleElement().satisfies(g -> {
            assertThat(g.found()).isTrue();
            assertThat(g.architectures()).contains("gfx1152", "gfx1153");
        });
        ReleasePlan plan = new ProfileStore(CatalogLoader.embedded()).load(sample.profile("rocm7"))
                .withTargets(List.of("gfx1151", "gfx1152", "gfx1153")).withTrack(ReleasePlan.CUSTOM_TRACK);
        PlanFacts facts = report.planFacts(plan);
        assertThat(facts.ggml()).isPresent();
        assertThat(new PlanRules(CatalogLoader.embedded()).judge(plan, facts)).noneMatch(f -> f.id().equals(PlanRules.ARCH_GGML));
    }
}
