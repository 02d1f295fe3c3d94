package dev.hippack.ui.app;

import static dev.hippack.ui.app.Walk.onFx;
import static dev.hippack.ui.app.Walk.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.release.ReleaseResult;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.build.PackageBuild;
import dev.hippack.ui.steps.review.PackageReview;
import dev.hippack.ui.steps.review.ReviewStepView;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The "all tracks" release driven through the real window, headless, on the sample machine: one
 * package per catalog track built one after the other, a tree each, all zips with SHA256SUMS and
 * RELEASE-NOTES.md checked from outside; Back and change between all tracks and one; a package
 * whose checks find errors (no zip, an incomplete release said plainly); and a cancel that stops
 * the running build and leaves the rest not run.
 */
@ExtendWith(ApplicationExtension.class)
class WizardReleaseWalkTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    private DemoWizardWindow demo;
    private Wizard wizard;
    private List<Notifier.Notice> notices;

    @TempDir
    Path temp;

    @Start
    void start(Stage stage) {
        demo = DemoWizardWindow.open(stage);
        wizard = demo.wizard();
        notices = demo.notices();
    }

    @AfterEach
    void close() throws Exception {
        demo.close();
    }

    /** The names of the packages, one per catalog track, as the catalog gives them. */
    private static List<String> packageNames() {
        return CATALOG.tracks().stream().map(t -> t.packageName()).toList();
    }

    @Test
    void allTracksFromDetectionToEveryZipWithSumsAndNotes(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        assertThat(wizard.track().allTracks()).isTrue();
        // Each package gets its own track's targets: gfx1102 only where hipBLASLt has its kernels (ROCm 6.4).
        List<ReleasePlan> plans = onFx(() -> wizard.track().packagePlans());
        assertThat(plans).extracting(ReleasePlan::track).containsExactlyElementsOf(CATALOG.tracks().stream().map(t -> t.id()).toList());
        for (ReleasePlan p : plans) {
            assertThat(p.targets()).as(p.track()).containsExactlyInAnyOrderElementsOf(CATALOG.track(p.track()).orElseThrow().targets());
        }
        assertThat(walk.text(TrackStepView.ID_TOTAL)).endsWith("in " + plans.size() + " packages");
        assertThat(walk.text(TrackStepView.ID_OTHER_TRACKS)).startsWith("Packages: ").contains("rocm6 (ROCm 6.4)")
                .contains("rocm7 (ROCm 7.1)").contains("without gfx1102 (no kernels there)");
        assertThat(walk.text(TrackStepView.ID_SDK)).startsWith("One package for each of the catalog's 2 tracks");
        assertThat(walk.text("compare-head-rocm7")).isEqualTo("ROCm 7.1 (rocm7)");

        walk.next(StepId.BUILD);
        assertThat(walk.shown(BuildStepView.ID_PACKAGES)).isTrue();
        assertThat(walk.shown(BuildStepView.ID_TASKS)).isFalse();
        for (String name : packageNames()) {
            assertThat(walk.text(BuildStepView.ID_PACKAGE_STATE_PREFIX + name)).isEqualTo("waiting");
        }
        walk.press(BuildStepView.ID_START);
        waitFor(300, () -> wizard.build().releaseEndedProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        for (PackageBuild b : wizard.build().packageBuilds()) {
            assertThat(b.state()).as(b.name() + ": " + b.statusProperty().get()).isEqualTo(PackageBuild.State.BUILT);
            // Its own log: lines of its own build only, written into its own folder.
            assertThat(b.log().received()).as(b.name()).isPositive();
            String dir = b.plan().buildDir();
            assertThat(b.logFileProperty().get().getParent().getFileName().toString()).isEqualTo(dir.substring(dir.lastIndexOf('\\') + 1));
            assertThat(walk.text(BuildStepView.ID_PACKAGE_STATE_PREFIX + b.name())).matches("built in \\d+:\\d\\d");
        }
        TabPane logs = robot.lookup("#" + BuildStepView.ID_PACKAGE_LOGS).queryAs(TabPane.class);
        assertThat(logs.getTabs()).extracting(t -> t.getText()).containsExactlyElementsOf(packageNames());
        assertThat(notices).extracting(Notifier.Notice::title).contains("Builds finished");
        // The step's overall bar says the whole release is built, as it does for one package.
        assertThat(overallProgress(robot)).isEqualTo(1.0);

        walk.next(StepId.REVIEW);
        waitFor(300, () -> !wizard.review().packageReviews().isEmpty() && !wizard.review().busyProperty().get());
        assertThat(wizard.review().packageReviews()).extracting(PackageReview::name).containsExactlyElementsOf(packageNames());
        assertThat(wizard.review().packageReviews()).allSatisfy(r -> assertThat(r.willZip()).as(r.summary()).isTrue());
        TabPane trees = robot.lookup("#" + ReviewStepView.ID_PACKAGES).queryAs(TabPane.class);
        assertThat(trees.getTabs()).hasSize(2);
        assertThat(walk.shown(ReviewStepView.ID_TREE)).isFalse();
        acknowledgeWarnings(robot);

        walk.next(StepId.ARCHIVE);
        assertThat(walk.button(ArchiveStepView.ID_START).getText()).isEqualTo("Write the _release");
        walk.press(ArchiveStepView.ID_START);
        ReleaseResult r = releaseWritten();
        assertThat(r.complete()).isTrue();
        Path out = r.notes().getParent();
        for (String name : packageNames()) {
            assertThat(out.resolve(name + ".zip")).isRegularFile();
        }
        // SHA256SUMS as people check it.
        Process check = new ProcessBuilder("sha256sum", "-c", "SHA256SUMS").directory(out.toFile()).redirectErrorStream(true).start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor()).as(said).isZero();
        assertThat(said.lines().toList()).containsExactlyInAnyOrderElementsOf(packageNames().stream().map(n -> n + ".zip: OK").toList());
        String notes = Files.readString(out.resolve("RELEASE-NOTES.md"));
        assertThat(notes).contains("gfx1102").contains("gfx1151").contains("gfx1201");
        for (String name : packageNames()) {
            assertThat(notes).contains(name);
        }
        // The notes as written, in the window.
        assertThat(robot.lookup("#" + ArchiveStepView.ID_NOTES).queryAs(TextArea.class).getText()).isEqualTo(notes);
        assertThat(walk.text(ArchiveStepView.ID_RELEASE_SUMMARY)).startsWith("Complete release: all 2 packages");
        assertThat(notices).extracting(Notifier.Notice::title).contains("Release written");

        // The profile of several packages is the {"packages": [...]} form, and loads back as the same release.
        Path profile = temp.resolve("release.json");
        WaitForAsyncUtils.asyncFx(() -> wizard.archive().saveProfile(profile)).get(30, TimeUnit.SECONDS);
        waitFor(30, () -> wizard.archive().profileMessageProperty().get().startsWith("Saved"));
        assertThat(Files.readString(profile)).contains("\"packages\"");
        Release loaded = new ProfileStore(CATALOG).loadRelease(profile);
        assertThat(loaded.packages()).extracting(ReleasePlan::track).containsExactly("rocm6", "rocm7");
        assertThat(loaded.packages().get(1).targets()).doesNotContain("gfx1102");

        // Pressing again rewrites the release this step wrote, without asking to replace.
        walk.press(ArchiveStepView.ID_START);
        waitFor(300, () -> !wizard.archive().busyProperty().get());
        assertThat(wizard.archive().errorProperty().get()).isEmpty();
        assertThat(wizard.archive().releaseProperty().get().complete()).isTrue();
        assertThat(walk.button(WizardWindow.ID_NEXT).isDisabled()).isFalse();
    }

    @Test
    void backAndChangeFromAllTracksToOneAndBack(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        walk.next(StepId.BUILD);
        assertThat(wizard.build().packageBuilds()).hasSize(2);

        // Back, one track (rocm7): the single package path, in rocm7's own folder, as before.
        back(walk);
        assertThat(wizard.track().presetProperty().get()).isEqualTo(TrackStepViewModel.ALL_TRACKS);
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm7");
        assertThat(wizard.track().selectedIds()).doesNotContain("gfx1102");
        walk.next(StepId.BUILD);
        assertThat(wizard.draft().severalPackages()).isFalse();
        assertThat(walk.shown(BuildStepView.ID_TASKS)).isTrue();
        assertThat(walk.shown(BuildStepView.ID_PACKAGES)).isFalse();
        assertThat(wizard.build().plan().buildDir()).isEqualTo("build\\hip71");
        assertThat(wizard.build().plan().track()).isEqualTo("rocm7");
        walk.press(BuildStepView.ID_START);
        waitFor(300, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).as(wizard.build().blockerProperty().get()).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(overallProgress(robot)).isEqualTo(1.0);

        // Back again, all tracks: two packages to build, each on its own track and folder.
        back(walk);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        assertThat(wizard.track().selectedIds()).contains("gfx1102");
        walk.next(StepId.BUILD);
        assertThat(wizard.draft().severalPackages()).isTrue();
        assertThat(walk.shown(BuildStepView.ID_PACKAGES)).isTrue();
        // The one package's build says nothing about these two: the bar starts empty.
        assertThat(overallProgress(robot)).isZero();
        assertThat(wizard.build().packageBuilds()).extracting(b -> b.plan().buildDir()).containsExactly("build\\hip", "build\\hip71");
        assertThat(wizard.build().validProperty().get()).isFalse();
        walk.press(BuildStepView.ID_START);
        waitFor(300, () -> wizard.build().releaseEndedProperty().get() != null);
        walk.next(StepId.REVIEW);
        waitFor(300, () -> !wizard.review().packageReviews().isEmpty() && !wizard.review().busyProperty().get());
        assertThat(wizard.review().packageReviews()).hasSize(2).allSatisfy(r -> assertThat(r.willZip()).as(r.summary()).isTrue());
        acknowledgeWarnings(robot);
        walk.next(StepId.ARCHIVE);
        walk.press(ArchiveStepView.ID_START);
        ReleaseResult r = releaseWritten();
        assertThat(r.complete()).isTrue();
        assertThat(r.packages()).hasSize(2);
        assertThat(Walk.entries(r.packages().get(1).zipFile().orElseThrow())).noneMatch(n -> n.contains("gfx1102"));
        assertThat(Walk.entries(r.packages().get(0).zipFile().orElseThrow())).anyMatch(n -> n.contains("gfx1102"));
    }

    @Test
    void aPackageWhoseChecksFindErrorsGetsNoZipAndTheReleaseIsIncomplete(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        // The ROCm 7.1 SDK loses gfx1151's hipBLASLt index, as a broken SDK install would.
        Host host = wizard.draft().host();
        Path index = host.resolve(host.join(wizard.draft().sdkByVersion().get("7.1"), "bin", "hipblaslt", "library",
                "TensileLibrary_lazy_gfx1151.dat"));
        assertThat(index).isRegularFile();
        Files.delete(index);
        walk.next(StepId.BUILD);
        walk.press(BuildStepView.ID_START);
        waitFor(300, () -> wizard.build().releaseEndedProperty().get() != null);
        walk.next(StepId.REVIEW);
        waitFor(300, () -> !wizard.review().packageReviews().isEmpty() && !wizard.review().busyProperty().get());
        PackageReview rocm6 = wizard.review().packageReviews().get(0);
        PackageReview rocm7 = wizard.review().packageReviews().get(1);
        assertThat(rocm6.willZip()).as(rocm6.summary()).isTrue();
        assertThat(rocm7.willZip()).isFalse();
        assertThat(rocm7.findings()).anyMatch(f -> f.isError() && f.message().contains("gfx1151"));
        // Marked on its tab, plainly.
        assertThat(walk.text(ReviewStepView.ID_PACKAGE_SUMMARY_PREFIX + rocm7.name())).contains("this package gets no zip");
        assertThat(robot.lookup("#" + ReviewStepView.ID_NO_ZIP_PREFIX + rocm7.name()).tryQuery()).isPresent();
        assertThat(robot.lookup("#" + ReviewStepView.ID_NO_ZIP_PREFIX + rocm6.name()).tryQuery()).isEmpty();
        assertThat(walk.text(ReviewStepView.ID_TOTALS)).contains("1 of 2 packages passed").contains("incomplete");
        acknowledgeWarnings(robot);

        walk.next(StepId.ARCHIVE);
        walk.press(ArchiveStepView.ID_START);
        ReleaseResult r = releaseWritten();
        assertThat(r.complete()).isFalse();
        Path out = r.notes().getParent();
        assertThat(out.resolve(rocm6.name() + ".zip")).isRegularFile();
        assertThat(out.resolve(rocm7.name() + ".zip")).doesNotExist();
        assertThat(Files.readString(out.resolve("SHA256SUMS"))).contains(rocm6.name() + ".zip").doesNotContain(rocm7.name());
        assertThat(Files.readString(out.resolve("RELEASE-NOTES.md"))).contains(rocm7.name());
        assertThat(walk.text(ArchiveStepView.ID_RELEASE_SUMMARY)).startsWith("Incomplete release: 1 of 2 packages failed")
                .contains(rocm7.name() + " has no zip");
        assertThat(walk.text(ArchiveStepView.ID_PACKAGE_PREFIX + rocm7.name())).startsWith(rocm7.name() + ": no zip.");
        assertThat(notices).extracting(Notifier.Notice::title).contains("Incomplete release");
    }

    @Test
    void cancellingEndsTheRunningBuildAndLeavesTheRestNotRun(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        walk.next(StepId.BUILD);
        demo.holdBuilds();
        walk.press(BuildStepView.ID_START);
        waitFor(120, () -> wizard.build().packageBuilds().get(0).state() == PackageBuild.State.RUNNING
                && wizard.build().packageBuilds().get(0).log().received() > 5);
        walk.press(BuildStepView.ID_CANCEL);
        waitFor(120, () -> wizard.build().releaseEndedProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        PackageBuild first = wizard.build().packageBuilds().get(0);
        PackageBuild second = wizard.build().packageBuilds().get(1);
        assertThat(first.state()).isEqualTo(PackageBuild.State.CANCELLED);
        assertThat(second.state()).isEqualTo(PackageBuild.State.NOT_RUN);
        assertThat(second.log().received()).isZero();
        assertThat(walk.text(BuildStepView.ID_PACKAGE_STATE_PREFIX + second.name())).startsWith("not run");
        assertThat(overallProgress(robot)).isZero();
        assertThat(wizard.build().validProperty().get()).isFalse();
        assertThat(wizard.build().blockerProperty().get()).contains("not built");
    }

    private static double overallProgress(FxRobot robot) {
        return robot.lookup("#" + BuildStepView.ID_PROGRESS).queryAs(ProgressBar.class).getProgress();
    }

    private ReleaseResult releaseWritten() throws Exception {
        waitFor(300, () -> !wizard.archive().busyProperty().get()
                && (wizard.archive().releaseProperty().get() != null || !wizard.archive().errorProperty().get().isEmpty()));
        assertThat(wizard.archive().errorProperty().get()).isEmpty();
        WaitForAsyncUtils.waitForFxEvents();
        return wizard.archive().releaseProperty().get();
    }

    private void back(Walk walk) throws Exception {
        walk.press(WizardWindow.ID_BACK);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.TRACK);
    }

    private void acknowledgeWarnings(FxRobot robot) {
        if (!wizard.review().validProperty().get()) {
            CheckBox ack = robot.lookup("#" + ReviewStepView.ID_ACK).queryAs(CheckBox.class);
            robot.interact(ack::fire);
        }
    }
}
