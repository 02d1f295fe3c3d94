package dev.hippack.ui.app;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The wizard as the end-to-end walks open it: on the sample machine ({@code --demo}) with the
 * embedded catalog, real background tasks on a {@link UiTaskRunner}, and the stand-in build paced
 * at {@value #PACE_MILLIS} ms, slow enough that a build is still running when a test cancels it and
 * fast enough for whole walks. Every question the wizard asks is answered yes and recorded; every
 * notice is recorded and still shown inside the window, so a test checks both what it said and
 * where it appeared. Open it in the TestFX {@code @Start} and {@link #close()} it in
 * {@code @AfterEach}: the stand-in pace is a system property, and it and the runner's threads must
 * not outlive the test.
 */
final class DemoWizardWindow {

    private static final long PACE_MILLIS = 15;

    private final Wizard wizard;
    private final UiTaskRunner runner;
    private final List<String> questions = new CopyOnWriteArrayList<>();
    private final List<Notifier.Notice> notices = new CopyOnWriteArrayList<>();

    private DemoWizardWindow(Stage stage) {
        // Read by the Wizard's constructor, so it is set before.
        System.setProperty(Wizard.STAND_IN_PACE, Long.toString(PACE_MILLIS));
        runner = new UiTaskRunner();
        wizard = new Wizard(new GuiRequest(true, null), CatalogLoader.embedded(), runner, Platform::runLater,
                path -> { }, AppSettings.defaults(), (title, question) -> {
                    questions.add(question);
                    return true;
                }, stage::close);
        Notifier inWindow = wizard.window().notifier();
        wizard.notifyWith(n -> {
            notices.add(n);
            inWindow.show(n);
        });
    }

    /** Builds the wizard and shows it on {@code stage}; call on the FX thread (TestFX's {@code @Start}). */
    static DemoWizardWindow open(Stage stage) {
        DemoWizardWindow window = new DemoWizardWindow(stage);
        stage.setScene(window.wizard.window().scene());
        stage.show();
        return window;
    }

    Wizard wizard() {
        return wizard;
    }

    UiTaskRunner runner() {
        return runner;
    }

    /** The questions the wizard asked, in order; each was answered yes. */
    List<String> questions() {
        return questions;
    }

    /** The notices the wizard gave, in order; each was also shown in the window. */
    List<Notifier.Notice> notices() {
        return notices;
    }

    /** Closes the wizard on the FX thread (ending what it runs), then the runner, and clears the pace. */
    void close() throws Exception {
        try {
            WaitForAsyncUtils.asyncFx(wizard::close).get(30, TimeUnit.SECONDS);
        } finally {
            runner.close();
            System.clearProperty(Wizard.STAND_IN_PACE);
        }
    }
}
