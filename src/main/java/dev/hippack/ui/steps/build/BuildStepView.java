package dev.hippack.ui.steps.build;

import dev.hippack.core.progress.PartState;
import dev.hippack.ui.common.Clipboards;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.MnemonicCheckBox;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.run.LogView;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.controlsfx.control.ToggleSwitch;

/**
 * Step 3's page. Fixed under the intro: Start / Cancel (their width never depends on a status
 * text), the progress, the elapsed time, the status, one row per binary and what the last build
 * means for this plan. Below, split: the options and command lines (scrolling), and the log.
 */
public final class BuildStepView implements StepView {

    public static final String ID_START = "build-start";
    public static final String ID_CANCEL = "build-cancel";
    public static final String ID_PROGRESS = "build-progress";
    public static final String ID_PERCENT = "build-percent";
    public static final String ID_STATUS = "build-status";
    public static final String ID_ELAPSED = "build-elapsed";
    public static final String ID_USE_EXISTING = "build-use-existing";
    public static final String ID_COMMANDS = "build-commands";
    public static final String ID_FINDINGS = "build-findings";
    public static final String ID_ERROR = "build-error";
    public static final String ID_REBUILD = "build-rebuild-needed";
    public static final String ID_BUILT_NOTE = "build-built-note";
    public static final String ID_TASKS = "build-tasks";
    /** Followed by the binary's name: its row, and the label saying where it stands. */
    public static final String ID_TASK_PREFIX = "build-task-";
    public static final String ID_TASK_STATE_PREFIX = "build-task-state-";
    /** Several packages: their rows, one per package in build order, and their logs, a tab each (one package: its log alone). */
    public static final String ID_PACKAGES = "build-packages";
    public static final String ID_PACKAGE_LOGS = "build-package-logs";
    /** Followed by the package's name: its row's state label, and its log's tab content. */
    public static final String ID_PACKAGE_STATE_PREFIX = "build-package-state-";
    public static final String ID_PACKAGE_LOG_PREFIX = "build-package-log-";

    private final BuildStepViewModel vm;
    private final Node root;
    private final Button start;

    public BuildStepView(BuildStepViewModel vm, FileOpener opener) {
        this.vm = vm;
        start = new Button("_Start build", Icons.of(Icons.Glyph.START));
        start.setId(ID_START);
        start.setMnemonicParsing(true);
        start.getStyleClass().add(Css.MAIN_ACTION);
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(vm.startableProperty().not());

        Node run = runRow();
        VBox tasks = tasks();
        Label rebuild = notice(ID_REBUILD, vm.rebuildNoticeProperty(), Icons.Glyph.WARNING, Css.SEVERITY_WARNING);
        Label builtNote = notice(ID_BUILT_NOTE, vm.builtNoteProperty(), Icons.Glyph.INFO, Css.SEVERITY_INFO);
        Label error = notice(ID_ERROR, vm.errorProperty(), Icons.Glyph.ERROR, Css.SEVERITY_ERROR);
        tasks.visibleProperty().bind(vm.severalPackagesProperty().not());
        tasks.managedProperty().bind(tasks.visibleProperty());
        VBox packages = packages(vm);
        VBox fixed = new VBox(6, run, tasks, packages, rebuild, builtNote, error);

        Node findings = new FindingsPane(ID_FINDINGS, vm.findings(), "No problem found in the last build.").root();
        findings.visibleProperty().bind(vm.outcomeShownProperty());
        findings.managedProperty().bind(findings.visibleProperty());
        Label findingsTitle = StepPage.section("Findings of the last build");
        findingsTitle.visibleProperty().bind(vm.outcomeShownProperty());
        findingsTitle.managedProperty().bind(findingsTitle.visibleProperty());

        VBox options = new VBox(8, findingsTitle, findings, useExisting(), StepPage.section("Options"), form(), toggles(),
                StepPage.muted("The defaults (hipBLASLt on, VMM off, graphs off) are what every listed GPU needs: "
                        + "gfx1103 has no rocBLAS kernels, and VMM and graphs exhaust the shared memory of integrated GPUs. "
                        + "Change them only for a package that targets discrete GPUs with 8 GB or more."),
                new FindingsPane("build-option-findings", vm.optionFindings(), "The options follow the guide.").root(),
                commandLines());
        options.setPadding(new Insets(0, 6, 0, 0));

        StackPane logs = logs(vm, opener);
        SplitPane split = new SplitPane(StepPage.scroll(options), logs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);
        String one = "Build audiocpp_cli, then audiocpp_server, with the build script inside a vcvars environment. "
                + "The log streams below; Cancel build ends the whole process tree.";
        BorderPane page = StepPage.framed(StepId.BUILD.viewId(), "Build", one, fixed, split, null);
        StepPage.introOf(page).textProperty().bind(vm.severalPackagesProperty().map(several -> several
                ? "Build each package in turn, in its own build folder: audiocpp_cli, then audiocpp_server, with the build "
                        + "script inside a vcvars environment. Each has its own log below; Cancel build ends the whole process tree."
                : one));
        root = page;
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public ButtonBase mainAction() {
        return start;
    }

    private Node runRow() {
        Button cancel = new Button("Cance_l build", Icons.of(Icons.Glyph.STOP));
        cancel.setId(ID_CANCEL);
        cancel.setMnemonicParsing(true);
        cancel.disableProperty().bind(vm.busyProperty().not());
        cancel.setOnAction(e -> vm.cancel());
        for (Button b : List.of(start, cancel)) {
            // The buttons keep their width whatever the status says.
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        ProgressBar bar = new ProgressBar(0);
        bar.setId(ID_PROGRESS);
        bar.progressProperty().bind(Bindings.when(vm.busyProperty()).then(vm.progressProperty())
                .otherwise(Bindings.when(vm.completedProperty()).then(1.0).otherwise(0.0)));
        bar.setPrefWidth(200);
        bar.setMinWidth(120);
        Label percent = new Label();
        percent.setId(ID_PERCENT);
        percent.textProperty().bind(Bindings.createStringBinding(() -> vm.busyProperty().get() && vm.progressProperty().get() >= 0
                ? String.format(Locale.ROOT, "%.0f%%", vm.progressProperty().get() * 100) : "", vm.busyProperty(), vm.progressProperty()));
        percent.setMinWidth(44);
        percent.setPrefWidth(44);
        percent.setAlignment(Pos.CENTER_RIGHT);
        Label elapsed = new Label();
        elapsed.setId(ID_ELAPSED);
        elapsed.getStyleClass().add(Css.MUTED);
        elapsed.setMinWidth(Region.USE_PREF_SIZE);
        Timeline clock = new Timeline(new KeyFrame(Duration.seconds(1), e -> elapsed.setText(elapsed())));
        clock.setCycleCount(Animation.INDEFINITE);
        clock.play();
        vm.startedAtProperty().addListener(o -> elapsed.setText(elapsed()));
        vm.endedAtProperty().addListener(o -> elapsed.setText(elapsed()));
        Label status = new Label();
        status.setId(ID_STATUS);
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        status.setMinWidth(160);
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        HBox row = new HBox(10, start, cancel, bar, percent, elapsed, status);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** One row per binary: audiocpp_cli, then audiocpp_server, each its own task. */
    private VBox tasks() {
        VBox tasks = new VBox(4);
        tasks.setId(ID_TASKS);
        Runnable showTasks = () -> {
            List<Node> rows = new ArrayList<>();
            for (BinaryBuild b : vm.binaries()) {
                rows.add(taskRow(b));
            }
            tasks.getChildren().setAll(rows);
        };
        vm.binaries().addListener((ListChangeListener<BinaryBuild>) c -> showTasks.run());
        showTasks.run();
        // When the build ends, a binary it never reached reads "not started"; the times tick every second.
        Runnable update = () -> tasks.getChildren().forEach(row -> ((Runnable) row.getUserData()).run());
        vm.busyProperty().addListener(o -> update.run());
        Timeline clock = new Timeline(new KeyFrame(Duration.seconds(1), e -> update.run()));
        clock.setCycleCount(Animation.INDEFINITE);
        clock.play();
        return tasks;
    }

    /**
     * Each package's own log: the one package's alone, or a tab each for several, the selected
     * package's in front (the running one's during a run). A package whose plan changed is a new
     * one with an empty log: the log shown is always the build of the plan shown.
     */
    private static StackPane logs(BuildStepViewModel vm, FileOpener opener) {
        StackPane logs = new StackPane();
        TabPane tabs = new TabPane();
        tabs.setId(ID_PACKAGE_LOGS);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        boolean[] selecting = {false};
        // A package keeps its log view while it is shown; a package no longer shown lets its go.
        Map<PackageBuild, Node> views = new HashMap<>();
        Runnable show = () -> {
            selecting[0] = true;
            try {
                List<Tab> shown = new ArrayList<>();
                Node alone = null;
                views.keySet().retainAll(vm.packageBuilds());
                // A view moves from its old tab (or from standing alone) to its new place.
                tabs.getTabs().forEach(t -> t.setContent(null));
                logs.getChildren().clear();
                for (PackageBuild b : vm.packageBuilds()) {
                    Node content = views.computeIfAbsent(b, x -> new LogView(x.log(), opener, () -> x.logFileProperty().get()).root());
                    content.setId(ID_PACKAGE_LOG_PREFIX + b.name());
                    if (vm.packageBuilds().size() == 1) {
                        alone = content;
                        break;
                    }
                    Tab tab = new Tab(b.name(), content);
                    tab.setUserData(b);
                    Runnable mark = () -> tab.setGraphic(stateIcon(b.state()));
                    b.stateProperty().addListener(o -> mark.run());
                    mark.run();
                    shown.add(tab);
                }
                tabs.getTabs().setAll(shown);
                shown.stream().filter(t -> t.getUserData() == vm.selectedProperty().get()).findFirst()
                        .ifPresent(t -> tabs.getSelectionModel().select(t));
                logs.getChildren().setAll(alone != null ? alone : tabs);
            } finally {
                selecting[0] = false;
            }
        };
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (!selecting[0] && now != null) {
                vm.select((PackageBuild) now.getUserData());
            }
        });
        vm.selectedProperty().addListener((o, was, now) -> tabs.getTabs().stream().filter(t -> t.getUserData() == now).findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t)));
        vm.packageBuilds().addListener((ListChangeListener<PackageBuild>) c -> show.run());
        show.run();
        return logs;
    }

    /** Several packages: a row each, in build order, with its state and its running binary's progress. */
    private static VBox packages(BuildStepViewModel vm) {
        VBox box = new VBox(4);
        box.setId(ID_PACKAGES);
        Runnable show = () -> {
            List<Node> rows = new ArrayList<>();
            for (PackageBuild b : vm.packageBuilds()) {
                Label name = new Label(b.name());
                name.setMinWidth(Region.USE_PREF_SIZE);
                ProgressBar bar = new ProgressBar();
                bar.setPrefWidth(160);
                bar.setMinWidth(100);
                Label state = new Label();
                state.setId(ID_PACKAGE_STATE_PREFIX + b.name());
                state.getStyleClass().add(Css.MUTED);
                state.setWrapText(true);
                state.textProperty().bind(b.statusProperty());
                HBox.setHgrow(state, Priority.ALWAYS);
                HBox row = new HBox(10, name, bar, state);
                row.setAlignment(Pos.CENTER_LEFT);
                row.setPadding(new Insets(0, 0, 0, 4));
                Runnable update = () -> {
                    name.setGraphic(stateIcon(b.state()));
                    BinaryBuild running = b.binaries().stream().filter(x -> x.state() == PartState.RUNNING).findFirst().orElse(null);
                    bar.setVisible(b.state() == PackageBuild.State.RUNNING || b.state() == PackageBuild.State.BUILT);
                    bar.setProgress(b.state() == PackageBuild.State.BUILT ? 1
                            : running == null ? -1 : running.progressProperty().get());
                    row.setAccessibleText(b.name() + ": " + b.statusProperty().get());
                };
                b.stateProperty().addListener(o -> update.run());
                b.statusProperty().addListener(o -> update.run());
                b.binaries().forEach(x -> x.progressProperty().addListener(o -> update.run()));
                update.run();
                rows.add(row);
            }
            box.getChildren().setAll(rows);
        };
        vm.packageBuilds().addListener((ListChangeListener<PackageBuild>) c -> show.run());
        show.run();
        box.visibleProperty().bind(vm.severalPackagesProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private static Node stateIcon(PackageBuild.State s) {
        return switch (s) {
            case WAITING, NOT_RUN -> Icons.of(Icons.Glyph.STEP_PENDING);
            case RUNNING -> Icons.of(Icons.Glyph.START);
            case BUILT -> Icons.of(Icons.Glyph.OK, Css.OK);
            case FAILED -> Icons.of(Icons.Glyph.ERROR, Css.SEVERITY_ERROR);
            case CANCELLED -> Icons.of(Icons.Glyph.STOP, Css.SEVERITY_WARNING);
        };
    }

    private Node useExisting() {
        CheckBox useExisting = new MnemonicCheckBox("_Use existing binaries (skip the build)");
        useExisting.setId(ID_USE_EXISTING);
        useExisting.setMnemonicParsing(true);
        useExisting.setWrapText(true);
        useExisting.selectedProperty().bindBidirectional(vm.useExistingProperty());
        useExisting.disableProperty().bind(vm.busyProperty());
        Label existing = new Label();
        existing.textProperty().bind(vm.existingDescriptionProperty());
        existing.getStyleClass().add(Css.MUTED);
        existing.visibleProperty().bind(vm.useExistingProperty());
        existing.managedProperty().bind(existing.visibleProperty());
        existing.setWrapText(true);
        return new VBox(4, useExisting, existing);
    }

    private Node form() {
        ComboBox<String> toolset = new ComboBox<>(vm.toolsets());
        toolset.setId("build-toolset");
        toolset.setEditable(true);
        toolset.valueProperty().bindBidirectional(vm.toolsetProperty());
        toolset.setTooltip(new Tooltip("The MSVC toolset vcvarsall selects (-vcvars_ver). 14.44 is the one the guide verified."));
        toolset.setPrefWidth(150);
        Spinner<Integer> jobs = new Spinner<>(0, 256, vm.jobsProperty().get());
        jobs.setId("build-jobs");
        jobs.setEditable(true);
        jobs.setPrefWidth(100);
        JobsField.install(jobs);
        jobs.getValueFactory().valueProperty().addListener((o, was, now) -> vm.jobsProperty().set(now == null ? 0 : now));
        vm.jobsProperty().addListener((o, was, now) -> jobs.getValueFactory().setValue(now.intValue()));
        jobs.setTooltip(new Tooltip("Parallel compile jobs; auto lets the script choose."));
        TextField buildDir = new TextField();
        buildDir.setId("build-dir");
        buildDir.textProperty().bindBidirectional(vm.buildDirProperty());
        buildDir.setPrefColumnCount(24);
        // Several packages build each in its own track's folder (never two in one): shown, not edited here.
        buildDir.visibleProperty().bind(vm.severalPackagesProperty().not());
        buildDir.managedProperty().bind(buildDir.visibleProperty());
        Label eachOwn = new Label();
        eachOwn.textProperty().bind(Bindings.createStringBinding(() -> "one per package: "
                + String.join(", ", vm.packageBuilds().stream().map(b -> b.track() + " in " + b.plan().buildDir()).toList()) + " (never two builds in one folder).",
                vm.packageBuilds()));
        eachOwn.getStyleClass().add(Css.MUTED);
        eachOwn.setWrapText(true);
        eachOwn.visibleProperty().bind(vm.severalPackagesProperty());
        eachOwn.managedProperty().bind(eachOwn.visibleProperty());

        GridPane form = new GridPane();
        form.setHgap(10);
        form.setVgap(8);
        form.addRow(0, labelFor("MSVC _toolset:", toolset), toolset, labelFor("_Jobs:", jobs), jobs);
        form.addRow(1, labelFor("Build _folder:", buildDir), buildDir);
        GridPane.setColumnSpan(buildDir, 3);
        form.add(eachOwn, 1, 1);
        GridPane.setColumnSpan(eachOwn, 3);
        return form;
    }

    private Node toggles() {
        FlowPane toggles = new FlowPane(24, 6,
                toggle("hipBLASLt GEMM", vm.hipblasltProperty(), "build-hipblaslt"),
                toggle("HIP VMM", vm.vmmProperty(), "build-vmm"),
                toggle("Graphs", vm.graphsProperty(), "build-graphs"));
        toggles.setAlignment(Pos.CENTER_LEFT);
        return toggles;
    }

    /** The exact command lines, as wrapping text: no box of its own to catch the mouse wheel. */
    private Node commandLines() {
        VBox lines = new VBox(4);
        lines.setId(ID_COMMANDS);
        lines.getStyleClass().add(Css.COMMAND_LINE);
        lines.setAccessibleText("The command lines the build runs");
        Runnable show = () -> {
            List<Node> shown = new ArrayList<>();
            if (vm.commandLines().isEmpty()) {
                shown.add(StepPage.muted("The command lines appear once the checkout and the HIP SDK are known (step 1)."));
            }
            for (String c : vm.commandLines()) {
                Label l = new Label(c);
                l.setWrapText(true);
                l.getStyleClass().add(Css.MONO);
                shown.add(l);
            }
            lines.getChildren().setAll(shown);
        };
        vm.commandLines().addListener((ListChangeListener<String>) c -> show.run());
        show.run();
        Button copy = new Button("Copy", Icons.of(Icons.Glyph.COPY));
        copy.setId("build-copy-commands");
        copy.setMinWidth(Region.USE_PREF_SIZE);
        copy.setOnAction(e -> Clipboards.put(String.join(System.lineSeparator(), vm.commandLines())));
        HBox head = new HBox(10, StepPage.section("Command lines"), copy);
        head.setAlignment(Pos.CENTER_LEFT);
        return new VBox(4, head, lines);
    }

    private String elapsed() {
        Instant s = vm.startedAtProperty().get();
        if (s == null) {
            return "";
        }
        Instant e = vm.endedAtProperty().get() == null ? vm.clock().instant() : vm.endedAtProperty().get();
        return BinaryBuild.clock(s, e);
    }

    /** A binary's row: an icon for its state, its name, its own progress bar, and what it is doing. */
    private Node taskRow(BinaryBuild b) {
        Label name = new Label(b.binary());
        name.setMinWidth(150);
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(200);
        bar.setMinWidth(120);
        bar.progressProperty().bind(b.progressProperty());
        Label state = new Label();
        state.setId(ID_TASK_STATE_PREFIX + b.binary());
        state.getStyleClass().add(Css.MUTED);
        state.setMinWidth(Region.USE_PREF_SIZE);
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

    private static Label notice(String id, ObservableStringValue text, Icons.Glyph glyph, String style) {
        Label l = new Label();
        l.setId(id);
        l.textProperty().bind(text);
        l.setGraphic(Icons.of(glyph, style));
        l.setWrapText(true);
        l.visibleProperty().bind(Bindings.createBooleanBinding(() -> !text.get().isEmpty(), text));
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }

    private static ToggleSwitch toggle(String text, BooleanProperty p, String id) {
        ToggleSwitch t = new ToggleSwitch(text);
        t.setId(id);
        t.selectedProperty().bindBidirectional(p);
        return t;
    }

    private static Label labelFor(String text, Node control) {
        Label l = new Label(text);
        l.setMnemonicParsing(true);
        l.setLabelFor(control);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
