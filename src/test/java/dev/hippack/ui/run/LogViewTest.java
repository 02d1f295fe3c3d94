package dev.hippack.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.progress.LogLine;
import dev.hippack.ui.common.Css;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javafx.css.PseudoClass;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The log view on a real (headless) stage: what the user sees of a build's output. */
@ExtendWith(ApplicationExtension.class)
class LogViewTest {

    private static final int CAPACITY = 200;

    @TempDir
    Path temp;

    private LogBuffer buffer;
    private LogView view;
    private final List<Path> opened = new ArrayList<>();

    @Start
    void start(Stage stage) {
        buffer = new LogBuffer(CAPACITY);
        view = new LogView(buffer, opened::add);
        Scene scene = new Scene((javafx.scene.Parent) view.root(), 800, 400);
        scene.getStylesheets().add(LogView.class.getResource("/dev/hippack/ui/css/tokens.css").toExternalForm());
        scene.getStylesheets().add(LogView.class.getResource("/dev/hippack/ui/css/app.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    /**
     * The view rehearses a flood in its first pulses after it is shown; the tests start from
     * the state it leaves (reading the list meanwhile from this thread could see the rehearsal).
     */
    @BeforeEach
    void awaitRehearsal() throws Exception {
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS, () -> view.rehearsed());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() {
        buffer.close();
    }

    @Test
    void theRehearsalBeforeTheFirstLinesLeavesAnEmptyLogOnTheBuffer(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        ListView<LogLine> list = list(robot);
        assertThat(list.getItems()).isSameAs(buffer.lines()).isEmpty();
        assertThat(robot.lookup("No output yet.").tryQuery()).isPresent();
    }

    @Test
    void linesAppearWithTheirLevelAsAPseudoClass(FxRobot robot) {
        offer(LogLine.Level.INFO, "[1/3] Building CXX object a.obj");
        offer(LogLine.Level.WARN, "warning: unused variable");
        offer(LogLine.Level.ERROR, "error: no such file");
        offer(LogLine.Level.DEBUG, "-- debug detail");
        robot.interact(view::flush);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(list(robot).getItems()).extracting(LogLine::text)
                .containsExactly("[1/3] Building CXX object a.obj", "warning: unused variable", "error: no such file", "-- debug detail");
        assertThat(pseudoClassesOf(robot, "warning: unused variable")).containsExactly(Css.LOG_WARN);
        assertThat(pseudoClassesOf(robot, "error: no such file")).containsExactly(Css.LOG_ERROR);
        assertThat(pseudoClassesOf(robot, "-- debug detail")).containsExactly(Css.LOG_DEBUG);
        assertThat(pseudoClassesOf(robot, "[1/3] Building CXX object a.obj")).isEmpty();
    }

    @Test
    void theFilterAndProblemsOnlyNarrowTheListAndClearingRestoresIt(FxRobot robot) {
        offer(LogLine.Level.INFO, "Building ggml-hip");
        offer(LogLine.Level.WARN, "warning in ggml-hip");
        offer(LogLine.Level.INFO, "Linking audiocpp_cli");
        offer(LogLine.Level.ERROR, "error: link failed");
        robot.interact(view::flush);

        TextField filter = robot.lookup("#" + LogView.ID_FILTER).queryAs(TextField.class);
        robot.interact(() -> filter.setText("GGML"));
        assertThat(shownTexts(robot)).containsExactly("Building ggml-hip", "warning in ggml-hip");

        ToggleButton problems = robot.lookup("#" + LogView.ID_PROBLEMS).queryAs(ToggleButton.class);
        robot.interact(problems::fire);
        assertThat(shownTexts(robot)).containsExactly("warning in ggml-hip");

        robot.interact(() -> filter.setText(""));
        assertThat(shownTexts(robot)).containsExactly("warning in ggml-hip", "error: link failed");

        // New lines pass through the active filter.
        offer(LogLine.Level.WARN, "warning: late");
        offer(LogLine.Level.INFO, "done");
        robot.interact(view::flush);
        assertThat(shownTexts(robot)).containsExactly("warning in ggml-hip", "error: link failed", "warning: late");

        robot.interact(problems::fire);
        assertThat(list(robot).getItems()).isSameAs(buffer.lines());
        assertThat(shownTexts(robot)).hasSize(6);
    }

    @Test
    void copyTakesTheSelectedLinesOrEveryShownLine(FxRobot robot) {
        offer(LogLine.Level.INFO, "first");
        offer(LogLine.Level.WARN, "second");
        offer(LogLine.Level.INFO, "third");
        robot.interact(view::flush);
        Button copy = robot.lookup("#" + LogView.ID_COPY).queryButton();

        robot.interact(copy::fire);
        String all = clipboard(robot);
        assertThat(all.lines().map(l -> l.substring(l.indexOf(' ') + 1)).collect(Collectors.toList()))
                .containsExactly("INFO first", "WARN second", "INFO third");

        robot.interact(() -> list(robot).getSelectionModel().select(1));
        // Monocle's clipboard is process-wide: the second copy must replace the first.
        robot.interact(copy::fire);
        assertThat(clipboard(robot)).endsWith("WARN second").doesNotContain("first").doesNotContain("third");
    }

    @Test
    void openLogFileOpensTheWholeLogOnceThereIsOne(FxRobot robot) throws Exception {
        Button open = robot.lookup("#" + LogView.ID_OPEN).queryButton();
        robot.interact(view::flush);
        WaitForAsyncUtils.sleep(250, java.util.concurrent.TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(open.isDisabled()).as("no log file yet").isTrue();

        Path file = temp.resolve("build.log");
        buffer.writeTo(file);
        offer(LogLine.Level.INFO, "to the file");
        WaitForAsyncUtils.sleep(250, java.util.concurrent.TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(open.isDisabled()).isFalse();
        robot.interact(open::fire);
        assertThat(opened).containsExactly(file);
        assertThat(Files.readString(file)).contains("INFO to the file");
    }

    @Test
    void theCountSaysHowManyLinesTheFilterShows(FxRobot robot) {
        numberedLines(robot, 0, 30);
        Label count = robot.lookup("#" + LogView.ID_COUNT).queryAs(Label.class);
        assertThat(count.getText()).isEqualTo("30 lines");
        TextField filter = robot.lookup("#" + LogView.ID_FILTER).queryAs(TextField.class);
        robot.interact(() -> filter.setText("line 2"));
        // "line 2" and "line 20" to "line 29".
        assertThat(count.getText()).isEqualTo("11 of 30 lines match");
        numberedLines(robot, 30, 40);
        assertThat(count.getText()).isEqualTo("11 of 40 lines match");
        robot.interact(() -> filter.setText(""));
        assertThat(count.getText()).isEqualTo("40 lines");
    }

    @Test
    void theScreenKeepsTheNewestLinesAndSaysTheRestAreInTheFile(FxRobot robot) {
        numberedLines(robot, 0, CAPACITY + 50);
        assertThat(buffer.lines()).hasSize(CAPACITY);
        assertThat(buffer.lines().get(0).text()).isEqualTo("line 50");
        Label count = robot.lookup("#" + LogView.ID_COUNT).queryAs(Label.class);
        assertThat(count.getText()).isEqualTo(CAPACITY + " lines (50 older lines only in the log file)");
    }

    @Test
    void followsTheEndOnlyWhileTheUserIsAtTheBottom(FxRobot robot) {
        numberedLines(robot, 0, 100);
        assertThat(view.following()).isTrue();
        assertThat(visibleTexts(robot)).contains("line 99");

        // The user goes to the top to read (keyboard: Home): new lines must not pull the view down.
        ListView<LogLine> list = list(robot);
        robot.interact(list::requestFocus);
        robot.type(KeyCode.HOME);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.following()).isFalse();
        numberedLines(robot, 100, 150);
        // Still near the top where the user is reading (a wheel step moves a few lines).
        assertThat(visibleTexts(robot)).isNotEmpty()
                .allSatisfy(t -> assertThat(Integer.parseInt(t.substring("line ".length()))).isLessThan(60));

        // Back at the bottom (End), it follows again.
        robot.type(KeyCode.END);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.following()).isTrue();
        numberedLines(robot, 150, 160);
        assertThat(visibleTexts(robot)).contains("line 159");
    }

    /** Lines "line from" to "line (to - 1)", put on screen. */
    private void numberedLines(FxRobot robot, int from, int to) {
        for (int i = from; i < to; i++) {
            offer(LogLine.Level.INFO, "line " + i);
        }
        robot.interact(view::flush);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void offer(LogLine.Level level, String text) {
        buffer.offer(new LogLine(Instant.now(), level, LogLine.Source.STDOUT, text));
    }

    @SuppressWarnings("unchecked")
    private static ListView<LogLine> list(FxRobot robot) {
        return robot.lookup("#" + LogView.ID_LIST).queryAs(ListView.class);
    }

    private static List<String> shownTexts(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        return list(robot).getItems().stream().map(LogLine::text).collect(Collectors.toList());
    }

    /** The texts of the cells the user can see now. */
    private static List<String> visibleTexts(FxRobot robot) {
        ListView<LogLine> list = list(robot);
        javafx.geometry.Bounds view = list.localToScene(list.getLayoutBounds());
        return robot.lookup(".list-cell").<ListCell<?>>queryAll().stream()
                .filter(c -> c.isVisible() && c.getText() != null)
                .filter(c -> {
                    javafx.geometry.Bounds b = c.localToScene(c.getLayoutBounds());
                    return b.getMinY() >= view.getMinY() - 1 && b.getMaxY() <= view.getMaxY() + 1;
                })
                .map(ListCell::getText)
                .collect(Collectors.toList());
    }

    private static Set<String> pseudoClassesOf(FxRobot robot, String text) {
        ListCell<?> cell = robot.lookup(".list-cell").<ListCell<?>>queryAll().stream()
                .filter(c -> c.isVisible() && text.equals(c.getText())).findFirst().orElseThrow();
        return cell.getPseudoClassStates().stream().map(PseudoClass::getPseudoClassName)
                .filter(n -> n.startsWith("wz-log-")).collect(Collectors.toSet());
    }

    private static String clipboard(FxRobot robot) {
        String[] text = new String[1];
        robot.interact(() -> text[0] = Clipboard.getSystemClipboard().getString());
        return text[0];
    }
}
