package dev.hippack.ui.steps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.ProcessRunner;
import dev.hippack.core.build.StandInLauncher;
import dev.hippack.core.build.VcvarsCapture;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.release.PackageOutcome;
import dev.hippack.core.release.ReleaseResult;
import dev.hippack.core.release.ReleaseService;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.steps.archive.ArchiveStepViewModel;
import dev.hippack.ui.steps.build.BuildStepViewModel;
import dev.hippack.ui.steps.build.PackageBuild;
import dev.hippack.ui.steps.review.PackageReview;
import dev.hippack.ui.steps.review.PackageTreeReader;
import dev.hippack.ui.steps.review.ReviewStepViewModel;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Build, Review and Archive view-models with a release of several packages ("all tracks") on
 * the sample machine: each package's own state, log, tree and zip; a failed package that stops
 * nothing else; a cancel that leaves the rest not run; the engine's refusal of two packages in
 * one build folder; the release written with its sums and notes, and its profile.
 */
class SeveralPackagesViewModelTest {

    @TempDir
    Path dir;

    private final ReleaseService releases = ReleaseService.standard(SampleMachine.CATALOG);

    /** The sample machine's draft with "all tracks" chosen on the Track step, as a person does. */
    private static SampleMachine allTracks(Path dir) throws Exception {
        SampleMachine m = new SampleMachine(dir);
        TrackStepViewModel track = new TrackStepViewModel(SampleMachine.CATALOG, null, null);
        track.enter(m.draft);
        track.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        track.leave(m.draft);
        assertThat(m.draft.severalPackages()).isTrue();
        return m;
    }

    private BuildStepViewModel build(SampleMachine m, TaskRunner runner) {
        return new BuildStepViewModel(host -> service(host), releases,
                PlanJudge.of(new PlanRules(SampleMachine.CATALOG), m.draft::factsFor), runner, Clock.systemUTC());
    }

    private static BuildService service(Host host) {
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(2));
        return new BuildService(host, runner, new VcvarsCapture(host, runner), new BuildFlagCheck(),
                new StandInLauncher(Duration.ZERO), StandardCharsets.UTF_8);
    }

    private static ReviewStepViewModel review(TaskRunner runner) {
        return new ReviewStepViewModel(new LayoutPlanner(SampleMachine.CATALOG), new Stager(),
                PackageVerifier.standard(SampleMachine.CATALOG), new PackageTreeReader(new KernelFileClassifier()), runner);
    }

    private ArchiveStepViewModel archive(SampleMachine m) {
        ProfileStore profiles = new ProfileStore(SampleMachine.CATALOG);
        return new ArchiveStepViewModel(new ZipArchiver(), releases, profiles, new CiWorkflowExporter(SampleMachine.CATALOG, profiles),
                new DirectTaskRunner(), p -> m.draft.host().resolve(p));
    }

    private static Path buildFolder(SampleMachine m, String buildDir) {
        Host h = m.draft.host();
        return h.resolve(h.join(m.draft.source(), buildDir));
    }

    private static void deleteBuildFolders(SampleMachine m) throws Exception {
        for (ReleasePlan p : m.draft.plans()) {
            FileTrees.delete(buildFolder(m, p.buildDir()));
        }
    }

    @Test
    void eachPackageIsBuiltInTurnInItsOwnFolderWithItsOwnLog() throws Exception {
        SampleMachine m = allTracks(dir);
        deleteBuildFolders(m);
        BuildStepViewModel vm = build(m, new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.severalPackagesProperty().get()).isTrue();
        assertThat(vm.packageBuilds()).extracting(PackageBuild::name)
                .containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
        assertThat(vm.packageBuilds()).extracting(b -> b.statusProperty().get()).containsExactly("waiting", "waiting");
        // Two binaries for each package, each line in its package's build folder.
        assertThat(vm.commandLines()).hasSize(4);
        assertThat(vm.commandLines().get(0)).contains("build\\hip ").doesNotContain("hip71");
        assertThat(vm.commandLines().get(2)).contains("build\\hip71");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.completedProperty().get()).isFalse();

        vm.start();

        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.statusProperty().get()).isEqualTo("All 2 packages built.");
        assertThat(vm.completedProperty().get()).isTrue();
        assertThat(vm.releaseEndedProperty().get()).hasSize(2);
        for (PackageBuild b : vm.packageBuilds()) {
            assertThat(b.state()).as(b.statusProperty().get()).isEqualTo(PackageBuild.State.BUILT);
            assertThat(b.statusProperty().get()).matches("built in \\d+:\\d\\d");
            b.log().flush();
            assertThat(b.log().lines()).as(b.name()).isNotEmpty();
            assertThat(b.logFileProperty().get()).exists().startsWith(buildFolder(m, b.plan().buildDir()));
            assertThat(b.record().builtFor().describe()).contains("ROCm " + b.plan().rocmVersion());
            assertThat(buildFolder(m, b.plan().buildDir()).resolve("bin").resolve(BuildRecordStore.FILE_NAME)).exists();
        }
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        vm.leave(m.draft);
        assertThat(m.draft.lastBuilds()).containsOnlyKeys("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
    }

    @Test
    void backAndChangeKeepsEachPackagesBuildWhileItServesAndSaysWhatChangedWhenItDoesNot() throws Exception {
        SampleMachine m = allTracks(dir);
        deleteBuildFolders(m);
        TrackStepViewModel track = new TrackStepViewModel(SampleMachine.CATALOG, null, null);
        BuildStepViewModel vm = build(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.start();
        assertThat(vm.completedProperty().get()).isTrue();
        vm.leave(m.draft);

        // Back, one track (rocm7), Next: a release of one, whose package the last run built in its folder.
        track.enter(m.draft);
        track.presetProperty().set("rocm7");
        track.leave(m.draft);
        vm.enter(m.draft);
        assertThat(vm.severalPackagesProperty().get()).isFalse();
        assertThat(vm.packageBuilds()).extracting(PackageBuild::name).containsExactly("audiocpp-windows-hip-rocm7");
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.statusProperty().get()).isEqualTo("Build finished.");
        assertThat(vm.log().received()).isPositive();
        assertThat(vm.startedAtProperty().get()).isNotNull();
        vm.leave(m.draft);

        // Back, all tracks again: both builds count again, rows, logs and time as they ended.
        track.enter(m.draft);
        track.presetProperty().set(TrackStepViewModel.ALL_TRACKS);
        track.leave(m.draft);
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.statusProperty().get()).isEqualTo("All 2 packages built.");
        assertThat(vm.packageBuilds()).allSatisfy(b -> assertThat(b.statusProperty().get()).matches("built in \\d+:\\d\\d"));

        // Another toolset: each package says "rebuild needed" and what changed; rows wait, with no time and an empty log.
        vm.toolsetProperty().set("14.43");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.completedProperty().get()).isFalse();
        assertThat(vm.rebuildNoticeProperty().get())
                .contains("audiocpp-windows-hip-rocm6: Built for ROCm 6.4").contains("audiocpp-windows-hip-rocm7: Built for ROCm 7.1")
                .contains("rebuild needed").contains("MSVC toolset: built with 14.44, the plan uses 14.43");
        // The sample's Visual Studio has only 14.44: the rules' error comes first, the notice stays.
        assertThat(vm.blockerProperty().get()).startsWith("Fix first: MSVC toolset 14.43 is not installed");
        assertThat(vm.packageBuilds()).allSatisfy(b -> {
            assertThat(b.statusProperty().get()).isEqualTo("waiting");
            assertThat(b.log().received()).isZero();
        });
        assertThat(vm.startedAtProperty().get()).isNull();
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.outcomeShownProperty().get()).isFalse();
        vm.toolsetProperty().set("14.44");
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.rebuildNoticeProperty().get()).isEmpty();
        assertThat(vm.packageBuilds()).allSatisfy(b -> assertThat(b.log().received()).isPositive());

        // Back, one target fewer in every package: the builds serve the packages, and say so.
        List<WizardDraft.PackageChoice> fewer = m.draft.packages().stream().map(p -> new WizardDraft.PackageChoice(p.track(),
                p.rocmVersion(), p.targets().stream().filter(t -> !t.equals("gfx1101")).toList(), p.buildDir(), p.archiveName(),
                -1, -1, -1)).toList();
        m.draft.packages(fewer);
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.builtNoteProperty().get()).contains("audiocpp-windows-hip-rocm6: Built for").contains("usable for this plan")
                .contains("audiocpp-windows-hip-rocm7: Built for");
    }

    @Test
    void theStepsLogIsTheSelectedPackagesAndFollowsTheRunningOne() throws Exception {
        SampleMachine m = allTracks(dir);
        HeldTaskRunner runner = new HeldTaskRunner();
        BuildStepViewModel vm = build(m, runner);
        vm.enter(m.draft);
        assertThat(vm.selectedProperty().get()).isSameAs(vm.packageBuilds().get(0));
        vm.select(vm.packageBuilds().get(1));
        assertThat(vm.log()).isSameAs(vm.packageBuilds().get(1).log());
        vm.start();
        runner.release();
        // The first package builds: its log, rows and log file are the step's.
        PackageBuild first = vm.packageBuilds().get(0);
        assertThat(vm.selectedProperty().get()).isSameAs(first);
        assertThat(vm.log()).isSameAs(first.log());
        assertThat(vm.binaries()).containsExactlyElementsOf(first.binaries());
        assertThat(vm.logFileProperty().get()).isEqualTo(first.logFileProperty().get());
        runner.release();
        assertThat(vm.selectedProperty().get()).isSameAs(vm.packageBuilds().get(1));
        runner.release();
        assertThat(runner.heldCount()).isZero();
        assertThat(vm.completedProperty().get()).isTrue();
        // The findings of the last build are the selected package's, for one package as for several.
        assertThat(vm.outcomeShownProperty().get()).isTrue();
        vm.select(first);
        assertThat(vm.findings()).containsExactlyElementsOf(first.findings());
        assertThat(vm.resultProperty().get()).isSameAs(first.result());
    }

    @Test
    void aPackageWhoseBuildFailsStopsNothingElseAndTheStepSaysWhich() throws Exception {
        SampleMachine m = allTracks(dir);
        deleteBuildFolders(m);
        Host h = m.draft.host();
        Files.delete(h.resolve(h.join(m.draft.sdkByVersion().get("6.4"), "bin", "hipblaslt.dll")));
        BuildStepViewModel vm = build(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.start();
        PackageBuild rocm6 = vm.packageBuilds().get(0);
        PackageBuild rocm7 = vm.packageBuilds().get(1);
        assertThat(rocm6.state()).isEqualTo(PackageBuild.State.FAILED);
        assertThat(rocm6.statusProperty().get()).startsWith("failed after").contains(rocm6.error());
        assertThat(rocm6.findings()).anyMatch(f -> f.isError());
        assertThat(rocm7.state()).as(rocm7.statusProperty().get()).isEqualTo(PackageBuild.State.BUILT);
        assertThat(vm.statusProperty().get()).isEqualTo("1 of 2 packages built.");
        assertThat(vm.completedProperty().get()).isFalse();
        assertThat(vm.errorProperty().get()).startsWith(rocm6.name() + ": ");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith(rocm6.name() + " was not built");
    }

    @Test
    void cancellingEndsTheRunningPackageAndTheRestAreNotRun() throws Exception {
        SampleMachine m = allTracks(dir);
        HeldTaskRunner runner = new HeldTaskRunner();
        BuildStepViewModel vm = build(m, runner);
        vm.enter(m.draft);
        vm.start();
        // The engine's checks first, then the first package's build: each its own task.
        assertThat(runner.heldCount()).isEqualTo(1);
        runner.release();
        assertThat(vm.packageBuilds().get(0).state()).isEqualTo(PackageBuild.State.RUNNING);
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.blockerProperty().get()).isEqualTo("The packages are being built.");
        vm.cancel();
        assertThat(runner.cancels()).isEqualTo(1);
        runner.release();
        assertThat(vm.packageBuilds()).extracting(PackageBuild::state)
                .containsExactly(PackageBuild.State.CANCELLED, PackageBuild.State.NOT_RUN);
        assertThat(vm.packageBuilds().get(1).statusProperty().get()).startsWith("not run");
        assertThat(vm.errorProperty().get()).startsWith(BuildStepViewModel.CANCELLED).contains("were not run");
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(runner.heldCount()).isZero();
    }

    @Test
    void existingBinariesServeOnlyWhenEveryPackagesFolderHoldsBinariesBuiltForIt() throws Exception {
        SampleMachine m = allTracks(dir);
        // The sample machine has binaries built for each track's plan in each track's folder.
        BuildStepViewModel vm = build(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.existingDescriptionProperty().get()).isEqualTo("Found the binaries of an earlier build of every package.");
        // One package's folder emptied: refused, naming that package.
        FileTrees.delete(buildFolder(m, "build\\hip71"));
        vm.useExistingProperty().set(false);
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith("audiocpp-windows-hip-rocm7: not built yet");
    }

    @Test
    void twoPackagesInOneBuildFolderAreRefusedByTheEngineBeforeAnyBuild() throws Exception {
        SampleMachine m = allTracks(dir);
        deleteBuildFolders(m);
        List<WizardDraft.PackageChoice> same = m.draft.packages().stream().map(p -> new WizardDraft.PackageChoice(p.track(),
                p.rocmVersion(), p.targets(), "build\\hip", p.archiveName(), -1, -1, -1)).toList();
        m.draft.packages(same);
        BuildStepViewModel vm = build(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.start();
        assertThat(vm.errorProperty().get()).contains("would both build in").contains("build\\hip:");
        assertThat(vm.packageBuilds()).allSatisfy(b -> {
            assertThat(b.state()).isEqualTo(PackageBuild.State.FAILED);
            assertThat(b.statusProperty().get()).startsWith("not built: ");
        });
        assertThat(buildFolder(m, "build\\hip").resolve("bin").resolve(BuildRecordStore.FILE_NAME)).doesNotExist();
        assertThat(vm.validProperty().get()).isFalse();
    }

    @Test
    void reviewStagesEachPackageAsATreeAndMarksTheOneWhoseChecksFail() throws Exception {
        SampleMachine m = allTracks(dir);
        // The sample's prebuilt binaries serve both packages; the ROCm 7.1 SDK lacks gfx1151's GEMM index.
        Host h = m.draft.host();
        Files.delete(h.resolve(h.join(m.draft.sdkByVersion().get("7.1"), "bin", "hipblaslt", "library",
                "TensileLibrary_lazy_gfx1151.dat")));
        ReviewStepViewModel vm = review(new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.packageReviews()).extracting(PackageReview::name)
                .containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
        PackageReview rocm6 = vm.packageReviews().get(0);
        PackageReview rocm7 = vm.packageReviews().get(1);
        assertThat(rocm6.willZip()).as(rocm6.summary()).isTrue();
        assertThat(rocm6.tree().name()).isEqualTo(rocm6.name());
        assertThat(rocm7.willZip()).isFalse();
        assertThat(rocm7.tree().name()).isEqualTo(rocm7.name());
        assertThat(rocm7.summary()).endsWith("this package gets no zip");
        assertThat(rocm7.findings()).filteredOn(f -> f.isError()).isNotEmpty().allMatch(f -> f.message().contains("gfx1151"));
        assertThat(vm.totalsProperty().get()).isEqualTo("1 of 2 packages passed their checks; the others get no zip and the"
                + " release will be incomplete.");
        // One package passes: Next opens (after the warnings, if any), for an incomplete release.
        if (vm.warningCount() > 0) {
            assertThat(vm.validProperty().get()).isFalse();
            vm.warningsAcknowledgedProperty().set(true);
        }
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        // A single track again: the review of the two no longer applies; the one package is staged, by the same path.
        m.draft.packages(List.of());
        vm.enter(m.draft);
        assertThat(vm.packageReviews()).extracting(PackageReview::name).containsExactly(m.draft.toPlan().archiveName());
        assertThat(vm.severalPackagesProperty().get()).isFalse();
        assertThat(vm.treeProperty().get().name()).isEqualTo(m.draft.toPlan().archiveName());
    }

    @Test
    void reviewWhereNoPackagePassesKeepsNextClosed() throws Exception {
        SampleMachine m = allTracks(dir);
        Host h = m.draft.host();
        for (String version : List.of("6.4", "7.1")) {
            Files.delete(h.resolve(h.join(m.draft.sdkByVersion().get(version), "bin", "hipblaslt", "library",
                    "TensileLibrary_lazy_gfx1151.dat")));
        }
        ReviewStepViewModel vm = review(new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.packageReviews()).hasSize(2).noneMatch(PackageReview::willZip);
        vm.warningsAcknowledgedProperty().set(true);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith("No package passed its checks");
    }

    @Test
    void archiveWritesEveryZipOneSha256SumsAndTheNotesAndSavesThePackagesProfile() throws Exception {
        SampleMachine m = allTracks(dir);
        ArchiveStepViewModel vm = archive(m);
        vm.enter(m.draft);
        assertThat(vm.severalPackagesProperty().get()).isTrue();
        assertThat(vm.packageNames()).containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.canStart()).isTrue();
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        ReleaseResult r = vm.releaseProperty().get();
        assertThat(r.complete()).isTrue();
        Path out = vm.outputFolderProperty().get();
        String sums = Files.readString(out.resolve("SHA256SUMS"));
        for (PackageOutcome o : r.packages()) {
            assertThat(o.zipFile()).hasValue(out.resolve(o.pkg().name() + ".zip"));
            assertThat(sums).contains(o.zip().orElseThrow().sha256() + "  " + o.pkg().name() + ".zip");
        }
        assertThat(Files.readString(out.resolve("RELEASE-NOTES.md"))).isEqualTo(r.notesText()).contains("gfx1102");
        assertThat(vm.releaseSummaryProperty().get()).startsWith("Complete release: all 2 packages");
        assertThat(vm.validProperty().get()).isTrue();
        // The lock went with the run.
        OutputLock.acquire(out, "the next run").close();

        // Pressing again rewrites the release it wrote; another folder's files of the same names are not replaced unasked.
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        vm.saveProfile(dir.resolve("release.json"));
        assertThat(vm.profileMessageProperty().get()).startsWith("Saved the release profile of 2 packages");
        Release loaded = new ProfileStore(SampleMachine.CATALOG).loadRelease(dir.resolve("release.json"));
        assertThat(loaded.packages()).isEqualTo(m.draft.plans());
    }

    @Test
    void archiveRefusesAnEarlierReleasesFilesUnlessReplaceIsTicked() throws Exception {
        SampleMachine m = allTracks(dir);
        ArchiveStepViewModel vm = archive(m);
        vm.enter(m.draft);
        Path out = vm.outputFolderProperty().get();
        Files.createDirectories(out);
        Files.writeString(out.resolve("SHA256SUMS"), "an earlier release\n");
        vm.start();
        assertThat(vm.errorProperty().get()).startsWith("SHA256SUMS already exists in").contains("Replace files of the same name");
        assertThat(vm.releaseProperty().get()).isNull();
        assertThat(Files.readString(out.resolve("SHA256SUMS"))).isEqualTo("an earlier release\n");
        vm.overwriteProperty().set(true);
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.releaseProperty().get().complete()).isTrue();
    }
}
