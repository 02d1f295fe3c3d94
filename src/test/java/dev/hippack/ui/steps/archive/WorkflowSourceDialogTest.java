package dev.hippack.ui.steps.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.profile.CiWorkflowOptions;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The export dialog asks for the runners' HIP Packager by keyboard and goes on only with a source. */
@ExtendWith(ApplicationExtension.class)
class WorkflowSourceDialogTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 700, 500));
        stage.show();
    }

    @Test
    void chooseFileIsEnabledOnlyOnceTheAnswersNameASourceAndTyping(FxRobot robot) {
        WorkflowSourceForm form = new WorkflowSourceForm();
        @SuppressWarnings({"unchecked", "rawtypes"}) // an array of a generic type can only be made raw
        Dialog<ButtonType>[] dialog = new Dialog[1];
        robot.interact(() -> {
            dialog[0] = WorkflowSourceDialog.build(stage, form);
            dialog[0].show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        DialogPane pane = robot.lookup("#" + WorkflowSourceDialog.ID).queryAs(DialogPane.class);
        Button choose = (Button) pane.lookupButton(WorkflowSourceDialog.CHOOSE_FILE);
        Label problem = robot.lookup("#workflow-source-problem").queryAs(Label.class);
        assertThat(choose.isDisabled()).isTrue();
        assertThat(problem.getText()).contains("https://");

        // The address field has the focus: type it, Tab to the SHA-256, type that.
        TextField url = robot.lookup("#workflow-source-url").queryAs(TextField.class);
        assertThat(url.isFocused()).isTrue();
        robot.targetWindow(pane.getScene().getWindow());
        robot.write("https://example.org/hip-packager-windows-x64.zip");
        robot.type(KeyCode.TAB);
        robot.write("ab".repeat(32));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(form.source()).as(form.bundleUrlProperty().get() + " / " + form.bundleSha256Property().get()).isEqualTo(new CiWorkflowOptions.FromBundle("https://example.org/hip-packager-windows-x64.zip", "ab".repeat(32)));
        assertThat(choose.isDisabled()).isFalse();
        assertThat(problem.getText()).isEmpty();

        // The repository's fields are disabled while the bundle is chosen, and the other way round.
        TextField repo = robot.lookup("#workflow-source-repo").queryAs(TextField.class);
        assertThat(repo.isDisabled()).isTrue();
        robot.interact(() -> robot.lookup("#workflow-source-repository").queryAs(javafx.scene.control.RadioButton.class).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(repo.isDisabled()).isFalse();
        assertThat(url.isDisabled()).isTrue();
        assertThat(choose.isDisabled()).as("a repository without a ref names no source").isTrue();
        assertThat(problem.getText()).contains("owner/name");
        robot.interact(() -> dialog[0].close());
    }
}
