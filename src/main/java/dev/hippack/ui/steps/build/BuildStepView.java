package dev.hippack.ui.steps.build;

import dev.hippack.core.progress.PartState;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.run.LogView;
import dev.hippack.ui.wizard.StepId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.controlsfx.control.ToggleSwitch;

/** Step 3's nodes: options, command lines, Start / Cancel with progress and elapsed time, the log, findings. */
public final class BuildStepView {

    public static final String ID_START = "build-start";
    public static final String ID_CANCEL = "build-cancel";
    public static final String ID_PROGRESS = "build-progress";
    public static final String ID_STATUS = "build-status";
    public static final String ID_ELAPSED = "build-elapsed";
    public static final String ID_USE_EXISTING = "build-use-existing";
    public static final String ID_COMMANDS = "build-commands";
    public static final String ID_FINDINGS = "build-findings";
    public static final String ID_ERROR = "build-error";
    public static final String ID_TASKS = "build-tasks";
    /** Followed by the binary's name: its row, and the label saying where it stands. */
    public static final String ID_TASK_PREFIX = "build-task-";
    public static final String ID_TASK_STATE_PREFIX = "build-task-state-";

    private final Node root;

    public BuildStepView(BuildStepViewModel vm, FileOpener opener) {
        ComboBox<String> toolset = new ComboBox<>(vm.toolsets());
        toolset.setId("build-toolset");
        toolset.setEditable(true);
        toolset.valueProperty().bindBidirectional(vm.toolsetProperty());
        toolset.setTooltip(new Tooltip("The MSVC toolset vcvarsall selects (-vcvars_ver). 14.44 is the one the guide verified."));
        Spinner<Integer> jobs = new Spinner<>(0, 256, vm.jobsProperty().get());
        jobs.setId("build-jobs");
        jobs.setEditable(true);
        jobs.getValueFactory().valueProperty().addListener((o, was, now) -> vm.jobsProperty().set(now == null ? 0 : now));
        vm.jobsProperty().addListener((o, was, now) -> jobs.getValueFactory().setValue(now.intValue()));
        jobs.setTooltip(new Tooltip("Parallel compile jobs; 0 lets the script choose."));
        TextField buildDir = new TextField();
        buildDir.setId("build-dir");
        buildDir.textProperty().bindBidirectional(vm.buildDirProperty());
        buildDir.setPrefColumnCount(24);

        ToggleSwitch hipblaslt = toggle("hipBLASLt GEMM", vm.hipblasltProperty(), "build-hipblaslt");
        ToggleSwitch vmm = toggle("HIP VMM", vm.vmmProperty(), "build-vmm");
        ToggleSwitch graphs = toggle("Graphs", vm.graphsProperty(), "build-graphs");
        Label toggleNote = StepPage.muted("The defaults (hipBLASLt on, VMM off, graphs off) are what every listed GPU needs: "
                + "gfx1103 has no rocBLAS kernels, and VMM and graphs exhaust the shared memory of integrated GPUs. "
                + "Change them only for a package that targets discrete GPUs with 8 GB or more.");

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, labelFor("MSVC _toolset:", toolset), toolset, labelFor("_Jobs:", jobs), jobs);
        form.addRow(1, labelFor("Build _folder:", buildDir), buildDir);
        GridPane.setColumnSpan(buildDir, 3);
        HBox toggles = new HBox(24, hipblaslt, vmm, graphs);
        toggles.setAlignment(Pos.CENTER_LEFT);

        TextArea commands = new TextArea();
        commands.setId(ID_COMMANDS);
        commands.setEditable(false);
        commands.setWrapText(true);
        commands.getStyleClass().add(Css.COMMAND_LINE);
        commands.setPrefRowCount(4);
        commands.setAccessibleText("The command lines the build runs");
        Runnable showCommands = () -> commands.setText(vm.commandLines().isEmpty()
                ? "The command lines appear once the checkout and the HIP SDK are known (step 1)."
                : String.join(System.lineSeparator(), vm.commandLines()));
        vm.commandLines().addListener((ListChangeListener<String>) c -> showCommands.run());
        showCommands.run();
        Button copy = new Button("Copy", Icons.of(Icons.Glyph.COPY));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(commands.getText());
            Clipboard.getSystemClipboard().setContent(content);
        });

        CheckBox useExisting = new CheckBox("_Use existing binaries (skip the build)");
        useExisting.setId(ID_USE_EXISTING);
        useExisting.setMnemonicParsing(true);
        useExisting.selectedProperty().bindBidirectional(vm.useExistingProperty());
        useExisting.disableProperty().bind(vm.busyProperty());
        Label existing = new Label();
        existing.textProperty().bind(vm.existingDescriptionProperty());
        existing.getStyleClass().add(Css.MUTED);
        existing.visibleProperty().bind(vm.useExistingProperty());
        existing.managedProperty().bind(existing.visibleProperty());
        existing.setWrapText(true);

        Button start = new Button("_Start build", Icons.of(Icons.Glyph.START));
        start.setId(ID_START);
        start.setMnemonicParsing(true);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(Bindings.createBooleanBinding(() -> !vm.canStart(),
                vm.busyProperty(), vm.useExistingProperty(), vm.optionFindings(), vm.validProperty()));
        Button cancel = new Button("Cancel build", Icons.of(Icons.Glyph.STOP));
        cancel.setId(ID_CANCEL);
        cancel.disableProperty().bind(vm.busyProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        ProgressBar bar = new ProgressBar(0);
        bar.setId(ID_PROGRESS);
        bar.progressProperty().bind(Bindings.when(vm.busyProperty()).then(vm.progressProperty()).otherwise(
                Bindings.createDoubleBinding(() -> vm.resultProperty().get() != null && vm.resultProperty().get().success() ? 1.0 : 0.0,
                        vm.resultProperty())));
        bar.setPrefWidth(260);
        Label status = new Label();
        status.setId(ID_STATUS);
        status.textProperty().bind(vm.statusProperty());
        // One row per binary: audiocpp_cli, then audiocpp_server, each its own task.
        VBox tasks = new VBox(4);
        tasks.setId(ID_TASKS);
        Runnable showTasks = () -> {
            List<Node> rows = new ArrayList<>();
            for (BinaryBuild b : vm.binaries()) {
                rows.add(taskRow(vm, b));
            }
            tasks.getChildren().setAll(rows);
        };
        vm.binaries().addListener((ListChangeListener<BinaryBuild>) c -> showTasks.run());
        showTasks.run();
        // When the build ends, a binary it never reached reads "not started".
        vm.busyProperty().addListener(o -> tasks.getChildren().forEach(row -> ((Runnable) row.getUserData()).run()));

        Label elapsed = new Label();
        elapsed.setId(ID_ELAPSED);
        elapsed.getStyleClass().add(Css.MUTED);
        javafx.animation.Timeline clock = new javafx.animation.Timeline(new KeyFrame(Duration.seconds(1), e -> {
            elapsed.setText(elapsed(vm));
            tasks.getChildren().forEach(row -> ((Runnable) row.getUserData()).run());
        }));
        clock.setCycleCount(Animation.INDEFINITE);
        clock.play();
        vm.startedAtProperty().addListener(o -> elapsed.setText(elapsed(vm)));
        vm.endedAtProperty().addListener(o -> elapsed.setText(elapsed(vm)));
        HBox run = new HBox(10, start, cancel, bar, elapsed, status);
        run.setAlignment(Pos.CENTER_LEFT);


        Label error = new Label();
        error.setId(ID_ERROR);
        error.textProperty().bind(vm.errorProperty());
        error.getStyleClass().add(Css.SEVERITY_ERROR);
        error.setGraphic(Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR));
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);

        VBox top = new VBox(8, form, toggles, toggleNote,
                new FindingsPane("build-option-findings", vm.optionFindings(), "The options follow the guide.").root(),
                StepPage.section("Command lines"), new HBox(6, commands, copy), useExisting, existing, run, tasks, error,
                new FindingsPane(ID_FINDINGS, vm.findings(), "No problem found in the last build.").root());
        HBox.setHgrow(commands, Priority.ALWAYS);
        javafx.scene.control.ScrollPane topScroll = new javafx.scene.control.ScrollPane(top);
        topScroll.setFitToWidth(true);
        topScroll.getStyleClass().add("edge-to-edge");

        LogView logView = new LogView(vm.log(), opener, () -> vm.logFileProperty().get());
        SplitPane split = new SplitPane(topScroll, logView.root());
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        root = StepPage.of(StepId.BUILD.viewId(), "Build",
                "Build audiocpp_cli, then audiocpp_server, with the build script inside a vcvars environment. "
                        + "The log streams below; Cancel ends the whole process tree.", split);
    }

    public Node root() {
        return root;
    }

    private static String elapsed(BuildStepViewModel vm) {
        Instant s = vm.startedAtProperty().get();
        if (s == null) {
            return "";
        }
        Instant e = vm.endedAtProperty().get() == null ? vm.clock().instant() : vm.endedAtProperty().get();
        java.time.Duration d = java.time.Duration.between(s, e);
        return String.format(Locale.ROOT, "%d:%02d", d.toMinutes(), d.toSecondsPart());
    }

    /** A binary's row: an icon for its state, its name, its own progress bar, and what it is doing. */
    private static Node taskRow(BuildStepViewModel vm, BinaryBuild b) {
        Label name = new Label(b.binary());
        name.setMinWidth(130);
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(200);
        bar.progressProperty().bind(b.progressProperty());
        Label state = new Label();
        state.setId(ID_TASK_STATE_PREFIX + b.binary());
        state.getStyleClass().add(Css.MUTED);
        HBox row = new HBox(10, name, bar, state);
        row.setId(ID_TASK_PREFIX + b.binary());
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(0, 0, 0, 4));
        PartState[] shown = {null};
        Runnable update = () -> {
            PartState s = b.state();
            boolean ended = !vm.busyProperty().get() && vm.startedAtProperty().get() != null;
            if (s != shown[0]) {
                shown[0] = s;
                name.setGraphic(switch (s) {
                    case WAITING -> Icons.of(Icons.Glyph.STEP_PENDING);
                    case RUNNING -> Icons.of(Icons.Glyph.START);
                    case SUCCEEDED -> Icons.of(Icons.Glyph.OK, Css.OK);
                    case FAILED -> Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR);
                    case CANCELLED -> Icons.of(Icons.Glyph.STOP, Css.SEVERITY_WARNING);
                });
                bar.setVisible(s != PartState.WAITING);
            }
            state.setText(b.describe(vm.clock().instant(), ended));
            row.setAccessibleText(b.binary() + ": " + state.getText());
        };
        b.stateProperty().addListener(o -> update.run());
        b.progressProperty().addListener(o -> update.run());
        row.setUserData(update);
        update.run();
        return row;
    }

    private static ToggleSwitch toggle(String text, javafx.beans.property.BooleanProperty p, String id) {
        ToggleSwitch t = new ToggleSwitch(text);
        t.setId(id);
        t.selectedProperty().bindBidirectional(p);
        return t;
    }

    private static Label labelFor(String text, Node control) {
        Label l = new Label(text);
        l.setMnemonicParsing(true);
        l.setLabelFor(control);
        return l;
    }
}
