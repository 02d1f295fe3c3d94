package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A fault of HIP Packager is shown with its details, Copy details copies them, and the dialog carries the icon. */
@ExtendWith(ApplicationExtension.class)
class FailureDialogTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 400, 300));
        stage.show();
    }

    @Test
    void theDialogShowsTheSentenceAndCopyDetailsCopiesTheTraceWithoutClosing(FxRobot robot) {
        NullPointerException fault = new NullPointerException("Cannot invoke \"String.trim()\" because \"s\" is null");
        robot.interact(() -> new FailureDialog(() -> stage, "9.9.9").report("Staging stopped",
                "Staging stopped on an internal error of HIP Packager, not on anything you chose.", fault));
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane pane = robot.lookup("#" + FailureDialog.ID).queryAs(DialogPane.class);
        assertThat(pane.getHeaderText()).isEqualTo("Staging stopped");
        assertThat(pane.getContentText()).isEqualTo("Staging stopped on an internal error of HIP Packager, not on anything you chose.");
        Window dialog = pane.getScene().getWindow();
        assertThat(((Stage) dialog).getIcons()).isNotEmpty();
        assertThat(((Stage) dialog).getOwner()).isSameAs(stage);

        Button copy = robot.lookup("#failure-copy-details").queryButton();
        assertThat(copy.getText()).isEqualTo("Copy details");
        robot.interact(copy::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dialog.isShowing()).as("Copy details keeps the dialog open").isTrue();
        String[] copied = new String[1];
        robot.interact(() -> copied[0] = Clipboard.getSystemClipboard().getString());
        assertThat(copied[0]).startsWith("HIP Packager 9.9.9\n").contains("Staging stopped")
                .contains("java.lang.NullPointerException: Cannot invoke").contains("at dev.hippack");
        robot.interact(() -> ((Stage) dialog).close());
    }
}
