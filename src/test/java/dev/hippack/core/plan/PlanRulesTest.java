package dev.hippack.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanRulesTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private final PlanRules rules = new PlanRules(CATALOG);

    private static ReleasePlan plan(String track) {
        return ReleasePlan.forTrack(CATALOG.track(track).orElseThrow());
    }

    private static List<Finding> withId(List<Finding> findings, String id) {
        return findings.stream().filter(f -> f.id().equals(id)).toList();
    }

    private static List<Finding> errors(List<Finding> findings) {
        return findings.stream().filter(Finding::isError).toList();
    }

    @Test
    void guidePlansOfBothTracksHaveNoErrors() throws Exception {
        assertThat(errors(rules.judge(plan("rocm6")))).isEmpty();
        assertThat(errors(rules.judge(plan("rocm7")))).isEmpty();
    }

    @Test
    void everyPlanGetsTheEulaReminderAsInfo() throws Exception {
        List<Finding> eula = withId(rules.judge(plan("rocm6")), PlanRules.EULA_REDISTRIBUTION);
        assertThat(eula).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.message()).contains("AMD EULA");
        });
    }

    @Test
    void aBuildFolderWindowsCannotHaveIsAnError() throws Exception {
        assertThat(withId(rules.judge(plan("rocm6")), PlanRules.BUILD_FOLDER)).isEmpty();
        assertThat(withId(rules.judge(plan("rocm6").withBuildDir("C:\\builds\\hip")), PlanRules.BUILD_FOLDER)).isEmpty();
        assertThat(withId(rules.judge(plan("rocm6").withBuildDir("build\\hi|p")), PlanRules.BUILD_FOLDER)).singleElement()
                .satisfies(f -> {
                    assertThat(f.isError()).isTrue();
                    assertThat(f.message()).startsWith("The build folder 'build\\hi|p' cannot exist on Windows: 'hi|p' holds |");
                    assertThat(f.fix()).contains("build\\hip");
                });
        assertThat(withId(rules.judge(plan("rocm6").withBuildDir("con")), PlanRules.BUILD_FOLDER)).hasSize(1);
    }

    @Test
    void toolset1444IsRecommendedAndGivesNoFinding() throws Exception {
        assertThat(withId(rules.judge(plan("rocm6").withToolset("14.44")), PlanRules.TOOLSET_MSVC)).isEmpty();
        assertThat(withId(rules.judge(plan("rocm6").withToolset("14.44.35207")), PlanRules.TOOLSET_MSVC)).isEmpty();
    }

    @Test
    void toolsets1440To1443AreAcceptedWithAWarning() throws Exception {
        for (String t : List.of("14.40", "14.43")) {
            assertThat(withId(rules.judge(plan("rocm6").withToolset(t)), PlanRules.TOOLSET_MSVC))
                    .singleElement().extracting(Finding::severity).isEqualTo(Severity.WARNING);
        }
    }

    @Test
    void anyToolset145xIsRefusedNamingTheVs2026ComponentAndVs2022() throws Exception {
        for (String t : List.of("14.50", "14.51", "14.51.36231", "14.59")) {
            assertThat(withId(rules.judge(plan("rocm6").withToolset(t)), PlanRules.TOOLSET_MSVC)).singleElement().satisfies(f -> {
                assertThat(f.severity()).isEqualTo(Severity.ERROR);
                assertThat(f.message()).contains(t).contains("cmath");
                assertThat(f.fix()).contains("Microsoft.VisualStudio.Component.VC.14.44.17.14.x86.x64")
                        .contains("Visual Studio 2022 Build Tools");
            });
        }
    }

    @Test
    void toolsetNotInstalledIsAnErrorWhenToolsetsAreKnown() throws Exception {
        PlanFacts only1451 = PlanFacts.unknown().withInstalledToolsets(List.of("14.51.36231"));
        assertThat(withId(rules.judge(plan("rocm6").withVsInstance("C:\\VS\\18"), only1451), PlanRules.TOOLSET_MSVC))
                .singleElement().satisfies(f -> {
                    assertThat(f.isError()).isTrue();
                    assertThat(f.message()).contains("14.44").contains("C:\\VS\\18").contains("14.51.36231");
                });
        PlanFacts both = PlanFacts.unknown().withInstalledToolsets(List.of("14.44.35207", "14.51.36231"));
        assertThat(withId(rules.judge(plan("rocm6"), both), PlanRules.TOOLSET_MSVC)).isEmpty();
    }

    @Test
    void nativeCpuOnIsAnError() throws Exception {
        ReleasePlan p = plan("rocm6").withOptions(BuildOptions.releaseDefaults().withNativeCpu(true));
        assertThat(withId(rules.judge(p), PlanRules.BUILD_NATIVE_CPU)).singleElement()
                .satisfies(f -> assertThat(f.fix()).contains("-NoNativeCpu")).matches(Finding::isError);
    }

    @Test
    void deploymentBuildOffIsAnError() throws Exception {
        ReleasePlan p = plan("rocm6").withOptions(BuildOptions.releaseDefaults().withDeploymentBuild(false));
        assertThat(withId(rules.judge(p), PlanRules.BUILD_DEPLOYMENT)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("model spec not found")).matches(Finding::isError);
    }

    @Test
    void oldBuildScriptWithoutTheSwitchesIsRefused() throws Exception {
        PlanFacts pr48 = PlanFacts.unknown().withBuildScript(new BuildScriptFacts(
                Set.of("RocmPath", "GpuTargets", "Target", "Jobs", "NoHipblasLt"), false));
        List<Finding> f = rules.judge(plan("rocm6"), pr48);
        assertThat(withId(f, PlanRules.BUILD_NATIVE_CPU)).singleElement().matches(Finding::isError);
        assertThat(withId(f, PlanRules.BUILD_DEPLOYMENT)).singleElement().matches(Finding::isError);
        assertThat(withId(f, PlanRules.BUILD_OPENMP)).singleElement().matches(Finding::isError);
    }

    @Test
    void currentBuildScriptPassesEverySwitchRule() throws Exception {
        PlanFacts current = PlanFacts.unknown().withBuildScript(new BuildScriptFacts(
                Set.of("rocmpath", "nonativecpu", "deploymentbuild", "buildDir"), true));
        List<Finding> f = rules.judge(plan("rocm6"), current);
        assertThat(withId(f, PlanRules.BUILD_NATIVE_CPU)).isEmpty();
        assertThat(withId(f, PlanRules.BUILD_DEPLOYMENT)).isEmpty();
        assertThat(withId(f, PlanRules.BUILD_OPENMP)).isEmpty();
    }

    @Test
    void openmpIsReportedUncheckedWhenTheScriptWasNotRead() throws Exception {
        assertThat(withId(rules.judge(plan("rocm6")), PlanRules.BUILD_OPENMP)).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("Not checked")).extracting(Finding::severity).isEqualTo(Severity.INFO);
    }

    @Test
    void changedDefaultsAreErrorsWhenAnIntegratedGpuIsTargeted() throws Exception {
        ReleasePlan p = plan("rocm6").withOptions(BuildOptions.releaseDefaults().withGraphs(true).withVmm(true));
        List<Finding> defaults = withId(rules.judge(p), PlanRules.BUILD_DEFAULTS);
        assertThat(defaults).hasSize(2).allMatch(Finding::isError);
        assertThat(defaults.get(0).message()).contains("gfx1103").contains("gfx1150").contains("gfx1151");
    }

    @Test
    void changedDefaultsAreWarningsForDiscreteOnlyTargets() throws Exception {
        ReleasePlan p = plan("rocm6").withTargets(List.of("gfx1100", "gfx1201"))
                .withOptions(BuildOptions.releaseDefaults().withGraphs(true).withVmm(true).withHipblaslt(false));
        List<Finding> defaults = withId(rules.judge(p), PlanRules.BUILD_DEFAULTS);
        assertThat(defaults).hasSize(3).allMatch(f -> f.severity() == Severity.WARNING)
                .allSatisfy(f -> assertThat(f.message()).contains("8 GB"));
    }

    @Test
    void gfx1102OnRocm7HasNoHipblasltKernelsAndPointsToRocm6() throws Exception {
        ReleasePlan p = plan("rocm7").withTargets(List.of("gfx1100", "gfx1102"));
        assertThat(withId(rules.judge(p), PlanRules.ARCH_HIPBLASLT_KERNELS)).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("gfx1102").contains("ROCm 7.1").contains("RX 7600");
            assertThat(f.fix()).contains("rocm6");
        });
        assertThat(withId(rules.judge(plan("rocm6")), PlanRules.ARCH_HIPBLASLT_KERNELS)).isEmpty();
    }

    @Test
    void gfx1103WithHipblasltOffHasNoGemmPath() throws Exception {
        ReleasePlan p = plan("rocm6").withOptions(BuildOptions.releaseDefaults().withHipblaslt(false));
        assertThat(withId(rules.judge(p), PlanRules.ARCH_HIPBLASLT_KERNELS)).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("gfx1103").contains("rocBLAS");
        });
    }

    @Test
    void gfx1030IsRefusedAnywhere() throws Exception {
        for (String track : List.of("rocm6", "rocm7")) {
            ReleasePlan p = plan(track).withTargets(List.of("gfx1100", "gfx1030"));
            List<Finding> f = rules.judge(p);
            assertThat(withId(f, PlanRules.ARCH_RDNA2)).singleElement().satisfies(r -> {
                assertThat(r.isError()).isTrue();
                assertThat(r.message()).contains("gfx1030").contains("RDNA2");
            });
            // hipBLASLt has no RDNA2 kernels in either SDK, so the GEMM rule agrees.
            assertThat(withId(f, PlanRules.ARCH_HIPBLASLT_KERNELS)).singleElement().matches(Finding::isError);
        }
    }

    @Test
    void rdna2OverrideTurnsTheRefusalIntoAWarning() throws Exception {
        ReleasePlan p = plan("rocm6").withTargets(List.of("gfx1031")).withAllowRdna2(true);
        assertThat(withId(rules.judge(p), PlanRules.ARCH_RDNA2)).singleElement()
                .extracting(Finding::severity).isEqualTo(Severity.WARNING);
    }

    @Test
    void droppingRocblasKernelsIsAWarning() throws Exception {
        ReleasePlan p = plan("rocm6").withRocblasKernels(KernelPolicy.DROP);
        assertThat(withId(rules.judge(p), PlanRules.LIBS_DROP_ROCBLAS)).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("rocblas.dll still ships");
        });
        assertThat(withId(rules.judge(plan("rocm6")), PlanRules.LIBS_DROP_ROCBLAS)).isEmpty();
    }

    @Test
    void droppingRocblasKernelsWithHipblasltOffIsOneError() throws Exception {
        ReleasePlan p = plan("rocm6").withTargets(List.of("gfx1100")).withRocblasKernels(KernelPolicy.DROP)
                .withOptions(BuildOptions.releaseDefaults().withHipblaslt(false));
        List<Finding> f = rules.judge(p);
        assertThat(withId(f, PlanRules.LIBS_DROP_ROCBLAS)).singleElement().matches(Finding::isError);
        assertThat(withId(f, PlanRules.ARCH_HIPBLASLT_KERNELS)).isEmpty();
    }

    @Test
    void noTargetsIsAnError() throws Exception {
        assertThat(withId(rules.judge(plan("rocm6").withTargets(List.of())), PlanRules.ARCH_TARGETS))
                .singleElement().matches(Finding::isError);
    }

    @Test
    void unknownArchitectureIsBadInputListingTheKnownOnes() {
        assertThatThrownBy(() -> rules.judge(plan("rocm6").withTargets(List.of("gfx1100", "gfx9999"))))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("gfx9999").hasMessageContaining(CATALOG.knownArchitectureIds());
    }

    @Test
    void unknownTrackIsBadInput() {
        assertThatThrownBy(() -> rules.judge(plan("rocm6").withTrack("rocm8")))
                .isInstanceOf(PackagerException.class).hasMessageContaining("rocm8").hasMessageContaining("rocm6, rocm7");
    }

    @Test
    void customTrackBorrowsTheCatalogSizesOfItsRocmVersion() throws Exception {
        ReleasePlan custom = plan("rocm7").withTrack(ReleasePlan.CUSTOM_TRACK).withTargets(List.of("gfx1102"));
        assertThat(withId(rules.judge(custom), PlanRules.ARCH_HIPBLASLT_KERNELS)).singleElement().matches(Finding::isError);
        assertThatThrownBy(() -> rules.judge(custom.withRocmVersion("5.7"))).isInstanceOf(PackagerException.class)
                .hasMessageContaining("5.7");
    }

    @Test
    void scannedKernelSizesReplaceTheCatalog() throws Exception {
        // An SDK whose hipBLASLt does ship gfx1102 kernels (say a later 7.x): the rule follows the scan.
        KernelSizes scanned = new KernelSizes() {
            @Override public String source() { return MEASURED; }
            @Override public long archBytes(KernelLibrary library, String arch) { return 1; }
            @Override public long archlessBytes(KernelLibrary library) { return 0; }
            @Override public boolean hasKernels(KernelLibrary library, String arch) { return true; }
            @Override public String describe() { return "C:\\Program Files\\AMD\\ROCm\\7.2"; }
        };
        ReleasePlan p = plan("rocm7").withTargets(List.of("gfx1102"));
        assertThat(withId(rules.judge(p, PlanFacts.unknown().withKernels(scanned)), PlanRules.ARCH_HIPBLASLT_KERNELS)).isEmpty();
        assertThat(rules.kernelSizes(p, PlanFacts.unknown().withKernels(scanned)).source()).isEqualTo("measured");
        assertThat(rules.kernelSizes(p, PlanFacts.unknown()).source()).isEqualTo("catalog");
    }

    @Test
    void findingsComeInRuleOrder() throws Exception {
        ReleasePlan p = plan("rocm7").withToolset("14.51").withTargets(List.of("gfx1102", "gfx1030"))
                .withRocblasKernels(KernelPolicy.DROP);
        List<String> ids = rules.judge(p).stream().map(Finding::id).distinct().toList();
        assertThat(ids).isSortedAccordingTo((a, b) -> PlanRules.IDS.indexOf(a) - PlanRules.IDS.indexOf(b));
        assertThat(PlanRules.IDS).containsAll(ids);
    }

    @Test
    void gfx1030OnTheOverrideIsToldTheTruePathToAGemmRocblasNotHipblasltFilesThatDoNotExist() throws Exception {
        ReleasePlan rdna2 = plan("rocm6").withTargets(List.of("gfx1100", "gfx1030")).withAllowRdna2(true);
        List<Finding> errors = errors(rules.judge(rdna2));
        assertThat(errors).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(PlanRules.ARCH_HIPBLASLT_KERNELS);
            assertThat(f.fix()).contains("Remove gfx1030 from the targets").contains("turn hipBLASLt off")
                    .contains("rocBLAS, which has kernels for gfx1030 in ROCm 6.4").contains("real RDNA2 hardware")
                    .doesNotContain("Copy");
        });
        // The fix holds: with hipBLASLt off (discrete targets only) nothing refuses the plan any more.
        BuildOptions o = rdna2.options();
        ReleasePlan followed = rdna2.withOptions(new BuildOptions(false, o.vmm(), o.graphs(), o.nativeCpu(), o.deploymentBuild()));
        assertThat(errors(rules.judge(followed))).isEmpty();
        // gfx1102 on ROCm 7.1 has no rocBLAS path to offer in that fix.
        List<String> targets = new ArrayList<>(plan("rocm7").targets());
        targets.add("gfx1102");
        assertThat(withId(rules.judge(plan("rocm7").withTargets(targets)), PlanRules.ARCH_HIPBLASLT_KERNELS)).singleElement()
                .satisfies(f -> assertThat(f.fix()).contains("rocm6"));
    }
}
