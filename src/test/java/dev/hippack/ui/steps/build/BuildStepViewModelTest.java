package dev.hippack.ui.steps.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.ProcessRunner;
import dev.hippack.core.build.StandInLauncher;
import dev.hippack.core.build.VcvarsCapture;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.steps.SampleMachine;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.steps.PlanJudge;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildStepViewModelTest {

    @TempDir
    Path dir;

    private BuildStepViewModel vm(SampleMachine m, TaskRunner runner) {
        return new BuildStepViewModel(host -> service(host), PlanJudge.of(new PlanRules(SampleMachine.CATALOG), m.draft::factsFor),
                runner, Clock.systemUTC());
    }

    private static BuildService service(Host host) {
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(2));
        return new BuildService(host, runner, new VcvarsCapture(host, runner), new BuildFlagCheck(),
                new StandInLauncher(Duration.ZERO), StandardCharsets.UTF_8);
    }

    private static void deleteBuildDir(SampleMachine m) throws Exception {
        Host h = m.draft.host();
        Path build = h.resolve(h.join(m.draft.source(), m.draft.buildDir()));
        FileTrees.delete(build);
    }

    /** The step after a build of the draft's plan into an empty build folder, which completed it. */
    private BuildStepViewModel built(SampleMachine m) throws Exception {
        deleteBuildDir(m);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.start();
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        vm.leave(m.draft);
        return vm;
    }

    @Test
    void theBuildOfTheSampleRunsStreamsItsLogAndCompletesTheStep() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        deleteBuildDir(m);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.commandLines()).hasSize(2);
        assertThat(vm.commandLines().get(0)).contains("-Target audiocpp_cli").contains("-NoNativeCpu").contains("-DeploymentBuild");
        assertThat(vm.commandLines().get(1)).contains("-Target audiocpp_server");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.canStart()).isTrue();
        assertThat(vm.completedProperty().get()).isFalse();
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.resultProperty().get().success()).isTrue();
        assertThat(vm.completedProperty().get()).isTrue();
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
        vm.log().flush();
        assertThat(vm.log().lines()).extracting(LogLine::text).anyMatch(t -> t.matches("\\[\\d+/\\d+\\].*"));
        assertThat(vm.logFileProperty().get()).exists();
        // Each binary is its own task: both built, in order, with their own time.
        assertThat(vm.binaries()).extracting(BinaryBuild::binary).containsExactly("audiocpp_cli", "audiocpp_server");
        assertThat(vm.binaries()).allSatisfy(b -> {
            assertThat(b.state()).isEqualTo(PartState.SUCCEEDED);
            assertThat(b.progressProperty().get()).isEqualTo(1.0);
            assertThat(b.describe(Instant.now(), true)).matches("built in \\d+:\\d\\d");
        });
    }

    @Test
    void beforeStartTheRowsListWhatWillBeBuiltAndAFailedFirstBinaryLeavesTheSecondNotStarted() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        deleteBuildDir(m);
        Host h = m.draft.host();
        Files.delete(h.resolve(h.join(m.draft.sdk(), "bin", "hipblaslt.dll")));
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.binaries()).extracting(b -> b.binary() + ": " + b.describe(Instant.now(), false))
                .containsExactly("audiocpp_cli: waiting", "audiocpp_server: waiting");

        vm.start();

        assertThat(vm.resultProperty().get().success()).isFalse();
        assertThat(vm.completedProperty().get()).isFalse();
        assertThat(vm.binaries()).extracting(BinaryBuild::state).containsExactly(PartState.FAILED, PartState.WAITING);
        assertThat(vm.binaries().get(0).describe(Instant.now(), true)).matches("failed after \\d+:\\d\\d");
        assertThat(vm.binaries().get(1).describe(Instant.now(), true)).isEqualTo("not started");

        // The number of jobs does not change the binaries: the outcome still stands.
        vm.jobsProperty().set(4);
        assertThat(vm.binaries()).extracting(BinaryBuild::state).containsExactly(PartState.FAILED, PartState.WAITING);
        // An option that changes them makes the outcome stale: the rows go back to waiting, and come back with the option.
        vm.vmmProperty().set(true);
        assertThat(vm.binaries()).extracting(b -> b.describe(Instant.now(), true)).containsExactly("waiting", "waiting");
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.outcomeShownProperty().get()).isFalse();
        vm.vmmProperty().set(false);
        assertThat(vm.binaries()).extracting(BinaryBuild::state).containsExactly(PartState.FAILED, PartState.WAITING);
        assertThat(vm.statusProperty().get()).isEqualTo("Build failed.");
    }

    @Test
    void existingBinariesOfTheSampleLetTheStepBeSkipped() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).isTrue();
        vm.leave(m.draft);
        assertThat(m.draft.useExistingBinaries()).isTrue();

        deleteBuildDir(m);
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("Not built yet").contains("audiocpp_cli.exe");
    }

    @Test
    void existingBinariesBuiltForOtherTargetsAreRefusedByTheCoreCheckNamingWhatDiffers() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        Host h = m.draft.host();
        Path cache = h.resolve(h.join(m.draft.source(), m.draft.buildDir(), "CMakeCache.txt"));
        // As after 'build' with a profile for gfx1151 alone.
        Files.writeString(cache, Files.readString(cache).replaceAll("GPU_TARGETS:STRING=.*", "GPU_TARGETS:STRING=gfx1151"));
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("do not match the plan").contains("GPU_TARGETS is \"gfx1151\"")
                .contains("missing gfx1100");
        assertThat(vm.existingDescriptionProperty().get()).contains("do not match the plan");
    }

    @Test
    void existingBinariesWithoutARecordSayTheyWereBuiltOutsideHipPackager() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.existingDescriptionProperty().get()).startsWith("Found the binaries of an earlier build.")
                .contains("built outside HIP Packager");
    }

    @Test
    void cancellingARunningBuildLeavesTheStepIncomplete() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        HeldTaskRunner runner = new HeldTaskRunner();
        BuildStepViewModel vm = vm(m, runner);
        vm.enter(m.draft);
        vm.start();
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.canStart()).isFalse();
        vm.cancel();
        runner.release();
        assertThat(runner.cancels()).isEqualTo(1);
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.errorProperty().get()).contains("Cancelled");
        assertThat(vm.binaries()).extracting(b -> b.describe(Instant.now(), true)).containsExactly("not started", "not started");
    }

    @Test
    void aBuildFolderWindowsCannotHaveBlocksStartOnTheSampleMachineToo() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.canStart()).isTrue();
        // Linux could make this folder for the described machine; Windows could not.
        vm.buildDirProperty().set("build\\hi|p");
        assertThat(vm.optionFindings()).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo(PlanRules.BUILD_FOLDER);
            assertThat(f.isError()).isTrue();
        });
        assertThat(vm.canStart()).isFalse();
        vm.buildDirProperty().set("build\\hip");
        assertThat(vm.optionFindings()).noneMatch(f -> f.id().equals(PlanRules.BUILD_FOLDER));
        assertThat(vm.canStart()).isTrue();
    }

    @Test
    void aRefusedToolsetIsAnErrorThatBlocksStart() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.toolsetProperty().set("14.51");
        assertThat(vm.optionFindings()).anyMatch(f -> f.id().equals("toolset.msvc") && f.isError());
        assertThat(vm.canStart()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith("Fix first");
        vm.toolsetProperty().set("14.44");
        assertThat(vm.canStart()).isTrue();
    }

    @Test
    void changingAnOptionMakesTheCommandLinesFollow() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        vm.enter(m.draft);
        vm.jobsProperty().set(16);
        assertThat(vm.commandLines().get(0)).contains("-Jobs 16");
        vm.leave(m.draft);
        assertThat(m.draft.jobs()).isEqualTo(16);
    }

    @Test
    void aBuildForAnotherPlanDemandsARebuildAndCountsAgainForItsOwnPlan() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        deleteBuildDir(m);
        BuildStepViewModel vm = vm(m, new DirectTaskRunner());
        TrackStepViewModel track = new TrackStepViewModel(SampleMachine.CATALOG, null, null);
        track.enter(m.draft);
        track.leave(m.draft);
        vm.enter(m.draft);
        vm.start();
        assertThat(vm.validProperty().get()).isTrue();
        vm.leave(m.draft);
        assertThat(m.draft.lastBuilds().values()).singleElement().satisfies(r -> assertThat(r.targets()).hasSize(8));

        // Back, the rocm7 preset, Next.
        track.enter(m.draft);
        track.presetProperty().set("rocm7");
        track.leave(m.draft);
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.rebuildNoticeProperty().get()).startsWith("Built for ROCm 6.4, 8 targets, MSVC 14.44, hipBLASLt on - rebuild needed")
                .contains("the plan builds in build\\hip71, the build was in build\\hip")
                .contains("ROCm version: built with 6.4, the plan uses 7.1");
        assertThat(vm.binaries()).extracting(b -> b.describe(Instant.now(), true)).containsExactly("waiting", "waiting");
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.outcomeShownProperty().get()).isFalse();
        assertThat(vm.completedProperty().get()).isFalse();
        // The log and the time shown are the plan's: none for rocm7, which was never built.
        assertThat(vm.log().received()).isZero();
        assertThat(vm.startedAtProperty().get()).isNull();
        vm.leave(m.draft);

        // Back, rocm6 again: the build counts again, rows and status as it ended.
        track.enter(m.draft);
        track.presetProperty().set("rocm6");
        track.leave(m.draft);
        vm.enter(m.draft);
        assertThat(vm.rebuildNoticeProperty().get()).isEmpty();
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.binaries()).extracting(BinaryBuild::state).containsOnly(PartState.SUCCEEDED);
        assertThat(vm.statusProperty().get()).isEqualTo("Build finished.");
        assertThat(vm.completedProperty().get()).isTrue();
        assertThat(vm.log().received()).isPositive();
        assertThat(vm.startedAtProperty().get()).isNotNull();
    }

    @Test
    void aCustomSelectionBuiltThenAnotherTargetAddedDemandsARebuildSaidByTheCoreCheck() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        m.draft.targets(List.of("gfx1100", "gfx1103"));
        BuildStepViewModel vm = built(m);
        assertThat(vm.builtNoteProperty().get()).isEmpty();
        assertThat(m.draft.lastBuilds().values()).singleElement()
                .satisfies(r -> assertThat(r.targets()).containsExactly("gfx1100", "gfx1103"));

        // Back, gfx1101 ticked too, Next: the same build folder, whose CMakeCache and record say gfx1100;gfx1103.
        m.draft.targets(List.of("gfx1100", "gfx1101", "gfx1103"));
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.rebuildNoticeProperty().get())
                .startsWith("Built for ROCm 6.4, gfx1100 and gfx1103, MSVC 14.44, hipBLASLt on - rebuild needed: ")
                .contains("missing gfx1101");
        assertThat(vm.blockerProperty().get()).contains("rebuild needed").endsWith("Press Start build.");
        assertThat(vm.binaries()).extracting(b -> b.describe(Instant.now(), true)).containsExactly("waiting", "waiting");
        assertThat(vm.statusProperty().get()).isEmpty();
        // "Use existing binaries" is judged by the same check, and refuses them too.
        vm.useExistingProperty().set(true);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("were built in this session for ROCm 6.4, gfx1100 and gfx1103")
                .contains("missing gfx1101");
        vm.useExistingProperty().set(false);

        // The targets it was built for again: the build counts, as it ended.
        m.draft.targets(List.of("gfx1103", "gfx1100"));
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.rebuildNoticeProperty().get()).isEmpty();
        assertThat(vm.binaries()).extracting(BinaryBuild::state).containsOnly(PartState.SUCCEEDED);
        assertThat(vm.statusProperty().get()).isEqualTo("Build finished.");
    }

    @Test
    void fewerTargetsThanBuiltAreServedByTheBuildWhichSaysSo() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        BuildStepViewModel vm = built(m);

        // Binaries with code for eight GPUs serve a package for two, as 'stage' and Review judge them.
        m.draft.targets(List.of("gfx1100", "gfx1103"));
        vm.enter(m.draft);
        assertThat(vm.validProperty().get()).as(vm.blockerProperty().get()).isTrue();
        assertThat(vm.rebuildNoticeProperty().get()).isEmpty();
        assertThat(vm.builtNoteProperty().get()).startsWith("Built for ROCm 6.4, 8 targets, MSVC 14.44, hipBLASLt on, and usable")
                .contains("more GPUs than the plan ships");
    }

    @Test
    void aToolsetOtherThanTheBuildsIsCaughtByItsRecord() throws Exception {
        BuildStepViewModel vm = built(new SampleMachine(dir));
        // The CMakeCache does not say which MSVC toolset compiled; the record beside the binaries does.
        vm.toolsetProperty().set("14.43");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.rebuildNoticeProperty().get()).contains("rebuild needed")
                .contains("MSVC toolset: built with 14.44, the plan uses 14.43");
        vm.toolsetProperty().set("14.44");
        assertThat(vm.validProperty().get()).isTrue();
    }
}
