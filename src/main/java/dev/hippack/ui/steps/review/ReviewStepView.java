package dev.hippack.ui.steps.review;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.FolderField;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Step 4's nodes: output folder, Stage, the package tree with sizes, totals, findings by severity. */
public final class ReviewStepView {

    public static final String ID_TREE = "review-tree";
    public static final String ID_STAGE = "review-stage";
    public static final String ID_TOTALS = "review-totals";
    public static final String ID_ACK = "review-acknowledge";
    public static final String ID_FINDINGS = "review-findings";
    public static final String ID_ERROR = "review-error";

    private final Node root;
    private final VBox findingsBox = new VBox(8);

    public ReviewStepView(ReviewStepViewModel vm) {
        FolderField folderField = FolderField.of("review-folder", vm.outputFolderProperty(), "Choose _folder...",
                "Where the staged package and the zip go");
        TextField folder = folderField.field();
        Button choose = folderField.choose();
        choose.disableProperty().bind(vm.busyProperty());
        Button stage = new Button("_Stage and audit", Icons.of(Icons.Glyph.REVIEW));
        stage.setId(ID_STAGE);
        stage.setMnemonicParsing(true);
        stage.setOnAction(e -> vm.stage());
        stage.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStage(), vm.busyProperty(), vm.outputFolderProperty()));
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        HBox folderRow = new HBox(8, new Label("Output folder:"), folder, choose, stage);
        folderRow.setAlignment(Pos.CENTER_LEFT);
        HBox runRow = new HBox(8, bar, status);
        runRow.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId(ID_ERROR);
        error.textProperty().bind(vm.errorProperty());
        error.getStyleClass().add(Css.SEVERITY_ERROR);
        error.setWrapText(true);
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        TreeTableView<PackageNode> tree = tree();
        vm.treeProperty().addListener((o, was, now) -> {
            tree.setRoot(now == null ? null : item(now));
            if (tree.getRoot() != null) {
                tree.getRoot().setExpanded(true);
            }
        });
        Label totals = new Label();
        totals.setId(ID_TOTALS);
        totals.textProperty().bind(vm.totalsProperty());
        totals.getStyleClass().add(Css.CARD_TITLE);
        VBox left = new VBox(6, totals, tree);
        VBox.setVgrow(tree, Priority.ALWAYS);

        CheckBox ack = new CheckBox("I have read the _warnings and ship the package anyway");
        ack.setId(ID_ACK);
        ack.setMnemonicParsing(true);
        ack.selectedProperty().bindBidirectional(vm.warningsAcknowledgedProperty());
        ack.setWrapText(true);
        findingsBox.setId(ID_FINDINGS);
        vm.findings().addListener((ListChangeListener<Finding>) c -> showFindings(vm));
        vm.auditProperty().addListener(o -> showFindings(vm));
        ack.visibleProperty().bind(Bindings.createBooleanBinding(() -> vm.warningCount() > 0 && vm.auditProperty().get() != null
                && vm.auditProperty().get().passed(), vm.findings(), vm.auditProperty()));
        ack.managedProperty().bind(ack.visibleProperty());
        VBox right = new VBox(8, StepPage.section("Audit"), ack, findingsBox);
        ScrollPane rightScroll = new ScrollPane(right);
        rightScroll.setFitToWidth(true);
        rightScroll.getStyleClass().add("edge-to-edge");

        SplitPane split = new SplitPane(left, rightScroll);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.55);
        VBox content = new VBox(8, folderRow, runRow, error, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        root = StepPage.of(StepId.REVIEW.viewId(), "Review",
                "The package as it will be zipped, and every check of the guide run on it. Errors must be fixed; "
                        + "warnings need your explicit yes.", content);
    }

    public Node root() {
        return root;
    }

    private void showFindings(ReviewStepViewModel vm) {
        findingsBox.getChildren().clear();
        if (vm.auditProperty().get() == null && vm.findings().isEmpty()) {
            return;
        }
        for (Severity s : Severity.values()) {
            List<Finding> group = vm.findings().stream().filter(f -> f.severity() == s).toList();
            if (group.isEmpty()) {
                continue;
            }
            String title = switch (s) {
                case ERROR -> "Errors (" + group.size() + "): the package must not ship";
                case WARNING -> "Warnings (" + group.size() + ")";
                case INFO -> "Notes (" + group.size() + ")";
            };
            Label head = StepPage.section(title);
            head.setId("review-group-" + s.json());
            findingsBox.getChildren().add(head);
            group.forEach(f -> findingsBox.getChildren().add(FindingsPane.row(f)));
        }
        if (vm.findings().isEmpty()) {
            findingsBox.getChildren().add(new Label("Every check passed.", Icons.of(Icons.Glyph.OK, Css.OK)));
        }
    }

    private static TreeTableView<PackageNode> tree() {
        TreeTableView<PackageNode> t = new TreeTableView<>();
        t.setId(ID_TREE);
        t.setPlaceholder(new Label("Stage the package to see its files."));
        t.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TreeTableColumn<PackageNode, PackageNode> name = new TreeTableColumn<>("Name");
        name.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue()));
        name.setCellFactory(c -> new TreeTableCell<>() {
            @Override
            protected void updateItem(PackageNode n, boolean empty) {
                super.updateItem(n, empty);
                if (empty || n == null) {
                    setText(null);
                    setGraphic(null);
                    return;
                }
                setText(n.name());
                setGraphic(Icons.of(switch (n.kind()) {
                    case FOLDER -> Icons.Glyph.FOLDER;
                    case EXECUTABLE -> Icons.Glyph.EXECUTABLE;
                    case DLL -> Icons.Glyph.LIBRARY;
                    case KERNEL -> Icons.Glyph.KERNEL;
                    case TEXT -> Icons.Glyph.OPEN_FILE;
                    case OTHER -> Icons.Glyph.FILE;
                }));
            }
        });
        name.setPrefWidth(330);
        TreeTableColumn<PackageNode, String> size = new TreeTableColumn<>("Size");
        size.setCellValueFactory(c -> new ReadOnlyStringWrapper(SizeText.of(c.getValue().getValue().bytes())));
        size.setStyle("-fx-alignment: CENTER-RIGHT;");
        size.setPrefWidth(90);
        TreeTableColumn<PackageNode, String> kind = new TreeTableColumn<>("Kind");
        kind.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().kind().name().toLowerCase(java.util.Locale.ROOT)));
        kind.setPrefWidth(95);
        TreeTableColumn<PackageNode, String> arch = new TreeTableColumn<>("Arch");
        arch.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().arch() == null ? "" : c.getValue().getValue().arch()));
        arch.setPrefWidth(80);
        t.getColumns().addAll(List.of(name, size, kind, arch));
        return t;
    }

    private static TreeItem<PackageNode> item(PackageNode n) {
        TreeItem<PackageNode> i = new TreeItem<>(n);
        for (PackageNode c : n.children()) {
            i.getChildren().add(item(c));
        }
        // Every folder opens: the table is virtualized, and the kernel files show their architecture.
        i.setExpanded(n.kind() == PackageNode.Kind.FOLDER);
        return i;
    }
}
