package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Severity;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The end of a long task shown on the screen by ControlsFX's notifications, only while the window is in the background. */
@ExtendWith(ApplicationExtension.class)
class ScreenNotifierTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new Label("wizard"), 300, 200));
        stage.show();
    }

    @AfterEach
    void closeNotifications() {
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> notifications().forEach(Window::hide));
    }

    @Test
    void aNoticeWhileTheWindowIsInTheBackgroundIsANotificationOnTheScreen() {
        Notifier notifier = new ScreenNotifier(() -> stage, w -> true);
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> notifier.show(
                new Notifier.Notice(Severity.INFO, "Archive verified", "audio-cpp.zip (812 MB) is ready, with SHA256SUMS.")));
        WaitForAsyncUtils.waitForFxEvents();

        AtomicReference<List<PopupWindow>> shown = new AtomicReference<>();
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> shown.set(notifications()));
        assertThat(shown.get()).hasSize(1);
        assertThat(shown.get().get(0).getOwnerWindow()).isSameAs(stage);
        AtomicReference<String> words = new AtomicReference<>();
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> words.set(texts(shown.get().get(0).getScene().getRoot())));
        assertThat(words.get()).contains("Archive verified").contains("audio-cpp.zip (812 MB) is ready");
    }

    @Test
    void aNoticeWhileTheWindowHasTheFocusStaysInTheWindow() {
        Notifier notifier = new ScreenNotifier(() -> stage, w -> false);
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> notifier.show(new Notifier.Notice(Severity.ERROR, "Build failed", "2 problems found.")));
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<List<PopupWindow>> shown = new AtomicReference<>();
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> shown.set(notifications()));
        assertThat(shown.get()).isEmpty();
    }

    @Test
    void noWindowNoNotification() {
        Notifier notifier = new ScreenNotifier(() -> null, w -> true);
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> notifier.show(new Notifier.Notice(Severity.WARNING, "Build cancelled", "Cancelled.")));
        AtomicReference<List<PopupWindow>> shown = new AtomicReference<>();
        WaitForAsyncUtils.waitForAsyncFx(10_000, () -> shown.set(notifications()));
        assertThat(shown.get()).isEmpty();
    }

    /** ControlsFX's notification popups now showing (their content is a "notification-bar"). */
    private static List<PopupWindow> notifications() {
        assertThat(Platform.isFxApplicationThread()).isTrue();
        return Window.getWindows().stream()
                .filter(w -> w instanceof PopupWindow && w.isShowing() && w.getScene() != null)
                .map(PopupWindow.class::cast)
                .filter(p -> p.getScene().getRoot().lookup(".notification-bar") != null)
                .toList();
    }

    private static String texts(Node root) {
        StringBuilder out = new StringBuilder();
        root.lookupAll(".label").forEach(n -> out.append(((Label) n).getText()).append('\n'));
        return out.toString();
    }
}
