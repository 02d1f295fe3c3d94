package dev.hippack.ui.steps.archive;

import dev.hippack.ui.common.AppIcons;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.steps.archive.WorkflowSourceForm.Kind;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Asks where the exported workflow's runners get HIP Packager before the file is chosen: a
 * released bundle and its SHA-256, or a repository and the ref to build. "Choose file..." stays
 * disabled, with the reason under the fields, until the answers name a source.
 */
final class WorkflowSourceDialog {

    static final String ID = "workflow-source-dialog";
    static final ButtonType CHOOSE_FILE = new ButtonType("Choose _file...", ButtonBar.ButtonData.OK_DONE);

    private WorkflowSourceDialog() { }

    /** Shows the dialog; true when the user asked to go on to the file. */
    static boolean ask(Window owner, WorkflowSourceForm form) {
        return build(owner, form).showAndWait().filter(b -> b == CHOOSE_FILE).isPresent();
    }

    static Dialog<ButtonType> build(Window owner, WorkflowSourceForm form) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Export CI workflow");
        dialog.setHeaderText(null);
        dialog.getDialogPane().setId(ID);
        AppIcons.apply(dialog, owner);
        if (owner != null && owner.getScene() != null) {
            // The owner's sheets, so the dialog follows the wizard's theme.
            dialog.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
            dialog.getDialogPane().getStyleClass().add(Css.ROOT);
        }

        Label intro = new Label("The workflow runs HIP Packager on GitHub's Windows runners. Say where they get it:");
        intro.setWrapText(true);
        ToggleGroup group = new ToggleGroup();
        RadioButton bundle = new RadioButton("A _released bundle (hip-packager-windows-x64.zip), checked against its SHA-256");
        RadioButton repo = new RadioButton("_Built on the runner from a repository, at a tag, branch or commit");
        bundle.setId("workflow-source-bundle");
        repo.setId("workflow-source-repository");
        for (RadioButton b : new RadioButton[] {bundle, repo}) {
            b.setToggleGroup(group);
            b.setMnemonicParsing(true);
            b.setWrapText(true);
        }
        group.selectToggle(form.kindProperty().get() == Kind.BUNDLE ? bundle : repo);
        group.selectedToggleProperty().addListener((o, was, now) -> {
            if (now != null) {
                form.kindProperty().set(now == bundle ? Kind.BUNDLE : Kind.REPOSITORY);
            }
        });

        TextField url = field("workflow-source-url", "https://github.com/OWNER/hip-packager/releases/download/v.../hip-packager-windows-x64.zip",
                "Address of the released bundle");
        url.textProperty().bindBidirectional(form.bundleUrlProperty());
        TextField sha = field("workflow-source-sha256", "64 hexadecimal digits", "SHA-256 of the released bundle");
        sha.textProperty().bindBidirectional(form.bundleSha256Property());
        TextField repository = field("workflow-source-repo", "owner/name", "Repository to build HIP Packager from");
        repository.textProperty().bindBidirectional(form.repositoryProperty());
        TextField ref = field("workflow-source-ref", "a tag, branch or commit, e.g. v0.1.0", "Ref of the repository to build");
        ref.textProperty().bindBidirectional(form.refProperty());

        GridPane bundleFields = grid(new Label("Address:"), url, new Label("SHA-256:"), sha);
        GridPane repoFields = grid(new Label("Repository:"), repository, new Label("Ref:"), ref);
        bundleFields.disableProperty().bind(bundle.selectedProperty().not());
        repoFields.disableProperty().bind(repo.selectedProperty().not());
        ((Label) bundleFields.getChildren().get(0)).setLabelFor(url);
        ((Label) bundleFields.getChildren().get(2)).setLabelFor(sha);
        ((Label) repoFields.getChildren().get(0)).setLabelFor(repository);
        ((Label) repoFields.getChildren().get(2)).setLabelFor(ref);

        Label problem = new Label();
        problem.setId("workflow-source-problem");
        problem.getStyleClass().add(Css.MUTED);
        problem.setWrapText(true);
        problem.textProperty().bind(form.problemProperty());

        VBox content = new VBox(10, intro, bundle, indent(bundleFields), repo, indent(repoFields), problem);
        content.setPadding(new Insets(12, 16, 4, 16));
        content.setPrefWidth(560);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().setAll(CHOOSE_FILE, ButtonType.CANCEL);
        Button choose = (Button) dialog.getDialogPane().lookupButton(CHOOSE_FILE);
        choose.disableProperty().bind(form.sourceProperty().isNull());
        dialog.setOnShown(e -> (group.getSelectedToggle() == bundle ? url : repository).requestFocus());
        return dialog;
    }

    private static TextField field(String id, String prompt, String accessible) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setAccessibleText(accessible);
        GridPane.setHgrow(f, Priority.ALWAYS);
        return f;
    }

    private static GridPane grid(Label a, Node fa, Label b, Node fb) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, a, fa);
        g.addRow(1, b, fb);
        return g;
    }

    private static Node indent(Node n) {
        VBox box = new VBox(n);
        box.setPadding(new Insets(0, 0, 0, 24));
        return box;
    }
}
