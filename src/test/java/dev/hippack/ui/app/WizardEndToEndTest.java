package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.review.ReviewStepView;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
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
 * Drives the real window, headless, on the sample environment with real background tasks: the
 * whole wizard from detection to a verified zip, and cancelling a running build with Esc.
 */
@ExtendWith(ApplicationExtension.class)
class WizardEndToEndTest {

    private Wizard wizard;
    private UiTaskRunner runner;
    private int confirmations;
    private final List<Notifier.Notice> notices = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        // Slow enough that a build is still running when the test cancels it, fast enough for the walk.
        System.setProperty(Wizard.STAND_IN_PACE, "15");
        runner = new UiTaskRunner();
        wizard = new Wizard(new GuiRequest(true, null), CatalogLoader.embedded(), runner, Platform::runLater,
                path -> { }, AppSettings.defaults(), (title, question) -> {
                    confirmations++;
                    return true;
                }, stage::close);
        // The real popups, and a record of what they said.
        PopupNotifier popups = new PopupNotifier(stage);
        wizard.notifyWith(n -> {
            notices.add(n);
            popups.show(n);
        });
        stage.setScene(wizard.window().scene());
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> wizard.close()).get(30, TimeUnit.SECONDS);
        runner.close();
        System.clearProperty(Wizard.STAND_IN_PACE);
    }

    private static void waitFor(int seconds, BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> {
            boolean[] r = new boolean[1];
            WaitForAsyncUtils.asyncFx(() -> r[0] = condition.getAsBoolean()).get();
            return r[0];
        });
    }

    /** Presses a button that may be scrolled out of view, as a keyboard user would. */
    private static void press(FxRobot robot, String id) {
        Button b = robot.lookup("#" + id).queryButton();
        assertThat(b.isDisabled()).as(id + " enabled").isFalse();
        robot.interact(b::fire);
    }

    private void next(FxRobot robot, StepId expected) throws Exception {
        waitFor(120, () -> wizard.viewModel().canNextProperty().get());
        robot.clickOn("#" + WizardWindow.ID_NEXT);
        waitFor(10, () -> wizard.viewModel().currentId() == expected);
    }

    @Test
    void walksTheSampleFromDetectionToAVerifiedZip(FxRobot robot) throws Exception {
        next(robot, StepId.TRACK);

        Label total = robot.lookup("#" + TrackStepView.ID_TOTAL).queryAs(Label.class);
        Label zip = robot.lookup("#" + TrackStepView.ID_ZIP).queryAs(Label.class);
        String before = total.getText();
        String zipBefore = zip.getText();
        assertThat(robot.lookup("#" + TrackStepView.ID_SOURCE).queryAs(Label.class).getText()).contains("Measured");
        CheckBox gfx1100 = robot.lookup("#arch-tick-gfx1100").queryAs(CheckBox.class);
        robot.clickOn(gfx1100);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(total.getText()).isNotEqualTo(before);
        assertThat(zip.getText()).isNotEqualTo(zipBefore);
        assertThat(wizard.track().presetProperty().get()).isEqualTo("custom");
        robot.clickOn("#" + TrackStepView.ID_PRESET_PREFIX + "rocm6");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(total.getText()).isEqualTo(before);

        next(robot, StepId.BUILD);
        press(robot, BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().resultProperty().get()).isNotNull();
        assertThat(wizard.build().resultProperty().get().success()).isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(notices).extracting(Notifier.Notice::title).containsExactly("Build finished");
        assertThat(notices.get(0).text()).isEqualTo("audiocpp_cli.exe and audiocpp_server.exe built.");
        assertThat(shownInAPopup("Build finished")).as("a notification popup says the build finished").isTrue();
        for (String binary : List.of("audiocpp_cli", "audiocpp_server")) {
            assertThat(robot.lookup("#" + BuildStepView.ID_TASK_STATE_PREFIX + binary).queryAs(Label.class).getText())
                    .as(binary).matches("built in \\d+:\\d\\d");
        }

        next(robot, StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null);
        assertThat(wizard.review().auditProperty().get().passed()).isTrue();
        // The stand-in writes binaries of a release's size, so staged and estimated agree.
        assertThat(robot.lookup("#" + ReviewStepView.ID_TOTALS).queryAs(Label.class).getText())
                .matches("\\d+ files, .*; the estimate was .* \\(within 1%\\)\\.");
        if (!wizard.review().validProperty().get()) {
            CheckBox ack = robot.lookup("#" + ReviewStepView.ID_ACK).queryAs(CheckBox.class);
            robot.interact(ack::fire);
        }

        next(robot, StepId.ARCHIVE);
        press(robot, ArchiveStepView.ID_START);
        waitFor(240, () -> wizard.archive().resultProperty().get() != null || !wizard.archive().errorProperty().get().isEmpty());
        assertThat(wizard.archive().errorProperty().get()).isEmpty();
        Path zipFile = wizard.archive().resultProperty().get().zip();
        assertThat(Files.isRegularFile(zipFile)).isTrue();
        assertThat(robot.lookup("#" + ArchiveStepView.ID_SHA).queryAs(TextField.class).getText()).hasSize(64);
        assertThat(robot.lookup("#" + ArchiveStepView.ID_RESULT).queryAs(Label.class).getText()).startsWith("Verified");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(notices).extracting(Notifier.Notice::title).containsExactly("Build finished", "Archive verified");
        assertThat(notices.get(1).text()).startsWith(zipFile.getFileName().toString()).endsWith("is ready, with SHA256SUMS.");
        Button finish = robot.lookup("#" + WizardWindow.ID_NEXT).queryButton();
        assertThat(finish.getText()).isEqualTo("_Finish");
        robot.clickOn(finish);
        assertThat(wizard.viewModel().finishedProperty().get()).isTrue();
    }

    @Test
    void escapeAsksThenCancelsARunningBuild(FxRobot robot) throws Exception {
        next(robot, StepId.TRACK);
        next(robot, StepId.BUILD);
        press(robot, BuildStepView.ID_START);
        waitFor(60, () -> wizard.build().busyProperty().get() && wizard.build().log().received() > 20);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#" + BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_cli").queryAs(Label.class).getText()).startsWith("building");
        assertThat(robot.lookup("#" + BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_server").queryAs(Label.class).getText()).isEqualTo("waiting");
        assertThat(robot.lookup("#" + WizardWindow.ID_BACK).queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#" + WizardWindow.ID_NEXT).queryButton().isDisabled()).isTrue();
        robot.type(KeyCode.ESCAPE);
        assertThat(confirmations).isEqualTo(1);
        waitFor(60, () -> !wizard.build().busyProperty().get());
        assertThat(wizard.build().validProperty().get()).isFalse();
        assertThat(wizard.build().resultProperty().get() == null || wizard.build().resultProperty().get().cancelled()).isTrue();
        assertThat(robot.lookup("#" + WizardWindow.ID_BACK).queryButton().isDisabled()).isFalse();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#" + BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_cli").queryAs(Label.class).getText()).startsWith("cancelled after");
        assertThat(robot.lookup("#" + BuildStepView.ID_TASK_STATE_PREFIX + "audiocpp_server").queryAs(Label.class).getText()).isEqualTo("not started");
        assertThat(notices).extracting(Notifier.Notice::title, Notifier.Notice::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Build cancelled", dev.hippack.core.finding.Severity.WARNING));
    }

    /** Whether a window other than the main one (a notification popup) shows {@code text}. */
    private static boolean shownInAPopup(String text) {
        boolean[] found = {false};
        WaitForAsyncUtils.waitForAsyncFx(5000, () -> {
            for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
                if (!(w instanceof Stage) && w.isShowing() && w.getScene() != null) {
                    found[0] |= w.getScene().getRoot().lookupAll(".label").stream()
                            .anyMatch(n -> n instanceof javafx.scene.control.Labeled l && text.equals(l.getText()));
                }
            }
        });
        return found[0];
    }
}
