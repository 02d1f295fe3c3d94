package dev.hippack.ui.steps.archive;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.FolderField;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import java.io.File;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Step 5's nodes: name and folder, Start, progress, then the verified result and the profile. */
public final class ArchiveStepView {

    public static final String ID_NAME = "archive-name";
    public static final String ID_FOLDER = "archive-folder";
    public static final String ID_START = "archive-start";
    public static final String ID_RESULT = "archive-result";
    public static final String ID_SHA = "archive-sha256";
    public static final String ID_SIZE = "archive-size";
    public static final String ID_ERROR = "archive-error";
    public static final String ID_OPEN = "archive-open-folder";
    public static final String ID_SAVE_PROFILE = "archive-save-profile";

    private final Node root;

    public ArchiveStepView(ArchiveStepViewModel vm, FileOpener opener) {
        Label staged = new Label();
        staged.textProperty().bind(vm.stagedDescriptionProperty());
        staged.getStyleClass().add(Css.MUTED);
        staged.setWrapText(true);

        TextField name = new TextField();
        name.setId(ID_NAME);
        name.textProperty().bindBidirectional(vm.archiveNameProperty());
        name.setPrefColumnCount(30);
        Label nameLabel = new Label("Archive _name:");
        nameLabel.setMnemonicParsing(true);
        nameLabel.setLabelFor(name);

        FolderField folderField = FolderField.of(ID_FOLDER, vm.outputFolderProperty(), "_Choose...", "Output folder for the zip");
        TextField folder = folderField.field();
        Button choose = folderField.choose();
        Label folderLabel = new Label("Output _folder:");
        folderLabel.setMnemonicParsing(true);
        folderLabel.setLabelFor(folder);

        CheckBox overwrite = new CheckBox("Replace a zip of the same name");
        overwrite.setId("archive-overwrite");
        overwrite.selectedProperty().bindBidirectional(vm.overwriteProperty());

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, nameLabel, name);
        form.addRow(1, folderLabel, new HBox(6, folder, choose));
        form.add(overwrite, 1, 2);
        javafx.scene.layout.ColumnConstraints labels = new javafx.scene.layout.ColumnConstraints();
        javafx.scene.layout.ColumnConstraints fields = new javafx.scene.layout.ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().setAll(labels, fields);

        Button start = new Button("_Start", Icons.of(Icons.Glyph.ZIP));
        start.setId(ID_START);
        start.setMnemonicParsing(true);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStart(),
                vm.busyProperty(), vm.archiveNameProperty(), vm.outputFolderProperty(), vm.stagedDescriptionProperty()));
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        bar.setPrefWidth(300);
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        HBox run = new HBox(10, start, bar, status);
        run.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId(ID_ERROR);
        error.textProperty().bind(vm.errorProperty());
        error.setGraphic(Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
        error.getStyleClass().add(Css.SEVERITY_ERROR);
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);

        Label verified = new Label();
        verified.setId(ID_RESULT);
        verified.setGraphic(Icons.of(Icons.Glyph.OK, Css.OK));
        verified.setWrapText(true);
        TextField sha = new TextField();
        sha.setId(ID_SHA);
        sha.setEditable(false);
        sha.getStyleClass().add(Css.MONO);
        sha.setAccessibleText("SHA-256 of the zip");
        Label size = new Label();
        size.setId(ID_SIZE);
        Button open = new Button("_Open folder", Icons.of(Icons.Glyph.OPEN_FOLDER));
        open.setId(ID_OPEN);
        open.setMnemonicParsing(true);
        open.setOnAction(e -> {
            ZipResult r = vm.resultProperty().get();
            if (r != null) {
                opener.open(r.zip().getParent());
            }
        });
        VBox resultBox = new VBox(6, verified, new HBox(6, new Label("SHA-256:"), sha), size, open);
        resultBox.getStyleClass().add(Css.CARD);
        HBox.setHgrow(sha, Priority.ALWAYS);
        resultBox.visibleProperty().bind(vm.resultProperty().isNotNull());
        resultBox.managedProperty().bind(resultBox.visibleProperty());
        vm.resultProperty().addListener((o, was, r) -> {
            if (r != null) {
                verified.setText("Verified: " + r.zip() + " was read back and every one of its " + r.files()
                        + " files matches the staged folder (CRC and size). SHA256SUMS written beside it.");
                sha.setText(r.sha256());
                size.setText(SizeText.of(r.zipBytes()) + " zipped from " + SizeText.of(r.contentBytes()) + ". "
                        + vm.sizeVersusEstimateProperty().get());
            }
        });

        Button save = new Button("Save release _profile...", Icons.of(Icons.Glyph.SAVE));
        save.setId(ID_SAVE_PROFILE);
        save.setMnemonicParsing(true);
        save.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Save the release profile");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Release profile (*.json)", "*.json"));
            fc.setInitialFileName(vm.archiveNameProperty().get() + ".json");
            Path current = vm.outputFolderProperty().get();
            if (current != null && current.toFile().isDirectory()) {
                fc.setInitialDirectory(current.toFile());
            }
            File f = fc.showSaveDialog(save.getScene().getWindow());
            if (f != null) {
                vm.saveProfile(f.toPath());
            }
        });
        Label profileMessage = new Label();
        profileMessage.setId("archive-profile-message");
        profileMessage.textProperty().bind(vm.profileMessageProperty());
        profileMessage.setWrapText(true);
        HBox profileRow = new HBox(10, save);
        if (vm.canExportWorkflow()) {
            Button export = new Button("Export CI _workflow...", Icons.of(Icons.Glyph.EXPORT));
            export.setId("archive-export-ci");
            export.setMnemonicParsing(true);
            export.setOnAction(e -> {
                FileChooser fc = new FileChooser();
                fc.setTitle("Save the GitHub Actions workflow");
                fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("GitHub Actions workflow (*.yml)", "*.yml"));
                fc.setInitialFileName("release-hip.yml");
                File f = fc.showSaveDialog(export.getScene().getWindow());
                if (f != null) {
                    vm.exportWorkflow(f.toPath());
                }
            });
            profileRow.getChildren().add(export);
        }
        profileRow.setAlignment(Pos.CENTER_LEFT);

        VBox content = new VBox(12, staged, form, run, error, resultBox,
                StepPage.section("Release profile"),
                StepPage.muted("The profile holds every choice of this release in the JSON the command line reads: "
                        + "hip-packager package --profile FILE repeats it, for example in CI."),
                profileRow, profileMessage);
        content.setPadding(new Insets(0, 4, 0, 0));
        root = StepPage.scrolling(StepId.ARCHIVE.viewId(), "Archive",
                "Write the package zip. It is written under a temporary name, read back and checked against the "
                        + "staged folder, and only then given its final name.", content);
    }

    public Node root() {
        return root;
    }
}
