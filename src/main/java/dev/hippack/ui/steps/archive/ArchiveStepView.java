package dev.hippack.ui.steps.archive;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.release.PackageOutcome;
import dev.hippack.core.release.ReleaseResult;
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
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.BorderPane;
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
    /** A release of several packages: the box with what was written, its summary, each package's line, the notes. */
    public static final String ID_RELEASE_BOX = "archive-release-box";
    public static final String ID_RELEASE_SUMMARY = "archive-release-summary";
    public static final String ID_RELEASE_SUMS = "archive-release-sums";
    public static final String ID_NOTES = "archive-release-notes";
    /** Followed by the package's name: its line in the release box. */
    public static final String ID_PACKAGE_PREFIX = "archive-package-";

    private final Node root;
    private final TextField name = new TextField();
    private final Button start;

    public ArchiveStepView(ArchiveStepViewModel vm, FileOpener opener) {
        Label staged = new Label();
        staged.textProperty().bind(Bindings.createStringBinding(() -> vm.severalPackagesProperty().get()
                ? "Packages of this release: " + String.join(", ", vm.packageNames()) + ". Each is staged again, checked and zipped;"
                        + " one whose checks find errors gets no zip."
                : vm.stagedDescriptionProperty().get(), vm.severalPackagesProperty(), vm.packageNames(), vm.stagedDescriptionProperty()));
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

        CheckBox overwrite = new CheckBox();
        overwrite.textProperty().bind(vm.severalPackagesProperty().map(several -> several
                ? "_Replace files of the same name (zips, SHA256SUMS, RELEASE-NOTES.md)" : "_Replace a zip of the same name"));
        overwrite.setId(ID_OVERWRITE);
        overwrite.setMnemonicParsing(true);
        overwrite.setWrapText(true);
        overwrite.selectedProperty().bindBidirectional(vm.overwriteProperty());

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, nameLabel, name);
        // Several packages are named by their tracks: the one name field is not theirs.
        for (Node n : List.of(nameLabel, name)) {
            n.visibleProperty().bind(vm.severalPackagesProperty().not());
            n.managedProperty().bind(n.visibleProperty());
        }
        HBox folderBox = new HBox(6, folder, choose);
        HBox.setHgrow(folder, Priority.ALWAYS);
        form.addRow(1, folderLabel, folderBox);
        form.add(overwrite, 1, 2);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        form.getColumnConstraints().setAll(new ColumnConstraints(), fields);

        start = new Button("Write and verify _zip", Icons.of(Icons.Glyph.ZIP));
        start.textProperty().bind(vm.severalPackagesProperty().map(several -> several ? "Write the _release" : "Write and verify _zip"));
        start.setId(ID_START);
        start.setMnemonicParsing(true);
        start.getStyleClass().add(Css.MAIN_ACTION);
        start.setMinWidth(Region.USE_PREF_SIZE);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStart(),
                vm.busyProperty(), vm.archiveNameProperty(), vm.outputFolderProperty(), vm.stagedDescriptionProperty(),
                vm.severalPackagesProperty()));
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

        Node releaseBox = releaseBox(vm, opener);

        Button save = new Button("Save release _profile...", Icons.of(Icons.Glyph.SAVE));
        save.setId(ID_SAVE_PROFILE);
        save.setMnemonicParsing(true);
        save.setMinWidth(Region.USE_PREF_SIZE);
        save.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Save the release profile");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Release profile (*.json)", "*.json"));
            fc.setInitialFileName(vm.severalPackagesProperty().get() ? "release.json" : vm.archiveNameProperty().get() + ".json");
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
                if (!WorkflowSourceDialog.ask(export.getScene().getWindow(), vm.workflowSource())) {
                    return;
                }
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
        VBox content = new VBox(12, error, resultBox, releaseBox,
                StepPage.section("Release profile"),
                profileText(vm),
                profileRow, profileMessage);
        content.setPadding(new Insets(0, 4, 0, 0));
        String one = "Write the package zip. It is written under a temporary name, read back and checked against the "
                + "staged folder, and only then given its final name.";
        BorderPane page = StepPage.framed(StepId.ARCHIVE.viewId(), "Archive", one, head, StepPage.scroll(content), null);
        StepPage.introOf(page).textProperty().bind(vm.severalPackagesProperty().map(several -> several
                ? "Write the release: every package's zip (each written under a temporary name, read back and checked), then "
                        + "one SHA256SUMS for all of them and RELEASE-NOTES.md." : one));
        root = page;
    }

    /**
     * A release of several: whether it is complete (said plainly when not), each package's zip or
     * why it has none, SHA256SUMS, and RELEASE-NOTES.md as written, to read and scroll.
     */
    private static Node releaseBox(ArchiveStepViewModel vm, FileOpener opener) {
        Label summary = new Label();
        summary.setId(ID_RELEASE_SUMMARY);
        summary.setWrapText(true);
        summary.textProperty().bind(vm.releaseSummaryProperty());
        VBox packages = new VBox(4);
        packages.setId("archive-release-packages");
        Label sums = new Label();
        sums.setId(ID_RELEASE_SUMS);
        sums.setWrapText(true);
        TextArea notes = new TextArea();
        notes.setId(ID_NOTES);
        notes.setEditable(false);
        notes.setWrapText(true);
        notes.setPrefRowCount(18);
        notes.getStyleClass().add(Css.MONO);
        notes.setAccessibleText("RELEASE-NOTES.md as written");
        Button open = new Button("_Open folder", Icons.of(Icons.Glyph.OPEN_FOLDER));
        open.setId("archive-release-open");
        open.setMnemonicParsing(true);
        open.setMinWidth(Region.USE_PREF_SIZE);
        open.setOnAction(e -> {
            ReleaseResult r = vm.releaseProperty().get();
            if (r != null) {
                opener.open(r.notes().getParent());
            }
        });
        Runnable show = () -> {
            ReleaseResult r = vm.releaseProperty().get();
            if (r == null) {
                packages.getChildren().clear();
                notes.clear();
                sums.setText("");
                return;
            }
            boolean complete = r.complete();
            summary.setGraphic(complete ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
            summary.getStyleClass().removeAll(Css.SEVERITY_WARNING);
            if (!complete) {
                summary.getStyleClass().add(Css.SEVERITY_WARNING);
            }
            List<Node> lines = new ArrayList<>();
            for (PackageOutcome o : r.packages()) {
                Label l = new Label();
                l.setId(ID_PACKAGE_PREFIX + o.pkg().name());
                l.setWrapText(true);
                if (o.zipped()) {
                    ZipResult z = o.zip().orElseThrow();
                    l.setText(z.zip().getFileName() + ": verified, " + z.files() + " files, " + SizeText.of(z.zipBytes())
                            + ", SHA-256 " + z.sha256());
                    l.setGraphic(Icons.of(Icons.Glyph.OK, Css.OK));
                } else {
                    l.setText(o.pkg().name() + ": no zip. " + o.reason());
                    l.setGraphic(Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
                }
                lines.add(l);
            }
            packages.getChildren().setAll(lines);
            sums.setText(r.checksums().map(p -> "SHA256SUMS: " + p + " (" + r.packages().stream().filter(PackageOutcome::zipped).count()
                    + " zips)").orElse("No zip, so no SHA256SUMS.") + "  Notes: " + r.notes());
            notes.setText(r.notesText());
        };
        vm.releaseProperty().addListener(o -> show.run());
        show.run();
        Label notesTitle = StepPage.section("RELEASE-NOTES.md");
        VBox box = new VBox(8, summary, packages, sums, open, notesTitle, notes);
        box.setId(ID_RELEASE_BOX);
        box.getStyleClass().add(Css.CARD);
        box.visibleProperty().bind(vm.releaseProperty().isNotNull());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    /** What the saved profile is for: `package` repeats one package, `release` all of several. */
    private static Label profileText(ArchiveStepViewModel vm) {
        Label l = StepPage.muted("");
        l.textProperty().bind(vm.severalPackagesProperty().map(several -> several
                ? "The profile holds every choice of this release, its packages as {\"packages\": [...]}, in the JSON the command"
                        + " line reads: hip-packager release --profile FILE repeats it, for example in CI."
                : "The profile holds every choice of this release in the JSON the command line reads: "
                        + "hip-packager package --profile FILE repeats it, for example in CI."));
        return l;
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
