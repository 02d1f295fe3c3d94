package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardWindow;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class WizardWindowTest {

    private Wizard wizard;
    private final List<String> questions = new ArrayList<>();
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        wizard = new Wizard(new GuiRequest(true, null), CatalogLoader.embedded(), new DirectTaskRunner(), Runnable::run,
                path -> { }, AppSettings.defaults(), (title, q) -> {
                    questions.add(q);
                    return true;
                }, stage::close);
        stage.setScene(wizard.window().scene());
        stage.titleProperty().bind(wizard.titleProperty());
        stage.show();
    }

    @Test
    void demoIsNamedInTheTitleAndTheBanner(FxRobot robot) {
        assertThat(stage.getTitle()).contains("SAMPLE ENVIRONMENT");
        assertThat(robot.lookup("#" + WizardWindow.ID_BANNER).tryQuery()).isPresent();
    }

    @Test
    void enterMovesToTheNextStepAndTheViewIsSwapped(FxRobot robot) {
        assertThat(robot.lookup("#" + StepId.ENVIRONMENT.viewId()).tryQuery()).isPresent();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.TRACK);
        assertThat(robot.lookup("#" + StepId.TRACK.viewId()).tryQuery()).isPresent();
        assertThat(robot.lookup("#" + StepId.ENVIRONMENT.viewId()).tryQuery()).isEmpty();
        assertThat(stage.getTitle()).contains("Track and architectures");
        Button back = robot.lookup("#" + WizardWindow.ID_BACK).queryButton();
        assertThat(back.isDisabled()).isFalse();
        robot.clickOn(back);
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.ENVIRONMENT);
    }

    @Test
    void untickingEveryArchitectureDisablesNext(FxRobot robot) {
        Button next = robot.lookup("#" + WizardWindow.ID_NEXT).queryButton();
        // fire() rather than a robot click: a click can miss under load and the test would then
        // fail for the mouse, not for the wizard.
        robot.interact(next::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.TRACK);
        assertThat(next.isDisabled()).isFalse();
        for (String id : List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201")) {
            CheckBox cb = robot.lookup("#arch-tick-" + id).query();
            robot.interact(() -> cb.fire());
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(next.isDisabled()).isTrue();
        javafx.scene.control.ButtonBase preset = robot.lookup("#" + TrackStepView.ID_PRESET_PREFIX + "rocm7").query();
        robot.interact(preset::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(next.isDisabled()).isFalse();
    }

    @Test
    void cancelWhileIdleAsksBeforeClosing(FxRobot robot) {
        robot.clickOn("#" + WizardWindow.ID_CANCEL);
        assertThat(questions).hasSize(1);
        assertThat(stage.isShowing()).isFalse();
    }

    @Test
    void themeToggleSwapsOnlyTheTokensSheet(FxRobot robot) {
        List<String> before = List.copyOf(stage.getScene().getStylesheets());
        robot.clickOn("#" + WizardWindow.ID_THEME);
        List<String> after = stage.getScene().getStylesheets();
        assertThat(before.get(0)).endsWith("tokens.css");
        assertThat(after.get(0)).endsWith("tokens-dark.css");
        assertThat(after.get(1)).isEqualTo(before.get(1));
    }
}
