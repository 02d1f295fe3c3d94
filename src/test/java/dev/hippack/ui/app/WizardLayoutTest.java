package dev.hippack.ui.app;

import static dev.hippack.ui.app.Walk.onFx;
import static dev.hippack.ui.app.Walk.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.review.ReviewStepView;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import dev.hippack.ui.wizard.ThemeChoice;
import dev.hippack.ui.wizard.WizardWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every step, at the smallest size the wizard is laid out for (1024x700), the default size and a
 * large one, in both themes: no label of the step's own content is cut ("...") or wrapped to less
 * than a word per line, and the step's main action (and Next) is inside the window without
 * scrolling. Data of any length (file names, example hardware, tool paths) may be cut where it has
 * a tooltip; such cells carry {@link Css#MAY_ELIDE}.
 */
@ExtendWith(ApplicationExtension.class)
class WizardLayoutTest {

    private static final int[][] SIZES = {{1024, 700}, {1180, 780}, {1600, 1000}};

    private Wizard wizard;
    private UiTaskRunner runner;
    private Stage stage;
    private final List<String> problems = new ArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // Unpaced: the layout is checked before and after the build, never while it runs.
        System.setProperty(Wizard.STAND_IN_PACE, "0");
        runner = new UiTaskRunner();
        wizard = new Wizard(new Wizard.Models(new GuiRequest(true, null), CatalogLoader.embedded(), runner, AppSettings.defaults(),
                DemoWizardWindow::copySample), path -> { }, (title, question) -> true, stage::close, false);
        stage.setScene(wizard.window().scene());
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            // The stage is shared by the test classes that run after this one: leave it at its usual size.
            stage.setWidth(1180);
            stage.setHeight(780);
            wizard.close();
        }).get(30, TimeUnit.SECONDS);
        runner.close();
        System.clearProperty(Wizard.STAND_IN_PACE);
    }

    @Test
    void everyStepFitsAt1024x700And1600x1000InBothThemes(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        waitFor(120, () -> wizard.viewModel().canNextProperty().get());
        check(robot, "after detection", null);

        walk.next(StepId.TRACK);
        // A click on a row rocm7 cannot ship: its reason in full, and a last change in the footer.
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm7");
        walk.press("arch-tick-gfx1102");
        walk.press("arch-tick-gfx1100");
        check(robot, "rocm7, gfx1100 unticked, gfx1102 refused", robot.lookup("#" + TrackStepView.ID_TOTAL).query());
        walk.press(TrackStepView.ID_PRESET_PREFIX + "rocm6");

        walk.next(StepId.BUILD);
        check(robot, "before the build", null);
        walk.press(BuildStepView.ID_START);
        waitFor(240, () -> !wizard.build().busyProperty().get());
        check(robot, "after the build", null);

        walk.next(StepId.REVIEW);
        waitFor(240, () -> wizard.review().auditProperty().get() != null && !wizard.review().busyProperty().get());
        check(robot, "after the audit", null);
        if (!wizard.review().validProperty().get()) {
            walk.press(ReviewStepView.ID_ACK);
        }

        walk.next(StepId.ARCHIVE);
        check(robot, "before the zip", null);
        walk.press(ArchiveStepView.ID_START);
        walk.verifiedZip();
        check(robot, "after the zip", null);

        assertThat(problems).isEmpty();
    }

    @Test
    void everyStepOfAReleaseOfAllTracksFitsAt1024x700And1600x1000InBothThemes(FxRobot robot) throws Exception {
        Walk walk = new Walk(robot, wizard);
        walk.next(StepId.TRACK);
        walk.press(TrackStepView.ID_PRESET_PREFIX + TrackStepViewModel.ALL_TRACKS);
        walk.press("arch-tick-gfx1100");
        check(robot, "all tracks, gfx1100 unticked", robot.lookup("#" + TrackStepView.ID_OTHER_TRACKS).query());
        walk.press("arch-tick-gfx1100");

        walk.next(StepId.BUILD);
        check(robot, "all tracks, before the builds", robot.lookup("#" + BuildStepView.ID_PACKAGES).query());
        walk.press(BuildStepView.ID_START);
        waitFor(300, () -> wizard.build().releaseEndedProperty().get() != null);
        check(robot, "all tracks, after the builds", robot.lookup("#" + BuildStepView.ID_PACKAGE_LOGS).query());

        walk.next(StepId.REVIEW);
        waitFor(300, () -> !wizard.review().packageReviews().isEmpty() && !wizard.review().busyProperty().get());
        check(robot, "all tracks, after the audits", robot.lookup("#" + ReviewStepView.ID_PACKAGES).query());
        if (!wizard.review().validProperty().get()) {
            walk.press(ReviewStepView.ID_ACK);
        }

        walk.next(StepId.ARCHIVE);
        check(robot, "all tracks, before the release", null);
        walk.press(ArchiveStepView.ID_START);
        waitFor(300, () -> wizard.archive().releaseProperty().get() != null && !wizard.archive().busyProperty().get());
        check(robot, "all tracks, after the release", null);

        assertThat(problems).isEmpty();
    }

    /** Looks at the current step in every size and theme; records what a person would see wrong. */
    private void check(FxRobot robot, String when, Node alsoVisible) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        for (ThemeChoice theme : List.of(ThemeChoice.LIGHT, ThemeChoice.DARK)) {
            for (int[] size : SIZES) {
                robot.interact(() -> {
                    wizard.window().dismissNotices();
                    wizard.window().themeChoiceProperty().set(theme);
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                // Two pulses: a wrapped label's height settles after its width.
                WaitForAsyncUtils.sleep(120, TimeUnit.MILLISECONDS);
                WaitForAsyncUtils.waitForFxEvents();
                String where = wizard.viewModel().currentId() + " " + when + " at " + size[0] + "x" + size[1] + " "
                        + theme.settingsValue() + ": ";
                problems.addAll(onFx(() -> {
                    List<String> found = new ArrayList<>();
                    assertThat(stage.getScene().getWidth()).as("scene width").isEqualTo(size[0]);
                    StepView view = wizard.window().view(wizard.viewModel().currentId());
                    for (Parent root : List.of((Parent) view.root(), (Parent) stage.getScene().lookup("#" + WizardWindow.ID_STEP_LIST))) {
                        for (String p : labelProblems(root)) {
                            found.add(where + p);
                        }
                    }
                    List<Node> actions = new ArrayList<>();
                    actions.add(stage.getScene().lookup("#" + WizardWindow.ID_NEXT));
                    if (view.mainAction() != null) {
                        actions.add(view.mainAction());
                    }
                    if (alsoVisible != null) {
                        actions.add(alsoVisible);
                    }
                    for (Node a : actions) {
                        String p = outOfSight(a);
                        if (p != null) {
                            found.add(where + p);
                        }
                    }
                    for (String p : squeezedFindings((Parent) view.root())) {
                        found.add(where + p);
                    }
                    return found;
                }));
            }
        }
    }

    /**
     * Review's findings lists whose scroll pane shows less than they need up to
     * {@link ReviewStepView#FINDINGS_MIN_HEIGHT}: in a small window the tree gives way first.
     */
    static List<String> squeezedFindings(Parent root) {
        List<String> out = new ArrayList<>();
        for (Node n : descendants(root)) {
            if (n.getId() == null || !n.getId().startsWith(ReviewStepView.ID_FINDINGS) || !shown(n)) {
                continue;
            }
            ScrollPane scroll = null;
            for (Parent p = n.getParent(); p != null && scroll == null; p = p.getParent()) {
                scroll = p instanceof ScrollPane s ? s : null;
            }
            double needed = Math.min(((Region) n).getHeight(), ReviewStepView.FINDINGS_MIN_HEIGHT);
            if (scroll != null && scroll.getHeight() + 1 < needed) {
                out.add("findings squeezed to " + Math.round(scroll.getHeight()) + " px, " + Math.round(needed)
                        + " needed (" + describe(n) + ")");
            }
        }
        return out;
    }

    /** Labels whose text is cut, or wrapped narrower than their longest word. */
    static List<String> labelProblems(Parent root) {
        List<String> out = new ArrayList<>();
        for (Node n : descendants(root)) {
            if (!(n instanceof Labeled l) || !shown(l) || mayBeCut(l)) {
                continue;
            }
            String text = l.getText();
            Text drawn = drawnText(l);
            if (text == null || text.isBlank() || drawn == null) {
                continue;
            }
            String expected = l.isMnemonicParsing() ? text.replaceFirst("_", "") : text;
            if (!expected.equals(drawn.getText())) {
                out.add("cut: \"" + text + "\" shows \"" + drawn.getText() + "\" (" + describe(l) + ")");
                continue;
            }
            if (l.isWrapText()) {
                double width = drawn.getLayoutBounds().getWidth();
                double word = longestWord(expected, l);
                if (width + 1 < word && l.getWidth() < word) {
                    out.add("wrapped narrower than a word (" + Math.round(l.getWidth()) + " < " + Math.round(word) + "): \""
                            + text + "\" (" + describe(l) + ")");
                }
            }
        }
        return out;
    }

    /** Null when {@code n} is wholly inside the window and inside the view of every scroll pane around it. */
    static String outOfSight(Node n) {
        if (!shown(n)) {
            return describe(n) + " is not shown";
        }
        Bounds b = n.localToScene(n.getLayoutBounds());
        double w = n.getScene().getWidth();
        double h = n.getScene().getHeight();
        if (b.getMinX() < -0.5 || b.getMinY() < -0.5 || b.getMaxX() > w + 0.5 || b.getMaxY() > h + 0.5) {
            return describe(n) + " is outside the window: " + b;
        }
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane sp) {
                Node viewport = sp.lookup(".viewport");
                Bounds v = viewport == null ? sp.localToScene(sp.getLayoutBounds()) : viewport.localToScene(viewport.getLayoutBounds());
                if (b.getMinY() < v.getMinY() - 0.5 || b.getMaxY() > v.getMaxY() + 0.5) {
                    return describe(n) + " needs scrolling to be seen";
                }
            }
        }
        return null;
    }

    private static Text drawnText(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getClass().getSimpleName().equals("LabeledText")) {
                return t;
            }
        }
        return null;
    }

    private static double longestWord(String text, Labeled l) {
        double max = 0;
        for (String word : text.split("\\s+")) {
            Text t = new Text(word);
            t.setFont(l.getFont());
            max = Math.max(max, t.getLayoutBounds().getWidth());
        }
        return max;
    }

    private static boolean mayBeCut(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getStyleClass().contains(Css.MAY_ELIDE) || p.getStyleClass().contains(Css.LOG_VIEW)) {
                return true;
            }
        }
        return false;
    }

    private static boolean shown(Node n) {
        if (n.getScene() == null) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static List<Node> descendants(Parent root) {
        List<Node> out = new ArrayList<>();
        for (Node c : root.getChildrenUnmodifiable()) {
            out.add(c);
            if (c instanceof Parent p) {
                out.addAll(descendants(p));
            }
        }
        return out;
    }

    private static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() == null ? "" : "#" + n.getId())
                + (n.getStyleClass().isEmpty() ? "" : "." + String.join(".", n.getStyleClass())).toLowerCase(Locale.ROOT);
    }
}
