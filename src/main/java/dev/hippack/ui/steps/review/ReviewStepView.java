package dev.hippack.ui.steps.review;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.ui.common.Columns;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.FolderField;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.MnemonicCheckBox;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Step 4's page: the output folder and "Stage and audit" fixed under the intro; then the checks
 * (the audit, the binaries against the plan, the start check: one line when every check passed,
 * the findings by severity when not) and the package's tree,
 * opened on its executables and DLLs with the kernel folders closed.
 */
public final class ReviewStepView implements StepView {

    public static final String ID_TREE = "review-tree";
    public static final String ID_STAGE = "review-stage";
    public static final String ID_TOTALS = "review-totals";
    public static final String ID_ACK = "review-acknowledge";
    public static final String ID_FINDINGS = "review-findings";
    /** The least height a findings list keeps in a small window (all of it when shorter): a heading and a few-line finding. */
    public static final double FINDINGS_MIN_HEIGHT = 110;
    public static final String ID_AUDIT = "review-audit";
    public static final String ID_ERROR = "review-error";
    /** A release of several packages: the tabs, one per package. */
    public static final String ID_PACKAGES = "review-packages";
    /** Followed by the package's name: its tab's content, its summary line, its "no zip" mark. */
    public static final String ID_PACKAGE_PREFIX = "review-package-";
    public static final String ID_PACKAGE_SUMMARY_PREFIX = "review-package-summary-";
    public static final String ID_NO_ZIP_PREFIX = "review-no-zip-";

    private final ReviewStepViewModel vm;
    private final Node root;
    private final Button stage;
    private final VBox findingsBox = new VBox(6);
    private final Label audit = new Label();

    public ReviewStepView(ReviewStepViewModel vm) {
        this.vm = vm;
        FolderField folderField = FolderField.of("review-folder", vm.outputFolderProperty(), "Choose _folder...",
                "Where the staged package and the zip go");
        TextField folder = folderField.field();
        folder.setMinWidth(120);
        Button choose = folderField.choose();
        choose.disableProperty().bind(vm.busyProperty());
        choose.setMinWidth(Region.USE_PREF_SIZE);
        stage = new Button("_Stage and audit", Icons.of(Icons.Glyph.REVIEW));
        stage.setId(ID_STAGE);
        stage.setMnemonicParsing(true);
        stage.getStyleClass().add(Css.MAIN_ACTION);
        stage.setMinWidth(Region.USE_PREF_SIZE);
        stage.setOnAction(e -> vm.stage());
        stage.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStage(), vm.busyProperty(), vm.outputFolderProperty()));
        Label folderLabel = new Label("Output folder:");
        folderLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox folderRow = new HBox(8, folderLabel, folder, choose, stage);
        folderRow.setAlignment(Pos.CENTER_LEFT);

        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(vm.progressProperty());
        bar.visibleProperty().bind(vm.busyProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        bar.setMinWidth(120);
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        HBox.setHgrow(status, Priority.ALWAYS);
        HBox runRow = new HBox(8, bar, status);
        runRow.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId(ID_ERROR);
        error.textProperty().bind(vm.errorProperty());
        error.setGraphic(Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
        error.getStyleClass().add(Css.SEVERITY_ERROR);
        error.setWrapText(true);
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        audit.setId(ID_AUDIT);
        audit.setWrapText(true);
        audit.getStyleClass().add(Css.CARD_TITLE);
        CheckBox ack = new MnemonicCheckBox("I have read the _warnings and ship the package anyway");
        ack.setId(ID_ACK);
        ack.setMnemonicParsing(true);
        ack.setWrapText(true);
        ack.selectedProperty().bindBidirectional(vm.warningsAcknowledgedProperty());
        ack.visibleProperty().bind(Bindings.createBooleanBinding(() -> vm.warningCount() > 0
                && vm.packageReviews().stream().anyMatch(PackageReview::willZip), vm.packageReviews()));
        ack.managedProperty().bind(ack.visibleProperty());
        findingsBox.setId(ID_FINDINGS);
        // The findings take the room they need, up to a third of the page; the tree takes the rest.
        ScrollPane findingsScroll = findingsScroll(findingsBox);
        findingsScroll.visibleProperty().bind(Bindings.isNotEmpty(vm.findings()));
        findingsScroll.managedProperty().bind(findingsScroll.visibleProperty());
        vm.findings().addListener((ListChangeListener<Finding>) c -> showAudit());
        vm.auditProperty().addListener(o -> showAudit());
        showAudit();

        Label totals = new Label();
        totals.setId(ID_TOTALS);
        totals.textProperty().bind(vm.totalsProperty());
        totals.setWrapText(true);

        TreeTableView<PackageNode> tree = tree();
        vm.treeProperty().addListener((o, was, now) -> {
            tree.setRoot(now == null ? null : item(now, 0));
        });
        VBox.setVgrow(tree, Priority.ALWAYS);

        TabPane packages = new TabPane();
        packages.setId(ID_PACKAGES);
        packages.setUserData(vm);
        packages.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // One package's review is shown by the nodes above; tabs only for several.
        Runnable tabs = () -> {
            if (vm.packageReviews().size() > 1) {
                showPackages(packages);
            } else {
                packages.getTabs().clear();
            }
        };
        vm.packageReviews().addListener((ListChangeListener<PackageReview>) c -> tabs.run());
        tabs.run();
        VBox.setVgrow(packages, Priority.ALWAYS);
        // One package: its checks and tree; several: a tab each.
        for (Node n : List.of(audit, findingsScroll, tree)) {
            n.visibleProperty().bind(vm.severalPackagesProperty().not().and(Bindings.createBooleanBinding(
                    () -> n != findingsScroll || !vm.findings().isEmpty(), vm.findings())));
            n.managedProperty().bind(n.visibleProperty());
        }
        packages.visibleProperty().bind(vm.severalPackagesProperty());
        packages.managedProperty().bind(packages.visibleProperty());

        VBox content = new VBox(8, runRow, error, audit, ack, findingsScroll, totals, tree, packages);
        findingsScroll.maxHeightProperty().bind(content.heightProperty().divide(3));
        root = StepPage.framed(StepId.REVIEW.viewId(), "Review",
                "The package as it will be zipped, and every check of the guide run on it. Errors must be fixed; "
                        + "warnings need your explicit yes.", folderRow, content, null);
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public ButtonBase mainAction() {
        return stage;
    }

    private void showAudit() {
        AuditReport a = vm.auditProperty().get();
        if (a == null) {
            audit.setText(vm.busyProperty().get() ? "" : "Not audited yet.");
            audit.setGraphic(null);
        } else {
            long errors = vm.findings().stream().filter(Finding::isError).count();
            long warnings = vm.warningCount();
            if (vm.findings().isEmpty()) {
                audit.setText("Checks: every check passed.");
                audit.setGraphic(Icons.of(Icons.Glyph.OK, Css.OK));
            } else if (errors > 0) {
                audit.setText(String.format(Locale.ROOT, "Checks: %d %s, %d %s: the package must not ship.", errors,
                        errors == 1 ? "error" : "errors", warnings, warnings == 1 ? "warning" : "warnings"));
                audit.setGraphic(Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
            } else {
                audit.setText(warnings > 0
                        ? String.format(Locale.ROOT, "Checks: no error, %d %s to read.", warnings, warnings == 1 ? "warning" : "warnings")
                        : "Checks: no error or warning; the notes below are for your information.");
                audit.setGraphic(Icons.of(warnings > 0 ? Icons.Glyph.WARNING : Icons.Glyph.OK, warnings > 0 ? Css.SEVERITY_WARNING : Css.OK));
            }
        }
        List<Node> rows = new ArrayList<>();
        for (Severity s : Severity.values()) {
            List<Finding> group = vm.findings().stream().filter(f -> f.severity() == s).toList();
            if (group.isEmpty()) {
                continue;
            }
            String title = switch (s) {
                case ERROR -> "Errors (" + group.size() + ")";
                case WARNING -> "Warnings (" + group.size() + ")";
                case INFO -> "Notes (" + group.size() + ")";
            };
            Label head = StepPage.section(title);
            head.setId("review-group-" + s.json());
            rows.add(head);
            group.forEach(f -> rows.add(FindingsPane.row(f)));
        }
        findingsBox.getChildren().setAll(rows);
    }

    /** A tab per package of several: its summary, a plain mark when it gets no zip, its findings and its tree. */
    private static void showPackages(TabPane pane) {
        String selected = pane.getSelectionModel().getSelectedItem() == null ? null : pane.getSelectionModel().getSelectedItem().getText();
        List<Tab> tabs = new ArrayList<>();
        ReviewStepViewModel vm = (ReviewStepViewModel) pane.getUserData();
        if (vm != null) {
            for (PackageReview r : vm.packageReviews()) {
                tabs.add(packageTab(r));
            }
        }
        pane.getTabs().setAll(tabs);
        tabs.stream().filter(t -> t.getText().equals(selected)).findFirst().ifPresent(t -> pane.getSelectionModel().select(t));
    }

    private static Tab packageTab(PackageReview r) {
        Label summary = new Label(r.summary());
        summary.setId(ID_PACKAGE_SUMMARY_PREFIX + r.name());
        summary.setWrapText(true);
        summary.getStyleClass().add(Css.CARD_TITLE);
        summary.setGraphic(r.willZip() ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
        VBox body = new VBox(6, summary);
        if (!r.willZip()) {
            Label noZip = new Label(r.stage() == null
                    ? "This package could not be staged: it gets no zip, and the release will be incomplete."
                    : "The checks found errors in this package: it gets no zip, and the release will be incomplete. "
                            + "The staged folder is left for inspection.");
            noZip.setId(ID_NO_ZIP_PREFIX + r.name());
            noZip.setWrapText(true);
            noZip.getStyleClass().add(Css.SEVERITY_ERROR);
            body.getChildren().add(noZip);
        }
        VBox findings = new VBox(6);
        for (Severity s : Severity.values()) {
            List<Finding> group = r.findings().stream().filter(f -> f.severity() == s).toList();
            if (!group.isEmpty()) {
                findings.getChildren().add(StepPage.section(switch (s) {
                    case ERROR -> "Errors (" + group.size() + ")";
                    case WARNING -> "Warnings (" + group.size() + ")";
                    case INFO -> "Notes (" + group.size() + ")";
                }));
                group.forEach(f -> findings.getChildren().add(FindingsPane.row(f)));
            }
        }
        if (!findings.getChildren().isEmpty()) {
            findings.setId(ID_FINDINGS + "-" + r.name());
            ScrollPane scroll = findingsScroll(findings);
            scroll.setMaxHeight(220);
            body.getChildren().add(scroll);
        }
        if (r.tree() != null) {
            TreeTableView<PackageNode> tree = tree();
            tree.setId(ID_TREE + "-" + r.name());
            tree.setRoot(item(r.tree(), 0));
            VBox.setVgrow(tree, Priority.ALWAYS);
            body.getChildren().add(tree);
        }
        body.setId(ID_PACKAGE_PREFIX + r.name());
        body.setPadding(new Insets(8, 0, 0, 0));
        Tab tab = new Tab(r.name(), body);
        tab.setGraphic(r.willZip() ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
        tab.setTooltip(new Tooltip(r.summary()));
        return tab;
    }

    private static TreeTableView<PackageNode> tree() {
        TreeTableView<PackageNode> t = new TreeTableView<>();
        t.setId(ID_TREE);
        t.setPlaceholder(new Label("Stage the package to see its files."));
        t.setColumnResizePolicy(TreeTableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        TreeTableColumn<PackageNode, PackageNode> name = new TreeTableColumn<>("Name");
        name.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getValue()));
        name.setCellFactory(c -> new TreeTableCell<>() {
            {
                // File names are data of any length: a long one may be cut; its tooltip has it whole.
                getStyleClass().add(Css.MAY_ELIDE);
            }

            @Override
            protected void updateItem(PackageNode n, boolean empty) {
                super.updateItem(n, empty);
                if (empty || n == null) {
                    setText(null);
                    setGraphic(null);
                    setTooltip(null);
                    return;
                }
                setText(n.name());
                setTooltip(new Tooltip(n.path().isEmpty() ? n.name() : n.path()));
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
        name.setMinWidth(160);
        name.setPrefWidth(330);
        // The other columns are as wide as their longest text ("1023.9 MiB", "executable", "gfx1151").
        TreeTableColumn<PackageNode, String> size = new TreeTableColumn<>("Size");
        size.setCellValueFactory(c -> new ReadOnlyStringWrapper(SizeText.of(c.getValue().getValue().bytes())));
        size.setStyle("-fx-alignment: CENTER-RIGHT;");
        Columns.fixed(size, 96);
        TreeTableColumn<PackageNode, String> kind = new TreeTableColumn<>("Kind");
        kind.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().kind().name().toLowerCase(Locale.ROOT)));
        Columns.fixed(kind, 100);
        TreeTableColumn<PackageNode, String> arch = new TreeTableColumn<>("Arch");
        arch.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getValue().arch() == null ? "" : c.getValue().getValue().arch()));
        Columns.fixed(arch, 84);
        t.getColumns().addAll(List.of(name, size, kind, arch));
        return t;
    }


    /**
     * The package opens on its top level (executables, DLLs, README) and the two library folders;
     * the kernel folders, hundreds of files each, stay closed until opened.
     */
    private static TreeItem<PackageNode> item(PackageNode n, int depth) {
        TreeItem<PackageNode> i = new TreeItem<>(n);
        List<PackageNode> children = new ArrayList<>(n.children());
        // Files before folders at the top, so the executables and DLLs are what one sees first.
        if (depth == 0) {
            children.sort((a, b) -> Boolean.compare(a.kind() == PackageNode.Kind.FOLDER, b.kind() == PackageNode.Kind.FOLDER));
        }
        for (PackageNode c : children) {
            i.getChildren().add(item(c, depth + 1));
        }
        i.setExpanded(depth == 0);
        return i;
    }

    /**
     * A scroll pane for findings, as tall as they are (up to a maximum its caller sets). In a small
     * window the tree below gives way first: up to {@link #FINDINGS_MIN_HEIGHT} of findings stay
     * in sight, never squeezed to a line.
     */
    private static ScrollPane findingsScroll(Region findings) {
        ScrollPane scroll = StepPage.scroll(findings);
        scroll.setFitToHeight(false);
        scroll.prefViewportHeightProperty().bind(findings.heightProperty());
        scroll.minHeightProperty().bind(Bindings.min(findings.heightProperty().add(4), FINDINGS_MIN_HEIGHT));
        VBox.setVgrow(scroll, Priority.NEVER);
        return scroll;
    }
}
