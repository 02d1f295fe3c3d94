package dev.hippack.ui.steps.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.ProcessRunner;
import dev.hippack.core.build.StandInLauncher;
import dev.hippack.core.build.VcvarsCapture;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.progress.LogLine;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.run.LogBuffer;
import dev.hippack.ui.steps.SampleMachine;
import dev.hippack.ui.steps.track.CoreEstimates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildStepViewModelTest {

    @TempDir
    Path dir;

    private final LogBuffer log = new LogBuffer(50_000);

    private BuildStepViewModel vm(SampleMachine m, TaskRunner runner) {
        return new BuildStepViewModel(host -> service(host), CoreEstimates.judge(new PlanRules(SampleMachine.CATALOG), m.draft::factsFor),
                runner, log, Clock.systemUTC());
    }

    private static BuildService service(Host host) {
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(2));
        return new BuildService(host, runner, new VcvarsCapture(host, runner), new BuildFlagCheck(),
                new StandInLauncher(Duration.ZERO), StandardCharsets.UTF_8);
    }

    private static void deleteBuildDir(SampleMachine m) throws Exception {
        Host h = m.draft.host();
        Path build = h.resolve(h.join(m.draft.source(), m.draft.buildDir()));
        if (Files.exists(build)) {
            try (Stream<Path> s = Files.walk(build)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
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
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.resultProperty().get().success()).isTrue();
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
        log.flush();
        assertThat(log.lines()).extracting(LogLine::text).anyMatch(t -> t.matches("\\[\\d+/\\d+\\].*"));
        assertThat(vm.logFileProperty().get()).exists();
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
}
