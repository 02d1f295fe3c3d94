package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.wizard.StepId;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The application makes the wizard's models on a thread of its own while JavaFX starts, and the
 * FX thread builds the window from them (WizardLauncher). This walks that hand-over: models made
 * off the FX thread, nothing started by making them, the window built and shown on the FX thread,
 * its first detection run and shown once the held runner is released.
 */
@ExtendWith(ApplicationExtension.class)
class WizardModelsTest {

    private Stage stage;
    private Wizard wizard;
    private UiTaskRunner runner;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void closeWizard(FxRobot robot) {
        robot.interact(() -> {
            if (wizard != null) {
                wizard.close();
            }
        });
        if (runner != null) {
            runner.close();
        }
    }

    @Test
    void modelsMadeOffTheFxThreadDriveTheWindowBuiltOnIt(FxRobot robot) throws Exception {
        assertThat(Platform.isFxApplicationThread()).isFalse();
        runner = UiTaskRunner.heldUntilReleased();
        Wizard.Models models = new Wizard.Models(new GuiRequest(true, null), CatalogLoader.embedded(), runner, AppSettings.defaults(),
                DemoWizardWindow::copySample);
        // Making them starts nothing: no step is current and detection has not begun.
        assertThat(models.vm.currentId()).isNull();
        assertThat(models.environment.reportProperty().get()).isNull();
        assertThat(models.environment.sdks()).isEmpty();

        robot.interact(() -> {
            wizard = new Wizard(models, path -> { }, (title, question) -> true, stage::close, false);
            stage.setScene(wizard.window().scene());
            stage.titleProperty().bind(wizard.titleProperty());
            stage.show();
        });
        assertThat(wizard.viewModel()).isSameAs(models.vm);
        assertThat(wizard.environment()).isSameAs(models.environment);
        assertThat(wizard.viewModel().currentId()).isEqualTo(StepId.ENVIRONMENT);
        assertThat(stage.getTitle()).isEqualTo("HIP Packager - Environment - SAMPLE ENVIRONMENT (--demo)");

        runner.release();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> models.environment.reportProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // The sample machine's two HIP SDKs, detected by the job the window started.
        assertThat(models.environment.sdks()).hasSize(2);
        assertThat(models.environment.errorProperty().get()).isNullOrEmpty();
    }
}
