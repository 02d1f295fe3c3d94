package dev.hippack.ui.app;

import static dev.hippack.ui.app.Walk.onFx;
import static dev.hippack.ui.app.Walk.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.progress.LogLine;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.review.PackageNode;
import dev.hippack.ui.steps.review.ReviewStepView;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Drives the real window, headless, on the sample environment with real background tasks, along
 * the paths people take, each from detection to a verified zip: the preset, a custom selection,
 * Back and other targets after a build, the keyboard alone, and a build that fails and is fixed.
 * Also: Esc cancels a running build.
 */
@ExtendWith(ApplicationExtension.class)
class WizardEndToEndTest {

    private DemoWizardWindow demo;
    private Wizard wizard;
    private Stage stage;
    private List<String> questions;
    private List<Notifier.Notice> notices;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        demo = DemoWizardWindow.open(stage);
        wizard = demo.wizard();
        questions = demo.questions();
        notices = demo.notices();
    }

    @AfterEach
    void close() throws Exception {
        demo.close();
    }

    @Test
    void thePresetPathFromDetectionToAVerifiedZip(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);

        String before = walk.text(TrackStepView.ID_TOTAL);
        String zipBefore = walk.text(TrackStepView.ID_ZIP);
        assertThat(walk.text(TrackStepView.ID_SOURCE)).contains("measured");
        walk.press("arch-tick-gfx1100");
        assertThat(walk.text(TrackStepView.ID_TOTAL)).isNotEqualTo(before);
        assertThat(walk.text(TrackStepView.ID_ZIP)).isNotEqualTo(zipBefore);
        assertThat(walk.text(TrackStepView.ID_CHANGE)).contains("(gfx1100 unticked)");
        assertThat(wizard.track().presetProperty().get()).isEqualTo("custom");
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm6");
        assertThat(walk.text(TrackStepView.ID_TOTAL)).isEqualTo(before);

        walk.next(StepId.BUILD);
        assertThat(walk.shown(BuildStepView.ID_FINDINGS)).as("no 'last build' before a build").isFalse();
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().resultProperty().get().success()).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(notices).extracting(Notifier.Notice::title).containsExactly("Build finished");
        assertThat(notices.get(0).text()).isEqualTo("audiocpp_cli.exe and audiocpp_server.exe built.");
        assertNoticeInsideTheWindow(robot, "Build finished");
        for (String binary : List.of("audiocpp_cli", "audiocpp_server")) {
            assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + binary)).as(binary).matches("built in \\d+:\\d\\d");
        }
        assertThat(walk.shown(BuildStepView.ID_FINDINGS)).isTrue();

        walk.next(StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null);
        assertThat(wizard.review().auditProperty().get().passed()).isTrue();
        // The stand-in writes binaries of a release's size, so staged and estimated agree.
        assertThat(walk.text(ReviewStepView.ID_TOTALS)).matches("\\d+ files, .*; the estimate was .* \\(within 1%\\)\\.");
        acknowledgeWarnings(robot);

        walk.next(StepId.ARCHIVE);
        assertThat(walk.button(ArchiveStepView.ID_START).getText()).isEqualTo("Write and verify _zip");
        walk.press(ArchiveStepView.ID_START);
        Path zipFile = walk.verifiedZip();
        assertThat(robot.lookup("#" + ArchiveStepView.ID_SHA).queryAs(TextField.class).getText()).hasSize(64);
        // The sample's placeholders zip to almost nothing: the step says why.
        assertThat(walk.text(ArchiveStepView.ID_SIZE)).matches(".* MiB zipped from .* GiB\\. .*")
                .contains("smaller than estimated").contains("sample machine").contains("placeholders").doesNotContain(" MB");
        assertThat(notices).extracting(Notifier.Notice::title).containsExactly("Build finished", "Archive verified");
        assertThat(notices.get(1).text()).startsWith(zipFile.getFileName().toString()).endsWith("is ready, with SHA256SUMS.");

        // A second press after success writes the zip again: no command-line words, the result stays.
        walk.press(ArchiveStepView.ID_START);
        waitFor(240, () -> !wizard.archive().busyProperty().get());
        assertThat(wizard.archive().errorProperty().get()).isEmpty();
        assertThat(walk.shown(ArchiveStepView.ID_RESULT_BOX)).isTrue();
        assertThat(walk.text(ArchiveStepView.ID_RESULT)).startsWith("Verified");
        Button finish = walk.button(WizardWindow.ID_NEXT);
        assertThat(finish.getText()).isEqualTo("_Finish");
        assertThat(finish.isDisabled()).isFalse();
        robot.interact(finish::fire);
        assertThat(wizard.viewModel().finishedProperty().get()).isTrue();
    }

    /** gfx1100 + gfx1103 on ROCm 6.4 ("Custom"), the selection issue 12 found refused at the audit. */
    @Test
    void aCustomSelectionOfGfx1100AndGfx1103ToAVerifiedZip(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        select(walk, "gfx1100", "gfx1103");
        assertThat(wizard.track().presetProperty().get()).isEqualTo("custom");
        assertThat(wizard.track().validProperty().get()).isTrue();

        walk.next(StepId.BUILD);
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> wizard.build().validProperty().get());
        walk.next(StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null);
        assertThat(wizard.review().findings()).noneMatch(f -> f.isError());
        assertThat(kernelArchs(wizard.review().treeProperty().get())).containsOnly("gfx1100", "gfx1103");
        acknowledgeWarnings(robot);
        walk.next(StepId.ARCHIVE);
        walk.press(ArchiveStepView.ID_START);
        Path zip = walk.verifiedZip();
        assertThat(Walk.entries(zip)).noneMatch(n -> n.contains("gfx1101") || n.contains("gfx1201"));
    }

    @Test
    void backAndOtherTargetsAfterABuildDemandARebuild(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        select(walk, "gfx1100", "gfx1103");
        walk.next(StepId.BUILD);
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).as(wizard.build().blockerProperty().get()).isTrue();
        assertThat(walk.text(BuildStepView.ID_STATUS)).isEqualTo("Build finished.");
        // The window's status bar says what the step says.
        assertThat(walk.text(WizardWindow.ID_STATUS_TEXT)).isEqualTo("Build finished.");

        // Back, gfx1101 ticked as well, Next: the binaries in build\hip hold no code for it.
        back(walk);
        walk.press("arch-tick-gfx1101");
        assertThat(wizard.track().selectedIds()).containsExactly("gfx1100", "gfx1101", "gfx1103");
        walk.next(StepId.BUILD);
        // The step says what it was built for and why that no longer does, the tasks are back to waiting, Next is closed.
        assertThat(walk.shown(BuildStepView.ID_REBUILD)).isTrue();
        assertThat(walk.text(BuildStepView.ID_REBUILD)).startsWith("Built for ROCm 6.4, gfx1100 and gfx1103").contains("rebuild needed")
                .contains("missing gfx1101");
        assertThat(walk.text(BuildStepView.ID_STATUS)).isEmpty();
        for (String binary : List.of("audiocpp_cli", "audiocpp_server")) {
            assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + binary)).isEqualTo("waiting");
        }
        assertThat(walk.shown(BuildStepView.ID_FINDINGS)).isFalse();
        assertThat(wizard.viewModel().canNextProperty().get()).isFalse();
        assertThat(wizard.viewModel().blockerProperty().get()).contains("rebuild needed");
        // "Use existing binaries" is judged by the same check as 'stage' and Review: refused too.
        CheckBox useExisting = robot.lookup("#" + BuildStepView.ID_USE_EXISTING).queryAs(CheckBox.class);
        robot.interact(useExisting::fire);
        assertThat(wizard.build().validProperty().get()).isFalse();
        assertThat(wizard.viewModel().blockerProperty().get()).contains("were built in this session for").contains("rebuild needed");
        robot.interact(useExisting::fire);

        // Back to the targets it was built for: good again, without a build.
        back(walk);
        walk.press("arch-tick-gfx1101");
        walk.next(StepId.BUILD);
        assertThat(walk.shown(BuildStepView.ID_REBUILD)).as(walk.text(BuildStepView.ID_REBUILD)).isFalse();
        assertThat(wizard.build().validProperty().get()).as(wizard.build().blockerProperty().get()).isTrue();
        assertThat(walk.text(BuildStepView.ID_STATUS)).isEqualTo("Build finished.");

        // Another ROCm (another build folder) demands one as well.
        back(walk);
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm7");
        walk.next(StepId.BUILD);
        assertThat(walk.text(BuildStepView.ID_REBUILD)).startsWith("Built for ROCm 6.4, gfx1100 and gfx1103").contains("rebuild needed")
                .contains("the plan uses 7.1");
        assertThat(wizard.build().validProperty().get()).isFalse();

        // gfx1100 + gfx1101 + gfx1103 on ROCm 6.4, built: Review and Archive package what was built for it.
        back(walk);
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm6");
        select(walk, "gfx1100", "gfx1101", "gfx1103");
        walk.next(StepId.BUILD);
        assertThat(wizard.build().validProperty().get()).isFalse();
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).as(wizard.build().blockerProperty().get()).isTrue();
        assertThat(walk.shown(BuildStepView.ID_REBUILD)).isFalse();
        walk.next(StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null);
        assertThat(wizard.review().auditProperty().get().passed()).as(wizard.review().findings().toString()).isTrue();
        assertThat(kernelArchs(wizard.review().treeProperty().get())).containsOnly("gfx1100", "gfx1101", "gfx1103");
        acknowledgeWarnings(robot);
        walk.next(StepId.ARCHIVE);
        walk.press(ArchiveStepView.ID_START);
        Path zip = walk.verifiedZip();
        assertThat(Walk.entries(zip)).anyMatch(n -> n.contains("gfx1101")).noneMatch(n -> n.contains("gfx1102") || n.contains("gfx1201"));
    }

    /** Back from the Build step to the Track step. */
    private void back(Walk walk) throws Exception {
        walk.press(WizardWindow.ID_BACK);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.TRACK);
    }

    /** Ticks and unticks the matrix until exactly {@code ids} are selected, as a person clicks. */
    private void select(Walk walk, String... ids) throws Exception {
        List<String> wanted = List.of(ids);
        for (String id : wanted) {
            if (!wizard.track().selectedIds().contains(id)) {
                walk.press("arch-tick-" + id);
            }
        }
        for (String id : List.copyOf(wizard.track().selectedIds())) {
            if (!wanted.contains(id)) {
                walk.press("arch-tick-" + id);
            }
        }
        assertThat(wizard.track().selectedIds()).containsExactlyInAnyOrderElementsOf(wanted);
    }

    @Test
    void theKeyboardAloneWalksFromDetectionToAVerifiedZip(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        waitFor(120, () -> wizard.viewModel().canNextProperty().get());
        robot.type(KeyCode.ENTER);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.TRACK);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(focusId()).as("focus after Next").isNotEqualTo(WizardWindow.ID_CANCEL);

        // Tab to the first architecture's box, Space unticks it; Enter does not tick a box, it is Next.
        tabUntil(robot, () -> "arch-tick-gfx1100".equals(focusId()), 40);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.track().selectedIds()).doesNotContain("gfx1100");
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.track().selectedIds()).contains("gfx1100");
        robot.type(KeyCode.ENTER);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.BUILD);
        assertThat(wizard.track().presetProperty().get()).isEqualTo("rocm6");

        // Alt+S is "Start build" (its mnemonic), Esc asks and cancels, Enter starts it again (the step's default action).
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(focusId()).isEqualTo(BuildStepView.ID_START);
        demo.holdBuilds();
        robot.press(KeyCode.ALT).type(KeyCode.S).release(KeyCode.ALT);
        waitFor(60, () -> wizard.build().busyProperty().get() && wizard.build().log().received() > 5);
        robot.type(KeyCode.ESCAPE);
        waitFor(60, () -> !wizard.build().busyProperty().get());
        assertThat(questions).containsExactly("Stop what is running now? Nothing half-written is kept.");
        assertThat(wizard.build().validProperty().get()).isFalse();
        demo.releaseBuilds();
        WaitForAsyncUtils.waitForFxEvents();
        // Tab into Jobs, Ctrl+A and a number over "auto", Enter: the field takes the number, and
        // the same Enter starts the build again (the step's default action) with it.
        tabUntil(robot, () -> "build-jobs".equals(focusId()), 40);
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        robot.write("3");
        robot.type(KeyCode.ENTER);
        waitFor(240, () -> wizard.build().validProperty().get());
        assertThat(wizard.build().jobsProperty().get()).isEqualTo(3);
        assertThat(onFx(() -> wizard.build().log().lines().stream().map(LogLine::text).filter(t -> t.startsWith("== audiocpp_"))
                .toList())).hasSize(2).allMatch(t -> t.matches(".* -Jobs 3( .*)?"));

        robot.type(KeyCode.ENTER);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null && !wizard.review().busyProperty().get());
        if (!wizard.review().validProperty().get()) {
            // Alt+W ticks "I have read the warnings".
            robot.press(KeyCode.ALT).type(KeyCode.W).release(KeyCode.ALT);
            WaitForAsyncUtils.waitForFxEvents();
        }
        robot.type(KeyCode.ENTER);
        waitFor(10, () -> wizard.viewModel().currentId() == StepId.ARCHIVE);
        WaitForAsyncUtils.waitForFxEvents();
        // Enter on the Archive step writes the zip (Next is not possible yet); Alt+Z would do the same.
        robot.type(KeyCode.ENTER);
        walk.verifiedZip();
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.ENTER);
        assertThat(wizard.viewModel().finishedProperty().get()).isTrue();
        assertThat(questions).hasSize(1);
    }

    @Test
    void aFailedBuildSaysWhatToFixAndTheWalkGoesOnOnceItIsFixed(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        // The sample SDK loses hipblaslt.dll, as a broken SDK install would.
        Host host = wizard.draft().host();
        Path dll = host.resolve(host.join(wizard.draft().sdkByVersion().get("6.4"), "bin", "hipblaslt.dll"));
        byte[] saved = Files.readAllBytes(dll);
        Files.delete(dll);
        walk.next(StepId.BUILD);
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.build().resultProperty().get().success()).isFalse();
        assertThat(walk.text(BuildStepView.ID_STATUS)).isEqualTo("Build failed.");
        assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_cli")).startsWith("failed after");
        assertThat(walk.shown(BuildStepView.ID_FINDINGS)).isTrue();
        assertThat(wizard.build().findings()).isNotEmpty().allSatisfy(f -> assertThat(f.fix()).isNotBlank());
        assertThat(wizard.viewModel().canNextProperty().get()).isFalse();
        assertThat(notices).extracting(Notifier.Notice::title, Notifier.Notice::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Build failed", Severity.ERROR));

        Files.write(dll, saved);
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).isTrue();
        walk.next(StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null);
        assertThat(wizard.review().auditProperty().get().passed()).isTrue();
        acknowledgeWarnings(robot);
        walk.next(StepId.ARCHIVE);
        walk.press(ArchiveStepView.ID_START);
        walk.verifiedZip();
    }

    @Test
    void escapeAsksThenCancelsARunningBuild(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.next(StepId.BUILD);
        demo.holdBuilds();
        walk.press(BuildStepView.ID_START);
        waitFor(60, () -> wizard.build().busyProperty().get() && wizard.build().log().received() > 20);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_cli")).startsWith("building");
        assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_server")).isEqualTo("waiting");
        assertThat(walk.disabled(WizardWindow.ID_BACK)).isTrue();
        assertThat(walk.disabled(WizardWindow.ID_NEXT)).isTrue();
        robot.type(KeyCode.ESCAPE);
        assertThat(questions).hasSize(1);
        waitFor(60, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).isFalse();
        assertThat(walk.disabled(WizardWindow.ID_BACK)).isFalse();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_cli")).startsWith("cancelled after");
        assertThat(walk.text(BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_server")).isEqualTo("not started");
        // A cancelled build has no findings to show: no "No problem found in the last build."
        assertThat(walk.shown(BuildStepView.ID_FINDINGS)).isFalse();
        assertThat(notices).extracting(Notifier.Notice::title, Notifier.Notice::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Build cancelled", Severity.WARNING));
    }

    private void acknowledgeWarnings(FxRobot robot) {
        if (!wizard.review().validProperty().get()) {
            CheckBox ack = robot.lookup("#" + ReviewStepView.ID_ACK).queryAs(CheckBox.class);
            robot.interact(ack::fire);
        }
    }

    private String focusId() throws Exception {
        return onFx(() -> {
            Node f = stage.getScene().getFocusOwner();
            return f == null ? null : f.getId();
        });
    }

    private void tabUntil(FxRobot robot, java.util.concurrent.Callable<Boolean> reached, int most) throws Exception {
        for (int i = 0; i < most; i++) {
            if (onFx(() -> {
                try {
                    return reached.call();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            })) {
                return;
            }
            robot.type(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
        }
        throw new AssertionError("Tab never reached the control; focus is on " + focusId());
    }

    private void assertNoticeInsideTheWindow(FxRobot robot, String title) throws Exception {
        WizardWindow window = wizard.window();
        waitFor(10, window::noticeShown);
        assertThat(window.noticeText()).startsWith(title + ": ");
        Node bar = robot.lookup("#" + WizardWindow.ID_NOTIFICATIONS).query();
        assertThat(bar.isVisible()).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        Bounds b = onFx(() -> bar.localToScene(bar.getLayoutBounds()));
        assertThat(b.getMinX()).isGreaterThanOrEqualTo(0);
        assertThat(b.getMaxX()).isLessThanOrEqualTo(stage.getScene().getWidth() + 0.5);
        assertThat(b.getMinY()).isGreaterThanOrEqualTo(0);
        assertThat(b.getMaxY()).isLessThanOrEqualTo(stage.getScene().getHeight() + 0.5);
    }

    private static List<String> kernelArchs(PackageNode n) {
        List<String> out = new ArrayList<>();
        if (n.kind() == PackageNode.Kind.KERNEL && n.arch() != null) {
            out.add(n.arch());
        }
        n.children().forEach(c -> out.addAll(kernelArchs(c)));
        return out;
    }
}
