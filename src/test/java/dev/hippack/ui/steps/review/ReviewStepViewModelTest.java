package dev.hippack.ui.steps.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.steps.SampleMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReviewStepViewModelTest {

    @TempDir
    Path dir;

    private ReviewStepViewModel vm(TaskRunner runner) {
        return new ReviewStepViewModel(new LayoutPlanner(SampleMachine.CATALOG), new Stager(), PackageVerifier.standard(SampleMachine.CATALOG),
                new PackageTreeReader(new KernelFileClassifier()), runner);
    }

    private static List<PackageNode> files(PackageNode n) {
        List<PackageNode> out = new ArrayList<>();
        if (n.kind() != PackageNode.Kind.FOLDER) {
            out.add(n);
        }
        n.children().forEach(c -> out.addAll(files(c)));
        return out;
    }

    @Test
    void enteringStagesAndAuditsTheSamplePackageIntoATree() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        m.draft.useExistingBinaries(true);
        m.draft.estimate(1_000_000_000L, 500_000_000L, 700_000_000L);
        ReviewStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.auditProperty().get()).isNotNull();
        assertThat(vm.auditProperty().get().passed()).isTrue();
        PackageNode root = vm.treeProperty().get();
        assertThat(root.name()).isEqualTo("audiocpp-windows-hip-rocm6");
        List<PackageNode> files = files(root);
        assertThat(files).anyMatch(f -> f.name().equals("audiocpp_cli.exe") && f.kind() == PackageNode.Kind.EXECUTABLE);
        assertThat(files).filteredOn(f -> f.kind() == PackageNode.Kind.KERNEL && f.arch() != null)
                .extracting(PackageNode::arch).contains("gfx1100", "gfx1201").doesNotContain("gfx1030");
        assertThat(root.fileCount()).isEqualTo(vm.stagedProperty().get().files());
        assertThat(vm.totalsProperty().get()).contains("files").contains("the estimate was 953.7 MiB");
        vm.leave(m.draft);
        assertThat(m.draft.stagedDir()).isEqualTo(vm.stagedProperty().get().packageDir());
        assertThat(Files.isDirectory(m.draft.stagedDir())).isTrue();
    }

    @Test
    void warningsNeedAnAcknowledgementAndErrorsBlock() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        ReviewStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(m.draft);
        long warnings = vm.findings().stream().filter(f -> f.severity() == Severity.WARNING).count();
        if (warnings > 0) {
            assertThat(vm.validProperty().get()).isFalse();
            assertThat(vm.blockerProperty().get()).contains("Acknowledge");
            vm.warningsAcknowledgedProperty().set(true);
        }
        assertThat(vm.validProperty().get()).isTrue();

        // A plan the package cannot satisfy (gfx1102 has no hipBLASLt kernels in 7.1) must not pass.
        m.draft.applyTrack(SampleMachine.CATALOG.track("rocm7").orElseThrow());
        m.draft.sdk("C:\\Program Files\\AMD\\ROCm\\7.1");
        m.draft.targets(List.of("gfx1100", "gfx1102"));
        vm.enter(m.draft);
        assertThat(vm.auditProperty().get() == null || !vm.auditProperty().get().passed()
                || !vm.errorProperty().get().isEmpty()).isTrue();
        assertThat(vm.validProperty().get()).isFalse();
    }

    @Test
    void reviewVerifiesTheBinariesAgainstThePlanAndReportsTheStartCheck() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        ReviewStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(m.draft);
        assertThat(vm.auditProperty().get().passed()).isTrue();
        // The sample is no Windows machine: the start check says it did not run, and what it did instead.
        assertThat(vm.findings()).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo("start.check");
            assertThat(f.message()).startsWith("Not run: ");
        });
        assertThat(vm.findings()).anySatisfy(f -> assertThat(f.id()).isEqualTo("build.record"));

        // Binaries built for gfx1151 alone, packaged for the eight-target plan: Review blocks.
        Host h = m.draft.host();
        Path cache = h.resolve(h.join(m.draft.source(), m.draft.buildDir(), "CMakeCache.txt"));
        Files.writeString(cache, Files.readString(cache).replaceAll("GPU_TARGETS:STRING=.*", "GPU_TARGETS:STRING=gfx1151"));
        vm.stage();
        assertThat(vm.auditProperty().get().passed()).isFalse();
        assertThat(vm.findings()).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo("build.targets");
            assertThat(f.isError()).isTrue();
        });
        assertThat(vm.validProperty().get()).isFalse();
    }

    @Test
    void anSdkWithoutTheComgrItsHipRuntimeLoadsIsRefusedNamingBoth() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        Host h = m.draft.host();
        Files.delete(h.resolve(h.join(m.draft.sdk(), "bin", "amd_comgr_2.dll")));
        ReviewStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(m.draft);
        // amdhip64_6.dll opens it with LoadLibrary, so no import names it: staging says so instead of shipping without it.
        assertThat(vm.stagedProperty().get()).isNull();
        assertThat(vm.errorProperty().get()).contains("amdhip64_6.dll loads amd_comgr_2.dll at run time").contains("Repair or reinstall");
        assertThat(vm.validProperty().get()).isFalse();
    }

    @Test
    void whileStagingTheStepIsBusyAndCancelLeavesNoPackage() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        HeldTaskRunner runner = new HeldTaskRunner();
        ReviewStepViewModel vm = vm(runner);
        vm.enter(m.draft);
        assertThat(vm.busyProperty().get()).isTrue();
        vm.cancel();
        runner.release();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.stagedProperty().get()).isNull();
        assertThat(vm.validProperty().get()).isFalse();
    }

    /** Builds {@code plan} on the sample machine (the stand-in build), as the Build step does. */
    private static BuildRecord build(SampleMachine m, ReleasePlan plan) throws Exception {
        BuildScriptFacts script = m.draft.report().checkout().scriptFacts().orElseThrow();
        BuildResult r = BuildService.forHost(m.draft.host(), Duration.ZERO)
                .run(new BuildRequest(plan, script), OperationListener.NONE, CancellationToken.none());
        assertThat(r.success()).as(r.findings().toString()).isTrue();
        return r.record();
    }

    @Test
    void binariesBuiltForAnotherPlanAreRefusedByTheSameCheckAsStageAndANewBuildIsStagedAgain() throws Exception {
        SampleMachine m = new SampleMachine(dir);
        ReviewStepViewModel vm = vm(new DirectTaskRunner());
        // Built for gfx1100 + gfx1103, then Back and the eight targets of the preset.
        m.draft.lastBuilds(Map.of(m.draft.toPlan().archiveName(), build(m, m.draft.toPlan().withTargets(List.of("gfx1100", "gfx1103")))));
        vm.enter(m.draft);
        assertThat(vm.auditProperty().get().passed()).isFalse();
        assertThat(vm.findings()).filteredOn(Finding::isError).extracting(Finding::id).contains(BuildFlagCheck.BUILD_TARGETS);
        assertThat(vm.findings()).filteredOn(Finding::isError).allSatisfy(f -> assertThat(f.fix()).contains("Rebuild"));
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).startsWith("The checks found");

        m.draft.lastBuilds(Map.of(m.draft.toPlan().archiveName(), build(m, m.draft.toPlan())));
        vm.enter(m.draft);
        var first = vm.stagedProperty().get();
        assertThat(first).isNotNull();
        assertThat(vm.auditProperty().get().passed()).as(vm.findings().toString()).isTrue();
        // Built by HIP Packager: the binaries check has nothing to say; the start check says it did not run here.
        assertThat(vm.findings()).noneMatch(f -> f.id().equals(BuiltBinariesCheck.RECORD));
        vm.leave(m.draft);
        vm.enter(m.draft);
        assertThat(vm.stagedProperty().get()).as("same build, same plan: kept").isSameAs(first);
        // The same plan built again: what was staged holds the old binaries.
        m.draft.lastBuilds(Map.of(m.draft.toPlan().archiveName(), build(m, m.draft.toPlan())));
        vm.enter(m.draft);
        assertThat(vm.stagedProperty().get()).isNotNull().isNotSameAs(first);
    }
}
