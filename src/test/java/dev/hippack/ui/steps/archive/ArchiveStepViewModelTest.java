package dev.hippack.ui.steps.archive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveStepViewModelTest {

    @TempDir
    Path dir;

    private final Catalog catalog = CatalogLoader.embedded();
    private final ProfileStore profiles = new ProfileStore(catalog);

    private WizardDraft stagedDraft() throws Exception {
        Path staged = dir.resolve("staged/audiocpp-windows-hip-rocm6");
        Files.createDirectories(staged.resolve("rocblas/library"));
        Files.writeString(staged.resolve("README.txt"), "readme");
        Files.write(staged.resolve("audiocpp_cli.exe"), new byte[4096]);
        Files.writeString(staged.resolve("rocblas/library/TensileLibrary_lazy_gfx1100.dat"), "x".repeat(1000));
        WizardDraft d = WizardDraft.forTrack(catalog.track("rocm6").orElseThrow());
        d.stagedDir(staged);
        d.estimate(5000, 100, 200);
        return d;
    }

    private ArchiveStepViewModel vm(dev.hippack.ui.common.TaskRunner runner) {
        return new ArchiveStepViewModel(new ZipArchiver(), profiles, new CiWorkflowExporter(catalog, profiles),
                runner, hostPath -> dir.resolve("out"));
    }

    @Test
    void startWritesAVerifiedZipAndCompletesTheStep() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        WizardDraft d = stagedDraft();
        d.outputDir("C:\\release");
        Files.createDirectories(dir.resolve("out"));
        vm.enter(d);
        assertThat(vm.validProperty().get()).isFalse();
        assertThat(vm.blockerProperty().get()).contains("Write and verify zip");
        vm.start();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.resultProperty().get()).isNotNull();
        Path zip = vm.resultProperty().get().zip();
        assertThat(zip).isEqualTo(dir.resolve("out/audiocpp-windows-hip-rocm6.zip")).exists();
        assertThat(vm.resultProperty().get().sha256()).hasSize(64);
        try (ZipFile z = new ZipFile(zip.toFile())) {
            assertThat(z.getEntry("audiocpp-windows-hip-rocm6/README.txt")).isNotNull();
        }
        assertThat(vm.sizeVersusEstimateProperty().get()).contains("than estimated");
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aZipBelongsToThePlanThatMadeItAndBackAndAnotherTrackClearsIt() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        WizardDraft d = stagedDraft();
        Files.createDirectories(dir.resolve("out"));
        vm.outputFolderProperty().set(dir.resolve("out"));
        vm.enter(d);
        vm.start();
        assertThat(vm.validProperty().get()).isTrue();
        assertThat(vm.statusProperty().get()).startsWith("Verified");
        // Back and Next with nothing changed: the zip still stands.
        vm.leave(d);
        vm.enter(d);
        assertThat(vm.validProperty().get()).isTrue();

        // Back, another track: the zip shown was not made for it, and Finish is closed until one is.
        d.applyTrack(catalog.track("rocm7").orElseThrow());
        vm.enter(d);
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.sizeVersusEstimateProperty().get()).isEmpty();
        assertThat(vm.validProperty().get()).isFalse();
        vm.start();
        assertThat(vm.resultProperty().get().zip()).isEqualTo(dir.resolve("out/audiocpp-windows-hip-rocm7.zip"));
        assertThat(vm.validProperty().get()).isTrue();
    }

    @Test
    void anExistingZipIsNotReplacedWithoutAsking() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        WizardDraft d = stagedDraft();
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/audiocpp-windows-hip-rocm6.zip"), "mine");
        vm.outputFolderProperty().set(dir.resolve("out"));
        vm.enter(d);
        vm.start();
        assertThat(vm.resultProperty().get()).isNull();
        assertThat(vm.errorProperty().get()).contains("audiocpp-windows-hip-rocm6.zip already exists")
                .contains("Replace a zip of the same name").doesNotContain("--force");
        assertThat(Files.readString(dir.resolve("out/audiocpp-windows-hip-rocm6.zip"))).isEqualTo("mine");
        vm.overwriteProperty().set(true);
        vm.start();
        assertThat(vm.resultProperty().get()).isNotNull();
    }

    @Test
    void aBadArchiveNameBlocksStart() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        vm.outputFolderProperty().set(dir);
        vm.enter(stagedDraft());
        vm.archiveNameProperty().set("bad name/..");
        assertThat(vm.canStart()).isFalse();
        assertThat(vm.blockerProperty().get()).isEqualTo("Choose another archive name: 'bad name/..' holds /, which makes it a path, not a file name.");
        vm.archiveNameProperty().set("  ");
        assertThat(vm.blockerProperty().get()).isEqualTo("Give the archive a name.");
    }

    @Test
    void theArchiveNameFollowsTheReleaseProfilesRuleForWindowsFileNames() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        Path out = Files.createDirectories(dir.resolve("zips"));
        vm.outputFolderProperty().set(out);
        vm.enter(stagedDraft());
        // Names Windows cannot give a file (a device name with or without an extension, a colon, a
        // trailing dot, a folder), and a placeholder only a profile fills in.
        for (String bad : List.of("con", "NUL.release", "a:b", "pkg.", "out\\pkg", "pkg-{version}")) {
            vm.archiveNameProperty().set(bad);
            assertThat(vm.canStart()).as(bad).isFalse();
            assertThat(vm.blockerProperty().get()).as(bad).containsAnyOf("Choose another archive name: ", "Leave '{' and '}' out");
        }
        assertThat(out).isEmptyDirectory();
        // A name a release profile accepts is accepted here too, and the profile saved with it loads.
        vm.archiveNameProperty().set("audiocpp rocm7+gfx1100");
        assertThat(vm.canStart()).isTrue();
        vm.start();
        assertThat(out.resolve("audiocpp rocm7+gfx1100.zip")).isRegularFile();
        Path file = dir.resolve("profile.json");
        vm.saveProfile(file);
        assertThat(profiles.load(file).archiveName()).isEqualTo("audiocpp rocm7+gfx1100");
    }

    @Test
    void busyWhileZippingAndCancelReportsNoZip() throws Exception {
        HeldTaskRunner runner = new HeldTaskRunner();
        ArchiveStepViewModel vm = vm(runner);
        vm.outputFolderProperty().set(dir);
        vm.enter(stagedDraft());
        vm.start();
        assertThat(vm.busyProperty().get()).isTrue();
        vm.cancel();
        runner.release();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.errorProperty().get()).contains("Cancelled");
        assertThat(dir.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
    }

    @Test
    void savedProfileLoadsBackAsTheSamePlan() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        WizardDraft d = stagedDraft();
        d.source("C:\\src\\audio.cpp");
        d.sdk("C:\\Program Files\\AMD\\ROCm\\6.4");
        vm.enter(d);
        vm.archiveNameProperty().set("my-release");
        Path file = dir.resolve("profile.json");
        vm.saveProfile(file);
        assertThat(vm.profileMessageProperty().get()).contains("Saved");
        ReleasePlan loaded = profiles.load(file);
        assertThat(loaded).isEqualTo(d.toPlan().withArchiveName("my-release"));
    }

    @Test
    void exportedWorkflowIsRefusedInTheWizardsWordsUntilItsHipPackagerSourceIsNamed() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(stagedDraft());
        Path file = dir.resolve("wf/release-hip.yml");
        Files.createDirectories(file.getParent());
        vm.exportWorkflow(file);
        // The dialog's own words, not the command line's options.
        assertThat(vm.profileMessageProperty().get()).startsWith("The workflow was not written: Enter the https:// address")
                .doesNotContain("--packager");
        assertThat(file).doesNotExist();
    }

    @Test
    void exportedWorkflowIsWrittenWithTheBundleOrTheRepositoryTheUserNamed() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        vm.enter(stagedDraft());
        Path file = dir.resolve("wf/release-hip.yml");
        Files.createDirectories(file.getParent());
        String sha = "ab".repeat(32);
        vm.workflowSource().bundleUrlProperty().set("https://example.org/hip-packager-windows-x64.zip");
        vm.workflowSource().bundleSha256Property().set(sha);
        vm.exportWorkflow(file);
        assertThat(vm.profileMessageProperty().get()).startsWith("Wrote the CI workflow to " + file);
        JsonNode wf = new YAMLMapper().readTree(file.toFile());
        assertThat(wf.path("env").path("HIP_PACKAGER_SHA256").asText()).isEqualTo(sha);
        assertThat(wf.path("jobs").path("package").path("strategy").path("matrix").path("include")).hasSize(1);

        vm.workflowSource().kindProperty().set(WorkflowSourceForm.Kind.REPOSITORY);
        vm.workflowSource().repositoryProperty().set("maintainer/hip-packager");
        vm.workflowSource().refProperty().set("v0.1.0");
        vm.exportWorkflow(file);
        wf = new YAMLMapper().readTree(file.toFile());
        assertThat(wf.path("env").path("HIP_PACKAGER_REPOSITORY").asText()).isEqualTo("maintainer/hip-packager");
        assertThat(wf.path("env").path("HIP_PACKAGER_REF").asText()).isEqualTo("v0.1.0");
        assertThat(wf.path("env").has("HIP_PACKAGER_SHA256")).isFalse();
    }

    @Test
    void aSecondPressAfterSuccessWritesTheZipAgainAndKeepsTheResultShown() throws Exception {
        HeldTaskRunner runner = new HeldTaskRunner();
        ArchiveStepViewModel vm = vm(runner);
        WizardDraft d = stagedDraft();
        Files.createDirectories(dir.resolve("out"));
        vm.outputFolderProperty().set(dir.resolve("out"));
        vm.enter(d);
        vm.start();
        runner.release();
        var first = vm.resultProperty().get();
        assertThat(first).isNotNull();
        assertThat(vm.validProperty().get()).isTrue();

        vm.start();
        // While the new zip is written, the verified one stays shown (Next waits for the run).
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.resultProperty().get()).isSameAs(first);
        runner.release();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.resultProperty().get()).isNotNull().isNotSameAs(first);
        assertThat(vm.resultProperty().get().sha256()).isEqualTo(first.sha256());
        assertThat(vm.validProperty().get()).isTrue();

        // A cancelled rewrite leaves the verified zip, and the step, as they were.
        vm.start();
        vm.cancel();
        runner.release();
        assertThat(vm.errorProperty().get()).isEqualTo(ArchiveStepViewModel.CANCELLED);
        assertThat(vm.resultProperty().get()).isNotNull();
        assertThat(vm.resultProperty().get().zip()).exists();
        assertThat(vm.validProperty().get()).isTrue();
    }

    @Test
    void onTheSampleMachineASmallZipIsExplained() throws Exception {
        ArchiveStepViewModel vm = vm(new DirectTaskRunner());
        WizardDraft d = stagedDraft();
        d.sampleMachine(true);
        d.estimate(5_000_000_000L, 3_000_000_000L, 4_000_000_000L);
        Files.createDirectories(dir.resolve("out"));
        vm.outputFolderProperty().set(dir.resolve("out"));
        vm.enter(d);
        vm.start();
        assertThat(vm.sizeVersusEstimateProperty().get()).contains("smaller than estimated (2.79 GiB to 3.73 GiB)")
                .contains("sample machine").contains("placeholders");
        WizardDraft real = stagedDraft();
        real.estimate(5_000_000_000L, 3_000_000_000L, 4_000_000_000L);
        ArchiveStepViewModel other = vm(new DirectTaskRunner());
        other.outputFolderProperty().set(dir.resolve("out2"));
        Files.createDirectories(dir.resolve("out2"));
        other.enter(real);
        other.start();
        assertThat(other.sizeVersusEstimateProperty().get()).contains("smaller than estimated").doesNotContain("sample");
    }
}
