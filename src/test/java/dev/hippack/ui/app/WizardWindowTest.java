package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Severity;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.AppIcons;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.BackgroundJob;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.NoticeBar;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.RunningTask;
import dev.hippack.ui.common.TaskObserver;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.Theme;
import dev.hippack.ui.wizard.ThemeChoice;
import dev.hippack.ui.wizard.WizardWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
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
    /** What the user answers to every question. */
    private volatile boolean answer = true;
    /** While set, a started job stays running (its observer is never told) until cancelled. */
    private volatile boolean hold;
    private final List<Boolean> cancelled = new ArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        TaskRunner direct = new DirectTaskRunner();
        TaskRunner holding = new TaskRunner() {
            @Override
            public <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer) {
                if (!hold) {
                    return direct.run(job, observer);
                }
                return () -> {
                    cancelled.add(true);
                    observer.cancelled();
                };
            }
        };
        wizard = new Wizard(new Wizard.Models(new GuiRequest(true, null), CatalogLoader.embedded(), holding,
                AppSettings.defaults(), DemoWizardWindow::copySample), path -> { }, (title, q) -> {
                    questions.add(q);
                    return answer;
                }, stage::close, true);
        stage.setScene(wizard.window().scene());
        stage.titleProperty().bind(wizard.titleProperty());
        stage.show();
    }

    private Node focus() {
        return stage.getScene().getFocusOwner();
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
    void afterAClickInTheStepListTheFocusIsOnTheStepAndEnterIsNextNotClose(FxRobot robot) {
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.TRACK);
        robot.clickOn("#step-item-environment");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.ENVIRONMENT);
        assertThat(focus()).isNotNull();
        assertThat(focus().getId()).isNotEqualTo(WizardWindow.ID_CANCEL);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(questions).as("Enter never asks to close").isEmpty();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.TRACK);
    }

    @Test
    void enterOnAFocusedCheckBoxIsTheStepsDefaultActionNotAToggle(FxRobot robot) {
        // On a focused Cancel, too, Enter is the step's default action (Next), never "close".
        robot.interact(() -> robot.lookup("#" + WizardWindow.ID_CANCEL).query().requestFocus());
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        CheckBox box = robot.lookup("#arch-tick-gfx1100").queryAs(CheckBox.class);
        robot.interact(box::requestFocus);
        assertThat(focus()).isSameAs(box);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).isTrue();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.BUILD);
        assertThat(questions).isEmpty();
    }

    @Test
    void untickingEveryArchitectureDisablesNextAndTheStatusBarSaysWhy(FxRobot robot) {
        Button next = robot.lookup("#" + WizardWindow.ID_NEXT).queryButton();
        Label status = robot.lookup("#" + WizardWindow.ID_STATUS_TEXT).queryAs(Label.class);
        assertThat(status.getText()).isEqualTo("Ready: press Next (Enter) to continue.");
        robot.interact(next::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.TRACK);
        assertThat(next.isDisabled()).isFalse();
        for (String id : List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201")) {
            CheckBox cb = robot.lookup("#arch-tick-" + id).query();
            robot.interact(cb::fire);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(next.isDisabled()).isTrue();
        assertThat(wizard.viewModel().blockerProperty().get()).isNotEmpty();
        assertThat(status.getText()).isEqualTo(wizard.viewModel().blockerProperty().get());
        javafx.scene.control.ButtonBase preset = robot.lookup("#" + TrackStepView.ID_PRESET_PREFIX + "rocm7").query();
        robot.interact(preset::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(next.isDisabled()).isFalse();
        assertThat(status.getText()).isEqualTo("Ready: press Next (Enter) to continue.");
    }

    @Test
    void theJobsFieldTakesNumbersOrAutoAndNothingTypedThereFails(FxRobot robot) {
        List<Throwable> errors = new ArrayList<>();
        robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler((t, e) -> errors.add(e)));
        Button next = robot.lookup("#" + WizardWindow.ID_NEXT).queryButton();
        robot.interact(next::fire);
        robot.interact(next::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.BUILD);
        Spinner<Integer> jobs = robot.lookup("#build-jobs").query();
        assertThat(jobs.getEditor().getText()).isEqualTo("auto");
        robot.clickOn(jobs.getEditor());

        // Letters other than "auto" are not taken; leaving the field commits what is there ("a": auto).
        // (Enter commits the same way, then runs the step's default action, Start build.)
        retype(robot, jobs, "abc", KeyCode.TAB);
        assertThat(jobs.getEditor().getText()).isEqualTo("auto");
        assertThat(jobs.getValue()).isZero();

        robot.clickOn(jobs.getEditor());
        retype(robot, jobs, "12", KeyCode.TAB);
        assertThat(jobs.getValue()).isEqualTo(12);
        assertThat(wizard.build().jobsProperty().get()).isEqualTo(12);
        assertThat(wizard.build().commandLines()).allMatch(l -> l.contains("-Jobs 12"));

        robot.clickOn(jobs.getEditor());
        retype(robot, jobs, "999", KeyCode.TAB);
        assertThat(jobs.getValue()).isEqualTo(256);
        assertThat(jobs.getEditor().getText()).isEqualTo("256");

        robot.clickOn(jobs.getEditor());
        retype(robot, jobs, "", KeyCode.TAB);
        assertThat(jobs.getValue()).isZero();
        assertThat(jobs.getEditor().getText()).isEqualTo("auto");
        assertThat(wizard.build().commandLines()).noneMatch(l -> l.contains("-Jobs"));
        assertThat(errors).isEmpty();
    }

    /** Selects the field's text, types {@code text} over it key by key, then presses {@code key}. */
    private static void retype(FxRobot robot, Spinner<Integer> spinner, String text, KeyCode key) {
        robot.interact(() -> spinner.getEditor().selectAll());
        robot.type(KeyCode.BACK_SPACE);
        if (!text.isEmpty()) {
            robot.write(text);
        }
        robot.type(key);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aLongNoticeShowsWholeInEitherThemesTextColour(FxRobot robot) {
        // As long as the notice for a settings file that could not be read, at the smallest window size.
        String text = "Your settings file /home/ann/.config/hip-packager/settings.json could not be read: Unexpected character"
                + " (',' (code 44)): was expecting double-quote to start field name (line 1, column 20). HIP Packager started"
                + " with its defaults; the file was kept as settings.json.broken beside it.";
        // The first window has no notice, and no nodes for one.
        assertThat(robot.lookup("#" + WizardWindow.ID_NOTIFICATIONS).tryQuery()).isEmpty();
        for (ThemeChoice theme : List.of(ThemeChoice.LIGHT, ThemeChoice.DARK)) {
            robot.interact(() -> {
                stage.setWidth(1024);
                stage.setHeight(700);
                wizard.window().themeChoiceProperty().set(theme);
                wizard.window().notifier().show(new Notifier.Notice(Severity.WARNING, "Settings not read", text));
            });
            WaitForAsyncUtils.waitForFxEvents();
            Text words = robot.lookup("." + Css.NOTICE_TEXT).queryAs(Text.class);
            assertThat(words.getText()).isEqualTo("Settings not read: " + text);
            Node pane = robot.lookup("#" + WizardWindow.ID_NOTIFICATIONS).query();
            assertThat(pane.isVisible()).isTrue();
            assertThat(pane.getAccessibleText()).isEqualTo(words.getText());
            Bounds bar = pane.localToScene(pane.getLayoutBounds());
            Bounds shown = words.localToScene(words.getLayoutBounds());
            assertThat(shown.getHeight()).as("wrapped over several lines").isGreaterThan(3 * words.getFont().getSize());
            assertThat(bar.contains(shown)).as(theme + ": " + shown + " inside the bar " + bar).isTrue();
            assertThat(shown.getMaxX()).isLessThanOrEqualTo(stage.getScene().getWidth());
            assertThat(words.getFill()).as(theme + " text colour")
                    .isEqualTo(Color.web(theme == ThemeChoice.DARK ? "#e6e8eb" : "#1c1f24"));
            Node dismiss = robot.lookup("#" + WizardWindow.ID_NOTIFICATIONS + "-dismiss").query();
            assertThat(pane.localToScene(pane.getLayoutBounds()).contains(dismiss.localToScene(dismiss.getLayoutBounds()))).isTrue();
            // In light the bar's button dismisses it; in dark, Esc does (no task runs).
            if (theme == ThemeChoice.LIGHT) {
                robot.clickOn(dismiss);
            } else {
                robot.type(KeyCode.ESCAPE);
            }
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(pane.isVisible()).isFalse();
            assertThat(wizard.window().noticeShown()).isFalse();
        }
        assertThat(NoticeBar.readingTime(text).toSeconds()).isEqualTo(Math.min(20, text.length() / 15.0), within(0.01)).isGreaterThan(8);
        assertThat(NoticeBar.readingTime("Build finished: audiocpp_cli.exe built.").toSeconds()).isEqualTo(8);
    }

    @Test
    void cancelWhileIdleAsksBeforeClosing(FxRobot robot) {
        robot.clickOn("#" + WizardWindow.ID_CANCEL);
        assertThat(questions).hasSize(1);
        assertThat(stage.isShowing()).isFalse();
    }

    @Test
    void theThemeFollowsTheSystemUntilOneIsPickedAndOnlyTheTokensSheetChanges(FxRobot robot) {
        // This wizard was made on a "dark" system and nothing was picked yet.
        List<String> before = List.copyOf(stage.getScene().getStylesheets());
        assertThat(wizard.window().themeChoiceProperty().get()).isEqualTo(ThemeChoice.SYSTEM);
        assertThat(wizard.window().themeProperty().get()).isEqualTo(Theme.DARK);
        assertThat(before.get(0)).endsWith("tokens-dark.css");
        // The menu opens above the button, with the choices in their order and the shown one ticked.
        robot.clickOn("#" + WizardWindow.ID_THEME);
        WaitForAsyncUtils.waitForFxEvents();
        ContextMenu menu = Window.getWindows().stream().filter(ContextMenu.class::isInstance).map(ContextMenu.class::cast)
                .filter(ContextMenu::isShowing).findFirst().orElseThrow();
        assertThat(menu.getItems()).extracting(MenuItem::getText).containsExactly("Follow the system (dark)", "Light", "Dark");
        assertThat(menu.getItems()).extracting(i -> ((RadioMenuItem) i).isSelected()).containsExactly(true, false, false);
        Node button = robot.lookup("#" + WizardWindow.ID_THEME).query();
        Node shown = menu.getSkin().getNode();
        assertThat(shown.localToScreen(shown.getLayoutBounds()).getMaxY()).as("above the button at the window's bottom")
                .isLessThanOrEqualTo(button.localToScreen(button.getLayoutBounds()).getMinY() + 1);
        robot.clickOn("Light");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(menu.isShowing()).isFalse();
        List<String> after = stage.getScene().getStylesheets();
        assertThat(after.get(0)).endsWith("tokens.css");
        assertThat(after.get(1)).isEqualTo(before.get(1));
        assertThat(wizard.window().themeChoiceProperty().get().settingsValue()).isEqualTo("light");
    }

    @Test
    void theThemeCanBePickedWithTheKeyboardOnly(FxRobot robot) {
        // Tab from Cancel reaches the theme button; Space opens its menu; the arrows and Enter pick.
        robot.interact(() -> robot.lookup("#" + WizardWindow.ID_CANCEL).query().requestFocus());
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(focus().getId()).isEqualTo(WizardWindow.ID_THEME);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        ContextMenu menu = Window.getWindows().stream().filter(ContextMenu.class::isInstance).map(ContextMenu.class::cast)
                .filter(ContextMenu::isShowing).findFirst().orElseThrow();
        robot.type(KeyCode.DOWN);
        robot.type(KeyCode.DOWN);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        // The menu opens on its first choice: two steps down is Dark. Enter picked it, and only that:
        // the step's default action (Next) did not run.
        assertThat(menu.isShowing()).isFalse();
        assertThat(wizard.window().themeChoiceProperty().get()).isEqualTo(ThemeChoice.DARK);
        assertThat(stage.getScene().getStylesheets().get(0)).endsWith("tokens-dark.css");
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.ENVIRONMENT);
        assertThat(questions).isEmpty();
    }

    @Test
    void questionsCarryTheIconAndDefaultToNo(FxRobot robot) throws Exception {
        Alert[] alert = new Alert[1];
        robot.interact(() -> {
            alert[0] = HipPackagerApp.confirmation(stage, "Close HIP Packager", "Close the wizard?");
            alert[0].show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Button yes = (Button) alert[0].getDialogPane().lookupButton(ButtonType.YES);
        Button no = (Button) alert[0].getDialogPane().lookupButton(ButtonType.NO);
        assertThat(no.isDefaultButton()).isTrue();
        assertThat(yes.isDefaultButton()).isFalse();
        assertThat(((Stage) alert[0].getDialogPane().getScene().getWindow()).getIcons()).hasSize(AppIcons.images().size()).isNotEmpty();
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(alert[0].isShowing()).isFalse();
        assertThat(alert[0].getResult()).isEqualTo(ButtonType.NO);
        assertThat(AppIcons.images()).extracting(i -> (int) i.getWidth()).containsExactly(16, 32, 48, 256);
    }

    private void requestClose(FxRobot robot) {
        // What the title bar's X and Alt+F4 send; the window closes unless a handler consumes it.
        robot.interact(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void titleBarCloseWhenIdleAsksAndNoKeepsTheWindow(FxRobot robot) {
        answer = false;
        requestClose(robot);
        assertThat(questions).containsExactly(WizardWindow.CLOSE_QUESTION);
        assertThat(stage.isShowing()).isTrue();

        answer = true;
        requestClose(robot);
        assertThat(questions).containsExactly(WizardWindow.CLOSE_QUESTION, WizardWindow.CLOSE_QUESTION);
        assertThat(stage.isShowing()).isFalse();
    }

    @Test
    void titleBarCloseDuringABuildAsksToStopItAndOnlyYesStopsAndCloses(FxRobot robot) {
        robot.type(KeyCode.ENTER);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.BUILD);
        hold = true;
        robot.interact(() -> robot.lookup("#" + BuildStepView.ID_START).queryButton().fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(wizard.viewModel().busyProperty().get()).isTrue();

        answer = false;
        requestClose(robot);
        assertThat(questions).containsExactly(WizardWindow.STOP_QUESTION);
        assertThat(stage.isShowing()).isTrue();
        assertThat(cancelled).isEmpty();
        assertThat(wizard.viewModel().busyProperty().get()).isTrue();

        answer = true;
        requestClose(robot);
        assertThat(questions).containsExactly(WizardWindow.STOP_QUESTION, WizardWindow.STOP_QUESTION);
        assertThat(cancelled).isNotEmpty();
        assertThat(stage.isShowing()).isFalse();
    }
}
