package dev.hippack.ui.steps.environment;

import dev.hippack.core.detect.Checkout;
import dev.hippack.core.detect.DetectedGpu;
import dev.hippack.core.detect.DetectedTool;
import dev.hippack.core.detect.HipSdk;
import dev.hippack.core.detect.SdkKind;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.VisualStudioInstance;
import dev.hippack.core.inventory.LibraryInventory;
import dev.hippack.ui.common.BusyMask;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.HoverTooltip;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;

/**
 * Step 1's nodes: one card per HIP SDK and per Visual Studio instance, the tools, the GPUs, the
 * checkout with a folder chooser, and the findings; a cover says what runs while detection runs.
 */
public final class EnvironmentStepView implements StepView {

    public static final String ID_RESCAN = "env-rescan";
    public static final String ID_SDKS = "env-sdks";
    public static final String ID_VS = "env-visual-studio";
    public static final String ID_TOOLS = "env-tools";
    public static final String ID_GPUS = "env-gpus";
    public static final String ID_CHECKOUT = "env-checkout";
    public static final String ID_FINDINGS = "env-findings";
    public static final String ID_MASKER = "env-masker";

    private final EnvironmentStepViewModel vm;
    private final Node root;
    private final Button rescan;
    private final FlowPane sdkCards = new FlowPane(12, 12);
    private final FlowPane vsCards = new FlowPane(12, 12);
    private final GridPane toolGrid = new GridPane();
    private final VBox gpuBox = new VBox(4);
    private final VBox checkoutBox = new VBox(4);

    public EnvironmentStepView(EnvironmentStepViewModel vm) {
        this.vm = vm;
        sdkCards.setId(ID_SDKS);
        vsCards.setId(ID_VS);
        toolGrid.setId(ID_TOOLS);
        toolGrid.setHgap(14);
        toolGrid.setVgap(4);
        gpuBox.setId(ID_GPUS);
        checkoutBox.setId(ID_CHECKOUT);

        rescan = new Button("_Rescan", Icons.of(Icons.Glyph.RESCAN));
        rescan.setId(ID_RESCAN);
        rescan.setMnemonicParsing(true);
        rescan.disableProperty().bind(vm.busyProperty());
        rescan.setOnAction(e -> vm.rescan());
        rescan.setMinWidth(Region.USE_PREF_SIZE);
        Label machine = new Label();
        machine.setId("env-host");
        machine.getStyleClass().add(Css.MUTED);
        machine.setWrapText(true);
        HBox.setHgrow(machine, Priority.ALWAYS);
        Label error = new Label();
        error.textProperty().bind(vm.errorProperty());
        error.getStyleClass().add(Css.SEVERITY_ERROR);
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox top = new HBox(10, machine, spacer, rescan);
        top.setAlignment(Pos.CENTER_LEFT);

        // Findings appear once detection has reported: before that, "nothing to fix" would be a claim not yet checked.
        Node findingsTitle = StepPage.section("Findings");
        Node findingsPane = new FindingsPane(ID_FINDINGS, vm.findings(), "Nothing to fix on this machine.").root();
        for (Node n : List.of(findingsTitle, findingsPane)) {
            n.visibleProperty().bind(vm.reportProperty().isNotNull());
            n.managedProperty().bind(n.visibleProperty());
        }
        Node toolsCard = card("Tools", toolGrid);
        VBox gpuCard = (VBox) card("GPUs in this machine", gpuBox);
        HBox.setHgrow(gpuCard, Priority.NEVER);
        gpuCard.setPrefWidth(380);
        gpuCard.setMinWidth(330);
        HBox toolsAndGpus = new HBox(16, toolsCard, gpuCard);
        // Findings first: what needs fixing is the first thing to read, not the end of a long page.
        Label dropHint = StepPage.muted("Or drop the checkout's folder anywhere on this step.");
        VBox content = new VBox(10, error,
                findingsTitle, findingsPane,
                StepPage.section("audio.cpp checkout"), checkoutBox, dropHint,
                StepPage.section("HIP SDKs"), sdkCards,
                StepPage.section("Visual Studio and MSVC toolsets"), vsCards,
                toolsAndGpus);
        ScrollPane scroll = StepPage.scroll(content);

        BusyMask masker = new BusyMask(ID_MASKER, Bindings.createStringBinding(
                () -> vm.statusProperty().get().isEmpty() ? "Detecting..." : vm.statusProperty().get(), vm.statusProperty()),
                vm.progressProperty(), vm.busyProperty());
        StackPane stack = new StackPane(masker.root());
        // While the first detection runs, the mask covers sections that have nothing to show yet:
        // they join the scene when it ends, so the first window (built while detection starts)
        // has fewer nodes to style and lay out (docs/design.md §10.2).
        if (vm.busyProperty().get()) {
            vm.busyProperty().addListener(new ChangeListener<Boolean>() {
                @Override
                public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean busy) {
                    if (!busy) {
                        o.removeListener(this);
                        stack.getChildren().add(0, scroll);
                    }
                }
            });
        } else {
            stack.getChildren().add(0, scroll);
        }

        vm.reportProperty().addListener((o, was, r) -> show(r, machine));
        if (vm.reportProperty().get() != null) {
            show(vm.reportProperty().get(), machine);
        }
        BorderPane page = StepPage.framed(StepId.ENVIRONMENT.viewId(), "Environment",
                "What is installed on the build machine: HIP SDKs, Visual Studio with its MSVC toolsets, the tools, "
                        + "the GPUs and the audio.cpp checkout. Problems come first, each with its fix.", top, stack, null);
        acceptDroppedCheckout(page);
        root = page;
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public ButtonBase mainAction() {
        return rescan;
    }

    /** A folder dropped anywhere on the step becomes the audio.cpp checkout. */
    private void acceptDroppedCheckout(Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles() && vm.acceptsDrop(paths(e.getDragboard().getFiles()))) {
                e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            boolean taken = e.getDragboard().hasFiles() && vm.dropped(paths(e.getDragboard().getFiles()));
            e.setDropCompleted(taken);
            e.consume();
        });
    }

    private static List<Path> paths(List<File> files) {
        return files.stream().map(File::toPath).toList();
    }

    /** "not found (optional: faster rebuilds)" or "not found: the build needs it". */
    private static String notFound(String needed) {
        if (needed == null) {
            return "not found";
        }
        return needed.startsWith("optional") ? "not found (" + needed + ")" : "not found: " + needed + " needs it";
    }

    private void show(MachineReport r, Label machine) {
        if (r == null) {
            return;
        }
        machine.setText("Machine: " + r.host() + " (" + r.os() + ")");
        sdkCards.getChildren().setAll(r.sdks().isEmpty()
                ? List.of(StepPage.muted("No HIP SDK found: sizes will come from the catalog; install one to build."))
                : r.sdks().stream().map(EnvironmentStepView::sdkCard).toList());
        vsCards.getChildren().setAll(r.visualStudio().isEmpty()
                ? List.of(StepPage.muted("No Visual Studio found."))
                : r.visualStudio().stream().map(EnvironmentStepView::vsCard).toList());
        toolGrid.getChildren().clear();
        int row = 0;
        for (DetectedTool t : r.tools()) {
            Node icon = t.found() ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.MISSING, Css.SEVERITY_WARNING);
            Label name = new Label(t.name());
            name.setAccessibleText(t.name() + (t.found() ? " found" : " not found"));
            name.setMinWidth(Region.USE_PREF_SIZE);
            Label where = new Label(t.found() ? t.path() : notFound(t.needed()));
            where.getStyleClass().add(t.found() ? Css.MONO : Css.MUTED);
            if (t.found()) {
                // A path is data of any length: it may be cut, and its tooltip has it whole.
                where.getStyleClass().add(Css.MAY_ELIDE);
                HoverTooltip.install(where, t::path);
            } else {
                where.setWrapText(true);
            }
            toolGrid.addRow(row++, icon, name, where);
        }
        gpuBox.getChildren().clear();
        for (DetectedGpu g : r.gpus()) {
            Label l = new Label(g.arch() + (g.family() == null ? "" : "  " + g.family()) + (g.example() == null ? "" : "  (" + g.example() + ")"),
                    Icons.of(Icons.Glyph.LOCAL_GPU, Css.SEVERITY_INFO));
            l.setWrapText(true);
            gpuBox.getChildren().add(l);
        }
        Label src = StepPage.muted(r.gpus().isEmpty() ? "No GPU reported. " + nullToEmpty(r.gpuSource()) : nullToEmpty(r.gpuSource()));
        gpuBox.getChildren().add(src);
        showCheckout(r.checkout());
    }

    private void showCheckout(Checkout c) {
        Button choose = new Button("Choose _folder...", Icons.of(Icons.Glyph.FOLDER));
        choose.setId("env-choose-checkout");
        choose.setMnemonicParsing(true);
        choose.disableProperty().bind(vm.busyProperty());
        choose.setOnAction(e -> {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle("The audio.cpp checkout");
            Path start = vm.checkoutFolder();
            if (start != null && start.toFile().isDirectory()) {
                dc.setInitialDirectory(start.toFile());
            }
            File f = dc.showDialog(choose.getScene().getWindow());
            if (f != null) {
                vm.chooseCheckout(f.toPath());
            }
        });
        Label path = new Label(c == null ? "No audio.cpp checkout found in the working folder." : c.path());
        path.getStyleClass().add(c == null ? Css.MUTED : Css.MONO);
        path.setWrapText(true);
        choose.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(path, Priority.ALWAYS);
        HBox head = new HBox(10, path, choose);
        head.setAlignment(Pos.CENTER_LEFT);
        checkoutBox.getChildren().setAll(head);
        if (c != null) {
            // The keys keep their width; only the values wrap.
            GridPane g = new GridPane();
            g.setHgap(12);
            g.setVgap(4);
            ColumnConstraints keys = new ColumnConstraints();
            keys.setMinWidth(Region.USE_PREF_SIZE);
            ColumnConstraints values = new ColumnConstraints();
            values.setHgrow(Priority.ALWAYS);
            values.setFillWidth(true);
            g.getColumnConstraints().setAll(keys, values);
            fact(g, 0, "Version:", c.version() == null ? "unknown (no git)" : c.version());
            fact(g, 1, "Build script:", c.buildScript()
                    ? "scripts\\build_windows_hip.ps1 with -" + String.join(" -", c.scriptParameters())
                    : "scripts\\build_windows_hip.ps1 is missing");
            fact(g, 2, "OpenMP off:", c.disablesOpenmp() ? "yes (both CMake flags)" : "no");
            fact(g, 3, "Model families:", c.modelFamilies().isEmpty() ? "none found" : String.join(", ", c.modelFamilies()));
            checkoutBox.getChildren().add(g);
        }
    }

    private static void fact(GridPane g, int row, String key, String value) {
        Label k = new Label(key);
        k.getStyleClass().add(Css.MUTED);
        k.setMinWidth(Region.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setWrapText(true);
        GridPane.setValignment(k, VPos.TOP);
        g.addRow(row, k, v);
    }

    private static Node sdkCard(HipSdk s) {
        Label title = new Label(s.kind().displayName() + " " + (s.version() == null ? "(unknown version)" : s.version())
                + (s.fullVersion() == null ? "" : "  (" + s.fullVersion() + ")"),
                s.usable() ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        title.getStyleClass().add(Css.CARD_TITLE);
        Label path = new Label(s.path());
        path.getStyleClass().add(Css.MONO);
        path.setWrapText(true);
        VBox box = new VBox(4, title, path,
                line("Track", s.track() == null ? "none in the catalog" : s.track() + " (ROCm " + s.generation() + " DLL names)"),
                line("Found by", String.join(", ", s.foundBy())),
                line("DLLs", s.dlls().isEmpty() ? "none" : String.join(", ", s.dlls())),
                line("Compiler", s.compiler() ? "clang++.exe present" : "clang++.exe missing"));
        if (!s.kernelLayout().isEmpty()) {
            box.getChildren().add(line("Kernel layout", s.kernelLayout()));
        }
        if (!s.missing().isEmpty()) {
            Label missing = new Label("Missing: " + String.join(", ", s.missing()), Icons.of(Icons.Glyph.MISSING, Css.SEVERITY_ERROR));
            missing.setWrapText(true);
            box.getChildren().add(missing);
        }
        for (LibraryInventory lib : s.libraries()) {
            box.getChildren().add(line(lib.library().displayName() + " kernels", lib.present()
                    ? SizeText.of(lib.totalBytes()) + " in " + lib.totalFiles() + " files; " + lib.archsWithKernels().size() + " architectures"
                    : "missing (" + lib.path() + ")"));
        }
        box.getStyleClass().add(Css.CARD);
        box.setPrefWidth(410);
        // A TheRock tarball and wheels of one version are two cards; the classic SDK keeps its plain id.
        box.setId("sdk-card-" + (s.kind() == SdkKind.CLASSIC ? "" : s.kind().name().toLowerCase(Locale.ROOT).replace('_', '-') + "-")
                + (s.version() == null ? "unknown" : s.version()));
        return box;
    }

    private static Node vsCard(VisualStudioInstance v) {
        Label title = new Label(v.name() + "  " + v.version(),
                v.recommendedToolset().isPresent() ? Icons.of(Icons.Glyph.OK, Css.OK) : Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        title.getStyleClass().add(Css.CARD_TITLE);
        title.setWrapText(true);
        Label path = new Label(v.path());
        path.getStyleClass().add(Css.MONO);
        path.setWrapText(true);
        VBox box = new VBox(4, title, path);
        for (MsvcToolset t : v.toolsets()) {
            Icons.Glyph glyph;
            String style;
            String verdict;
            switch (t.verdict()) {
                case RECOMMENDED -> { glyph = Icons.Glyph.OK; style = Css.OK; verdict = "recommended"; }
                case ACCEPTED -> { glyph = Icons.Glyph.INFO; style = Css.SEVERITY_INFO; verdict = "accepted, not verified"; }
                case REFUSED -> { glyph = Icons.Glyph.ERROR; style = Css.SEVERITY_ERROR; verdict = "refused"; }
                default -> { glyph = Icons.Glyph.WARNING; style = Css.SEVERITY_WARNING; verdict = "incomplete"; }
            }
            Label l = new Label("MSVC " + t.version() + ": " + verdict + (t.reason() == null ? "" : " (" + t.reason() + ")"), Icons.of(glyph, style));
            l.setWrapText(true);
            l.setId("toolset-" + t.version());
            box.getChildren().add(l);
            if (t.fix() != null) {
                Label fix = new Label("Fix: " + t.fix());
                fix.getStyleClass().add(Css.FINDING_FIX);
                fix.setWrapText(true);
                box.getChildren().add(fix);
            }
        }
        if (v.toolsets().isEmpty()) {
            box.getChildren().add(StepPage.muted("No MSVC toolset installed."));
        }
        box.getStyleClass().add(Css.CARD);
        box.setPrefWidth(430);
        return box;
    }

    private static Node line(String key, String value) {
        Label k = new Label(key + ":");
        k.getStyleClass().add(Css.MUTED);
        k.setMinWidth(Region.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setWrapText(true);
        HBox h = new HBox(6, k, v);
        return h;
    }

    private static Node card(String title, Node body) {
        VBox box = new VBox(6, StepPage.section(title), body);
        box.getStyleClass().add(Css.CARD);
        HBox.setHgrow(box, Priority.ALWAYS);
        return box;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
