package dev.hippack.ui.app;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.build.standin.StandInBuild;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.host.Host;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The wizard as the end-to-end walks open it: on the sample machine ({@code --demo}, a copy of the
 * one {@link SharedSample} wrote for this JVM) with the embedded catalog, real background tasks on
 * a {@link UiTaskRunner}, and the stand-in build unpaced. A test that cancels a build first
 * {@link #holdBuilds() holds} them, so the build is still running when it cancels, however fast
 * the machine. Every question the wizard asks is answered yes and recorded; every notice is
 * recorded and still shown inside the window, so a test checks both what it said and where it
 * appeared. Open it in the TestFX {@code @Start} and {@link #close()} it in {@code @AfterEach}:
 * the stand-in's pace and hold are system properties, and they and the runner's threads must not
 * outlive the test.
 */
final class DemoWizardWindow {

    private final Wizard wizard;
    private final UiTaskRunner runner;
    private final List<String> questions = new CopyOnWriteArrayList<>();
    private final List<Notifier.Notice> notices = new CopyOnWriteArrayList<>();
    private Path hold;

    private DemoWizardWindow(Stage stage) {
        // Read by the Wizard's constructor, so it is set before.
        System.setProperty(Wizard.STAND_IN_PACE, "0");
        runner = new UiTaskRunner();
        wizard = new Wizard(new Wizard.Models(new GuiRequest(true, null), CatalogLoader.embedded(), runner, AppSettings.defaults(),
                DemoWizardWindow::copySample), path -> { }, (title, question) -> {
                    questions.add(question);
                    return true;
                }, stage::close, false);
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

    /** The --demo sample machine of the wizards the tests open: a copy of the one written for this JVM. */
    static Host copySample(Path dir) throws PackagerException {
        try {
            return SharedSample.copyTo(dir).host();
        } catch (IOException e) {
            throw new OperationFailedException("Could not copy the sample machine to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stand-in builds started from now on stop after their first objects until {@link #releaseBuilds()}
     * (or the end of the test): a cancel then always finds the build running.
     */
    void holdBuilds() throws IOException {
        hold = Files.createTempFile("hippack-standin-hold", ".txt");
        System.setProperty(StandInBuild.HOLD, hold.toString());
    }

    /** Held builds go on, and later ones are not held. */
    void releaseBuilds() throws IOException {
        System.clearProperty(StandInBuild.HOLD);
        if (hold != null) {
            Files.deleteIfExists(hold);
            hold = null;
        }
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

    /** Closes the wizard on the FX thread (ending what it runs), then the runner, and clears the pace and any hold. */
    void close() throws Exception {
        try {
            releaseBuilds();
            WaitForAsyncUtils.asyncFx(wizard::close).get(30, TimeUnit.SECONDS);
        } finally {
            runner.close();
            System.clearProperty(Wizard.STAND_IN_PACE);
        }
    }
}
