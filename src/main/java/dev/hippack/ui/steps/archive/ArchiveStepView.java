package dev.hippack.ui.steps.archive;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.FolderField;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import java.io.File;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Step 5's page: name and folder, then "Write and verify zip" with its progress, then the
 * verified result (which stays while a new zip is written) and the release profile.
 */
public final class ArchiveStepView implements StepView {

    public static final String ID_NAME = "archive-name";
    public static final String ID_FOLDER = "archive-folder";
    public static final String ID_START = "archive-start";
    public static final String ID_OVERWRITE = "archive-overwrite";
    public static final String ID_RESULT = "archive-result";
    public static final String ID_RESULT_BOX = "archive-result-box";
    public static final String ID_SHA = "archive-sha256";
    public static final String ID_SIZE = "archive-size";
    public static final String ID_ERROR = "archive-error";
    public static final String ID_OPEN = "archive-open-folder";
    public static final String ID_SAVE_PROFILE = "archive-save-profile";

    private final Node root;
    private final TextField name = new TextField();
    private final Button start;

    public ArchiveStepView(ArchiveStepViewModel vm, FileOpener opener) {
        Label staged = new Label();
        staged.textProperty().bind(vm.stagedDescriptionProperty());
        staged.getStyleClass().add(Css.MUTED);
        staged.setWrapText(true);

        name.setId(ID_NAME);
        name.textProperty().bindBidirectional(vm.archiveNameProperty());
        name.setPrefColumnCount(30);
        Label nameLabel = new Label("Archive na_me:");
        nameLabel.setMnemonicParsing(true);
        nameLabel.setLabelFor(name);
        nameLabel.setMinWidth(Region.USE_PREF_SIZE);

        FolderField folderField = FolderField.of(ID_FOLDER, vm.outputFolderProperty(), "C_hoose...", "Output folder for the zip");
        TextField folder = folderField.field();
        Button choose = folderField.choose();
        choose.setMinWidth(Region.USE_PREF_SIZE);
        Label folderLabel = new Label("Output _folder:");
        folderLabel.setMnemonicParsing(true);
        folderLabel.setLabelFor(folder);
        folderLabel.setMinWidth(Region.USE_PREF_SIZE);

        CheckBox overwrite = new CheckBox("_Replace a zip of the same name");
        overwrite.setId(ID_OVERWRITE);
        overwrite.setMnemonicParsing(true);
        overwrite.selectedProperty().bindBidirectional(vm.overwriteProperty());

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, nameLabel, name);
        HBox folderBox = new HBox(6, folder, choose);
        HBox.setHgrow(folder, Priority.ALWAYS);
        form.addRow(1, folderLabel, folderBox);
        form.add(overwrite, 1, 2);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().setAll(new ColumnConstraints(), fields);

        start = new Button("Write and verify _zip", Icons.of(Icons.Glyph.ZIP));
        start.setId(ID_START);
        start.setMnemonicParsing(true);
        start.getStyleClass().add(Css.MAIN_ACTION);
        start.setMinWidth(Region.USE_PREF_SIZE);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStart(),
                vm.busyProperty(), vm.archiveNameProperty(), vm.outputFolderProperty(), vm.stagedDescriptionProperty()));
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        bar.setPrefWidth(240);
        bar.setMinWidth(120);
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        HBox.setHgrow(status, Priority.ALWAYS);
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
        Label shaLabel = new Label("SHA-256:");
        shaLabel.setMinWidth(Region.USE_PREF_SIZE);
        Label size = new Label();
        size.setId(ID_SIZE);
        size.setWrapText(true);
        Button open = new Button("_Open folder", Icons.of(Icons.Glyph.OPEN_FOLDER));
        open.setId(ID_OPEN);
        open.setMnemonicParsing(true);
        open.setOnAction(e -> {
            ZipResult r = vm.resultProperty().get();
            if (r != null) {
                opener.open(r.zip().getParent());
            }
        });
        HBox shaRow = new HBox(6, shaLabel, sha);
        shaRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(sha, Priority.ALWAYS);
        VBox resultBox = new VBox(6, verified, shaRow, size, open);
        resultBox.setId(ID_RESULT_BOX);
        resultBox.getStyleClass().add(Css.CARD);
        resultBox.visibleProperty().bind(vm.resultProperty().isNotNull());
        resultBox.managedProperty().bind(resultBox.visibleProperty());
        Runnable showResult = () -> {
            ZipResult r = vm.resultProperty().get();
            if (r != null) {
                // The file's name, not its path: the folder is the one above, and a long path wraps inside a word.
                verified.setText("Verified: " + r.zip().getFileName() + " was read back and every one of its " + r.files()
                        + " files matches the staged folder (CRC and size). SHA256SUMS written beside it.");
                verified.setTooltip(new Tooltip(r.zip().toString()));
                sha.setText(r.sha256());
                size.setText(SizeText.of(r.zipBytes()) + " zipped from " + SizeText.of(r.contentBytes()) + ". "
                        + vm.sizeVersusEstimateProperty().get());
            }
        };
        vm.resultProperty().addListener(o -> showResult.run());
        vm.sizeVersusEstimateProperty().addListener(o -> showResult.run());
        showResult.run();

        Button save = new Button("Save release _profile...", Icons.of(Icons.Glyph.SAVE));
        save.setId(ID_SAVE_PROFILE);
        save.setMnemonicParsing(true);
        save.setMinWidth(Region.USE_PREF_SIZE);
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
        FlowPane profileRow = new FlowPane(10, 6, save);
        if (vm.canExportWorkflow()) {
            Button export = new Button("Export CI _workflow...", Icons.of(Icons.Glyph.EXPORT));
            export.setId("archive-export-ci");
            export.setMnemonicParsing(true);
            export.setMinWidth(Region.USE_PREF_SIZE);
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

        VBox head = new VBox(8, staged, form, run);
        VBox content = new VBox(12, error, resultBox,
                StepPage.section("Release profile"),
                StepPage.muted("The profile holds every choice of this release in the JSON the command line reads: "
                        + "hip-packager package --profile FILE repeats it, for example in CI."),
                profileRow, profileMessage);
        content.setPadding(new Insets(0, 4, 0, 0));
        root = StepPage.framed(StepId.ARCHIVE.viewId(), "Archive",
                "Write the package zip. It is written under a temporary name, read back and checked against the "
                        + "staged folder, and only then given its final name.", head, StepPage.scroll(content), null);
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public Node initialFocus() {
        return start.isDisabled() ? name : start;
    }

    @Override
    public ButtonBase mainAction() {
        return start;
    }
}
