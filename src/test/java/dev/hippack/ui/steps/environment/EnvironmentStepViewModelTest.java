package dev.hippack.ui.steps.environment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.PackagerException;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.ToolsetVerdict;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.steps.SampleMachine;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentStepViewModelTest {

    @TempDir
    Path dir;

    @Test
    void detectionOfTheSampleFillsTheStepAndTheDraft() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        EnvironmentStepViewModel vm = m.environment;
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.sdks()).extracting(s -> s.version()).containsExactlyInAnyOrder("6.4", "7.1");
        assertThat(vm.visualStudio()).hasSize(2);
        WizardDraft d = m.draft;
        assertThat(d.host()).isNotNull();
        assertThat(d.report()).isNotNull();
        assertThat(d.source()).isEqualTo(SampleEnvironmentWriter.CHECKOUT);
        assertThat(d.sdkByVersion()).containsKeys("6.4", "7.1");
        assertThat(d.vsInstance()).isEqualTo(SampleEnvironmentWriter.VS2022_BUILD_TOOLS);
        assertThat(d.toolset()).isEqualTo("14.44");
        assertThat(d.sdk()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\6.4");
    }

    @Test
    void theVs2026ToolsetIsRefusedWithAFix() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        MsvcToolset t = m.environment.visualStudio().stream()
                .flatMap(v -> v.toolsets().stream())
                .filter(x -> x.version().startsWith("14.51")).findFirst().orElseThrow();
        assertThat(t.verdict()).isEqualTo(ToolsetVerdict.REFUSED);
        assertThat(t.fix()).isNotBlank();
    }

    @Test
    void whileDetectingTheStepIsBusyAndNextIsBlocked() throws Exception {
        Path machine = SharedSample.copyTo(dir.resolve("m")).root();
        HeldTaskRunner runner = new HeldTaskRunner();
        EnvironmentStepViewModel vm = new EnvironmentStepViewModel(() -> dev.hippack.core.host.Host.describe(machine),
                MachineDetector.standard(SampleMachine.CATALOG), runner);
        vm.enter(new WizardDraft());
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.validProperty().get()).isFalse();
        vm.rescan();
        assertThat(runner.heldCount()).isEqualTo(1);
        runner.release();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.validProperty().get()).isTrue();
    }

    @Test
    void aBrokenHostDescriptionIsAMessageNotACrash() {
        EnvironmentStepViewModel vm = new EnvironmentStepViewModel(() -> {
            throw new PackagerException("host.json in /nowhere is missing; give a folder with a host.json.");
        }, MachineDetector.standard(SampleMachine.CATALOG), new dev.hippack.ui.common.DirectTaskRunner());
        vm.enter(new WizardDraft());
        assertThat(vm.errorProperty().get()).contains("host.json in /nowhere");
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void cancellingDetectionLeavesTheStepIncompleteWithAReason() throws Exception {
        Path machine = SharedSample.copyTo(dir.resolve("m")).root();
        HeldTaskRunner runner = new HeldTaskRunner();
        EnvironmentStepViewModel vm = new EnvironmentStepViewModel(() -> dev.hippack.core.host.Host.describe(machine),
                MachineDetector.standard(SampleMachine.CATALOG), runner);
        vm.enter(new WizardDraft());
        vm.cancel();
        runner.release();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("Rescan");
    }

    @Test
    void aDroppedFolderBecomesTheCheckoutAndDetectionRunsAgain() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        EnvironmentStepViewModel vm = m.environment;
        Path other = m.sample.root().resolve("other-checkout");
        Files.createDirectories(other);
        Path file = Files.writeString(m.sample.root().resolve("notes.txt"), "x");
        assertThat(vm.acceptsDrop(List.of(file))).as("a file").isFalse();
        assertThat(vm.acceptsDrop(List.of(other, other))).as("two folders").isFalse();
        assertThat(vm.dropped(List.of(file))).isFalse();
        assertThat(vm.acceptsDrop(List.of(other))).isTrue();
        assertThat(vm.dropped(List.of(other))).isTrue();
        assertThat(vm.checkoutProperty().get()).isEqualTo(vm.hostProperty().get().toHostPath(other));
        assertThat(vm.reportProperty().get()).isNotNull();
        assertThat(vm.reportProperty().get().checkout().path()).isEqualTo("C:\\other-checkout");
        assertThat(vm.reportProperty().get().checkout().buildScript()).as("an empty folder has no build script").isFalse();
    }
}
