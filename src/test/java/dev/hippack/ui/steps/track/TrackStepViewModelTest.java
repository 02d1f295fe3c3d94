package dev.hippack.ui.steps.track;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSize;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.ui.steps.PlanJudge;
import dev.hippack.ui.wizard.WizardDraft;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrackStepViewModelTest {

    private final Catalog catalog = CatalogLoader.embedded();
    private final List<ReleasePlan> estimated = new ArrayList<>();
    /** Counts the targets so each tick visibly changes the figure; the real estimator lands from core. */
    private final BreakdownEstimator countingEstimator = plan -> {
        estimated.add(plan);
        long bytes = plan.targets().size() * 1_000_000L + (plan.generation() == 7 ? 1 : 0);
        return new SizeBreakdown(List.of(new SizeBreakdown.Segment("rocBLAS kernels", bytes, false)),
                bytes, bytes / 2, bytes, "catalog", false);
    };

    private TrackStepViewModel vm(BreakdownEstimator e, PlanJudge j) {
        TrackStepViewModel vm = new TrackStepViewModel(catalog, e, j);
        vm.enter(WizardDraft.forTrack(catalog.track("rocm6").orElseThrow()));
        return vm;
    }

    private ArchitectureRow row(TrackStepViewModel vm, String id) {
        return vm.rows().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void rocm6PresetTicksTheGuidesEightTargets() {
        TrackStepViewModel vm = vm(null, null);
        assertThat(vm.presetProperty().get()).isEqualTo("rocm6");
        assertThat(vm.selectedIds()).containsExactly("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        assertThat(vm.validProperty().get()).isTrue();
    }

    @Test
    void rocm7PresetDropsGfx1102AndBlocksItsRowWithTheReason() {
        TrackStepViewModel vm = vm(null, null);
        vm.presetProperty().set("rocm7");
        assertThat(vm.selectedIds()).doesNotContain("gfx1102").hasSize(7);
        assertThat(row(vm, "gfx1102").isBlocked()).isTrue();
        assertThat(row(vm, "gfx1102").blockedReasonProperty().get()).contains("ROCm 7.1").contains("rocm6");
        assertThat(row(vm, "gfx1102").coveredOn("rocm6")).isTrue();
        assertThat(row(vm, "gfx1102").coveredOn("rocm7")).isFalse();
    }

    @Test
    void rdna2RowsAreBlockedOnEveryTrackUnlessOverridden() {
        TrackStepViewModel vm = vm(null, null);
        assertThat(row(vm, "gfx1030").blockedReasonProperty().get()).startsWith("RDNA2");
        vm.allowRdna2Property().set(true);
        assertThat(row(vm, "gfx1030").isBlocked()).isFalse();
    }

    @Test
    void tickingARowByHandMakesTheTrackCustomOnTheSameRocmVersion() {
        TrackStepViewModel vm = vm(null, null);
        row(vm, "gfx1100").selectedProperty().set(false);
        assertThat(vm.presetProperty().get()).isEqualTo(ReleasePlan.CUSTOM_TRACK);
        assertThat(vm.baseTrackProperty().get().id()).isEqualTo("rocm6");
        WizardDraft d = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        vm.leave(d);
        assertThat(d.track()).isEqualTo("custom");
        assertThat(d.rocmVersion()).isEqualTo("6.4");
        assertThat(d.targets()).doesNotContain("gfx1100").hasSize(7);
    }

    @Test
    void noTickMeansInvalidWithAReason() {
        TrackStepViewModel vm = vm(null, null);
        vm.rows().forEach(r -> r.selectedProperty().set(false));
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("at least one");
    }

    @Test
    void everyTickReEstimatesAtOnceAndComparesBothTracks() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        assertThat(vm.estimateProperty().get().totalBytes()).isEqualTo(8_000_000L);
        row(vm, "gfx1100").selectedProperty().set(false);
        assertThat(vm.estimateProperty().get().totalBytes()).isEqualTo(7_000_000L);
        List<TrackComparison> cmp = vm.comparisonProperty().get();
        assertThat(cmp).extracting(c -> c.track().id()).containsExactly("rocm6", "rocm7");
        assertThat(cmp.get(0).chosen()).isTrue();
        // rocm7 ships 6 of the 7 ticked: gfx1102 has no kernels there, and it says so.
        assertThat(cmp.get(1).excluded()).containsExactly("gfx1102");
        assertThat(cmp.get(1).estimate().totalBytes()).isEqualTo(6_000_001L);
        assertThat(estimated).anyMatch(p -> p.track().equals("custom") && !p.targets().contains("gfx1100"));
    }

    @Test
    void engineEstimateFollowsTicksAndMarksTheDerived71FiguresApproximate() {
        dev.hippack.core.plan.PlanRules rules = new dev.hippack.core.plan.PlanRules(catalog);
        WizardDraft draft = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        TrackStepViewModel vm = new TrackStepViewModel(catalog,
                CoreEstimates.estimator(new dev.hippack.core.estimate.SizeEstimator(catalog, rules), draft::factsFor),
                PlanJudge.of(rules, draft::factsFor));
        vm.enter(draft);
        SizeBreakdown all = vm.estimateProperty().get();
        assertThat(all.source()).isEqualTo("catalog");
        assertThat(all.segments()).extracting(SizeBreakdown.Segment::component)
                .contains("Executables", "HIP runtime", "Math DLLs", "CRT", "rocBLAS kernels", "hipBLASLt kernels");
        row(vm, "gfx1100").selectedProperty().set(false);
        SizeBreakdown without = vm.estimateProperty().get();
        // gfx1100 carries 279.6 MiB of rocBLAS and 16 MiB of hipBLASLt kernels on 6.4.
        assertThat(all.totalBytes() - without.totalBytes()).isEqualTo(Math.round(279.6 * 1024 * 1024) + 16L * 1024 * 1024);
        assertThat(without.zipLowBytes()).isLessThan(without.zipHighBytes()).isLessThan(without.totalBytes());
        SizeBreakdown on71 = vm.comparisonProperty().get().get(1).estimate();
        assertThat(on71.approximate()).isTrue();
        assertThat(on71.totalBytes()).isNotEqualTo(without.totalBytes());
        assertThat(vm.findings()).extracting(Finding::id).contains("eula.redistribution");
    }

    @Test
    void missingEstimatorIsSaidPlainly() {
        TrackStepViewModel vm = vm(null, null);
        assertThat(vm.estimateProperty().get()).isNull();
        assertThat(vm.estimateProblemProperty().get()).contains("not available");
    }

    @Test
    void errorFindingsBlockNextAndAreShown() {
        PlanJudge judge = plan -> plan.targets().contains("gfx1030")
                ? List.of(Finding.error("arch.rdna2", "gfx1030 has no hipBLASLt kernels", "Untick gfx1030"))
                : List.of(Finding.warning("eula.redistribution", "EULA", "Read it"));
        TrackStepViewModel vm = vm(null, judge);
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.findings()).extracting(Finding::id).containsExactly("eula.redistribution");
        vm.allowRdna2Property().set(true);
        row(vm, "gfx1030").selectedProperty().set(true);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("gfx1030 has no hipBLASLt kernels");
    }

    @Test
    void dropPolicyWarnsAndReachesThePlan() {
        TrackStepViewModel vm = vm(null, null);
        assertThat(vm.policyWarningProperty().get()).isEmpty();
        vm.kernelPolicyProperty().set(KernelPolicy.DROP);
        assertThat(vm.policyWarningProperty().get()).contains("untested");
        assertThat(vm.plan().rocblasKernels()).isEqualTo(KernelPolicy.DROP);
    }

    @Test
    void aTrackRestingOnAnInferredFactShowsTheCatalogsNotVerifiedSentenceAndOthersShowNone() {
        java.util.List<dev.hippack.core.catalog.Track> tracks = new ArrayList<>();
        for (dev.hippack.core.catalog.Track t : catalog.tracks()) {
            tracks.add(!t.id().equals("rocm7") ? t : new dev.hippack.core.catalog.Track(t.id(), t.rocmVersion(), t.generation(),
                    t.targets(), t.buildDir(), t.packageName(), t.sdkInstaller(), t.windows(), List.of("An inferred rule.")));
        }
        Catalog c = new Catalog(tracks, catalog.architectures(), catalog.generations(), catalog.crtDlls(), catalog.executables(),
                catalog.zipRatio(), catalog.kernelSizes());
        TrackStepViewModel vm = new TrackStepViewModel(c, null, null);
        vm.enter(WizardDraft.forTrack(c.track("rocm6").orElseThrow()));
        assertThat(vm.hardwareCaveatProperty().get()).isEmpty();
        vm.presetProperty().set("rocm7");
        assertThat(vm.hardwareCaveatProperty().get()).isEqualTo("Not verified on hardware (ROCm 7.1): An inferred rule.");
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        assertThat(vm.hardwareCaveatProperty().get()).isEqualTo("Not verified on hardware (ROCm 7.1): An inferred rule.");
        vm.presetProperty().set("rocm6");
        assertThat(vm.hardwareCaveatProperty().get()).isEmpty();
    }

    @Test
    void localGpuIsMarkedAndPreTicked() {
        TrackStepViewModel vm = new TrackStepViewModel(catalog, null, null);
        WizardDraft d = new WizardDraft();
        d.localGpus(List.of("gfx1151"));
        d.applyTrack(catalog.track("rocm7").orElseThrow());
        d.targets(List.of("gfx1100"));
        vm.enter(d);
        assertThat(row(vm, "gfx1151").isLocal()).isTrue();
        assertThat(vm.selectedIds()).containsExactly("gfx1100", "gfx1151");
    }

    @Test
    void switchingTrackChangesBuildFolderAndPackageName() {
        TrackStepViewModel vm = vm(null, null);
        vm.presetProperty().set("rocm7");
        WizardDraft d = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        vm.leave(d);
        assertThat(d.buildDir()).isEqualTo("build\\hip71");
        assertThat(d.archiveName()).isEqualTo("audiocpp-windows-hip-rocm7");
        assertThat(d.toPlan().targets()).hasSize(7);
    }

    @Test
    void clickingARowThatCannotShipTicksNothingAndSaysWhyInFull() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        vm.presetProperty().set("rocm7");
        ArchitectureRow gfx1102 = row(vm, "gfx1102");
        assertThat(vm.toggle(gfx1102)).isFalse();
        assertThat(gfx1102.isSelected()).isFalse();
        assertThat(vm.tickNoticeProperty().get()).startsWith("gfx1102 (").contains("cannot be shipped on ROCm 7.1")
                .contains(gfx1102.blockedReasonProperty().get());
        assertThat(vm.toggle(row(vm, "gfx1100"))).isTrue();
        assertThat(vm.tickNoticeProperty().get()).isEmpty();
    }

    @Test
    void theLastChangeSaysHowMuchATickMovedTheTotal() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        assertThat(vm.lastChangeProperty().get()).isEmpty();
        vm.toggle(row(vm, "gfx1100"));
        assertThat(vm.lastChangeProperty().get()).isEqualTo("\u22121.0 MiB (gfx1100 unticked)");
        vm.toggle(row(vm, "gfx1100"));
        assertThat(vm.lastChangeProperty().get()).isEqualTo("+1.0 MiB (gfx1100 ticked)");
        vm.presetProperty().set("rocm7");
        assertThat(vm.lastChangeProperty().get()).endsWith("(the rocm7 preset)").startsWith("\u2212");
    }

    @Test
    void theRdna2OverridesErrorOffersHipblasltOffWhereItIsShown() {
        dev.hippack.core.plan.PlanRules rules = new dev.hippack.core.plan.PlanRules(catalog);
        WizardDraft draft = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        TrackStepViewModel vm = new TrackStepViewModel(catalog, null, PlanJudge.of(rules, draft::factsFor));
        vm.enter(draft);
        vm.rows().forEach(r -> r.selectedProperty().set(false));
        vm.allowRdna2Property().set(true);
        vm.toggle(row(vm, "gfx1030"));
        vm.toggle(row(vm, "gfx1100"));
        Finding gemm = vm.findings().stream().filter(f -> f.id().equals(dev.hippack.core.plan.PlanRules.ARCH_HIPBLASLT_KERNELS))
                .findFirst().orElseThrow();
        assertThat(gemm.isError()).isTrue();
        assertThat(vm.validProperty().get()).isFalse();
        var remedy = vm.remedyFor(gemm).orElseThrow();
        assertThat(remedy.label()).isEqualTo("Turn hipBLASLt off");
        remedy.action().run();
        assertThat(vm.hipblasltProperty().get()).isFalse();
        assertThat(vm.plan().options().hipblaslt()).isFalse();
        // gfx1030 and gfx1100 have rocBLAS kernels in 6.4, both are discrete: no error is left.
        assertThat(vm.findings()).noneMatch(Finding::isError);
        assertThat(vm.validProperty().get()).isTrue();
        WizardDraft out = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        vm.leave(out);
        assertThat(out.options().hipblaslt()).as("the Build step starts from it").isFalse();
        assertThat(vm.findings()).allSatisfy(f -> assertThat(vm.remedyFor(f)).isEmpty());
    }

    // ---- all tracks: one package per catalog track -------------------------------------------

    private static List<String> targetsOf(List<ReleasePlan> plans, String track) {
        return plans.stream().filter(p -> p.track().equals(track)).findFirst().orElseThrow().targets();
    }

    private double mib(String track, KernelLibrary lib, String arch) {
        return catalog.kernelSizes(track, lib).flatMap(k -> k.arch(arch)).map(KernelSize::mib).orElse(0.0);
    }

    @Test
    void withAllTracksARowsSizesAddUpThePackagesThatShipIt() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        assertThat(row(vm, "gfx1100").rocblasMibProperty().get()).isEqualTo(mib("rocm6", KernelLibrary.ROCBLAS, "gfx1100"));
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        for (KernelLibrary lib : KernelLibrary.values()) {
            ArchitectureRow gfx1100 = row(vm, "gfx1100");
            double both = mib("rocm6", lib, "gfx1100") + mib("rocm7", lib, "gfx1100");
            assertThat(lib == KernelLibrary.ROCBLAS ? gfx1100.rocblasMibProperty().get() : gfx1100.hipblasltMibProperty().get())
                    .as(lib.toString()).isCloseTo(both, offset(1e-9));
        }
        // gfx1102 ships only in rocm6 (7.1's hipBLASLt has no kernels for it): only rocm6's files count.
        assertThat(row(vm, "gfx1102").rocblasMibProperty().get()).isEqualTo(mib("rocm6", KernelLibrary.ROCBLAS, "gfx1102"));
        vm.presetProperty().set("rocm7");
        assertThat(row(vm, "gfx1100").rocblasMibProperty().get()).isEqualTo(mib("rocm7", KernelLibrary.ROCBLAS, "gfx1100"));
    }

    @Test
    void allTracksMakesOnePackagePerCatalogTrackEachWithItsOwnTrackTargetsFolderAndName() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        assertThat(vm.allTracks()).isTrue();
        List<ReleasePlan> plans = vm.packagePlans();
        assertThat(plans).extracting(ReleasePlan::track).containsExactly("rocm6", "rocm7");
        assertThat(plans).extracting(ReleasePlan::rocmVersion).containsExactly("6.4", "7.1");
        assertThat(plans).extracting(ReleasePlan::buildDir).containsExactly("build\\hip", "build\\hip71");
        assertThat(plans).extracting(ReleasePlan::archiveName).containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
        assertThat(targetsOf(plans, "rocm6")).containsExactlyElementsOf(catalog.track("rocm6").orElseThrow().targets());
        assertThat(targetsOf(plans, "rocm7")).containsExactlyElementsOf(catalog.track("rocm7").orElseThrow().targets());
        // gfx1102 is ticked (rocm6 ships it), not blocked; RDNA2 is blocked on every track.
        assertThat(vm.selectedIds()).contains("gfx1102");
        assertThat(row(vm, "gfx1102").isBlocked()).isFalse();
        assertThat(row(vm, "gfx1030").isBlocked()).isTrue();
        // The estimate is the release's: each package's own, and their sum.
        assertThat(vm.comparisonProperty().get()).allMatch(TrackComparison::chosen)
                .extracting(c -> c.estimate().totalBytes()).containsExactly(8_000_000L, 7_000_001L);
        assertThat(vm.comparisonProperty().get().get(1).excluded()).containsExactly("gfx1102");
        assertThat(vm.estimateProperty().get().totalBytes()).isEqualTo(15_000_001L);
        assertThat(vm.sdkDescriptionProperty().get()).startsWith("One package for each of the catalog's 2 tracks")
                .contains("rocm6 on ROCm 6.4 in build\\hip").contains("rocm7 on ROCm 7.1 in build\\hip71");
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
    }

    @Test
    void withAllTracksATickIsEveryPackageThatCanShipItAndTheTracksStayAll() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        row(vm, "gfx1100").selectedProperty().set(false);
        assertThat(vm.presetProperty().get()).isEqualTo(TrackStepViewModel.ALL_TRACKS);
        assertThat(vm.packagePlans()).allSatisfy(p -> assertThat(p.targets()).doesNotContain("gfx1100"));
        assertThat(vm.lastChangeProperty().get()).contains("(gfx1100 unticked)");
        // Only what one track ships: the other package would be empty, which the step refuses with the reason.
        for (ArchitectureRow r : vm.rows()) {
            r.selectedProperty().set(r.id().equals("gfx1102"));
        }
        assertThat(targetsOf(vm.packagePlans(), "rocm6")).containsExactly("gfx1102");
        assertThat(targetsOf(vm.packagePlans(), "rocm7")).isEmpty();
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith("The rocm7 package would ship none of the ticked architectures");
    }

    @Test
    void allTracksLeavesThePackagesInTheDraftAndComesBackToThem() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        row(vm, "gfx1201").selectedProperty().set(false);
        WizardDraft d = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        vm.leave(d);
        assertThat(d.severalPackages()).isTrue();
        assertThat(d.plans()).isEqualTo(vm.packagePlans());
        assertThat(d.packages()).extracting(WizardDraft.PackageChoice::estimatedBytes).containsExactly(7_000_000L, 6_000_001L);
        // The single-package fields are the first package's: Back and one track start from there.
        assertThat(d.track()).isEqualTo("rocm6");
        assertThat(d.toRelease().packages()).hasSize(2);

        TrackStepViewModel again = new TrackStepViewModel(catalog, countingEstimator, null);
        again.enter(d);
        assertThat(again.presetProperty().get()).isEqualTo(TrackStepViewModel.ALL_TRACKS);
        assertThat(again.selectedIds()).contains("gfx1102").doesNotContain("gfx1201");
        assertThat(again.packagePlans()).isEqualTo(d.plans());
    }

    @Test
    void fromAllTracksToOneTrackAndBackTheDraftFollows() {
        TrackStepViewModel vm = vm(countingEstimator, null);
        WizardDraft d = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        vm.enter(d);
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        vm.leave(d);
        vm.enter(d);
        vm.presetProperty().set("rocm7");
        vm.leave(d);
        assertThat(d.severalPackages()).isFalse();
        assertThat(d.plans()).hasSize(1);
        assertThat(d.toPlan().track()).isEqualTo("rocm7");
        assertThat(d.toPlan().buildDir()).isEqualTo("build\\hip71");
        assertThat(d.toPlan().archiveName()).isEqualTo("audiocpp-windows-hip-rocm7");
        assertThat(d.toPlan().targets()).doesNotContain("gfx1102");
        vm.enter(d);
        assertThat(vm.presetProperty().get()).isEqualTo("rocm7");
        vm.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        vm.leave(d);
        assertThat(d.plans()).extracting(ReleasePlan::buildDir).containsExactly("build\\hip", "build\\hip71");
        assertThat(targetsOf(d.plans(), "rocm6")).contains("gfx1102");
    }
}
