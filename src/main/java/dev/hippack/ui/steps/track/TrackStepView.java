package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FindingsPane;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.StepPage;
import dev.hippack.ui.wizard.StepId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SegmentedButton;

/** Step 2's nodes: presets, the hardware matrix, the live estimate and comparison, policy, findings. */
public final class TrackStepView {

    public static final String ID_PRESET_PREFIX = "track-preset-";
    public static final String ID_MATRIX = "arch-matrix";
    public static final String ID_TOTAL = "estimate-total";
    public static final String ID_ZIP = "estimate-zip";
    public static final String ID_SOURCE = "estimate-source";
    public static final String ID_ESTIMATE_CHART = "estimate-chart";
    public static final String ID_COMPARE_CHART = "compare-chart";
    public static final String ID_POLICY_DROP = "policy-drop";
    public static final String ID_POLICY_FILTERED = "policy-filtered";
    public static final String ID_FINDINGS = "track-findings";
    public static final String ID_SDK = "track-sdk";

    private static final List<String> COMPONENTS = List.of(
            "Executables", "HIP runtime", "Math DLLs", "CRT", "rocBLAS kernels", "hipBLASLt kernels");

    private final TrackStepViewModel vm;
    private final Node root;

    public TrackStepView(TrackStepViewModel vm) {
        this.vm = vm;
        VBox content = new VBox(10, presets(), matrix(), new HBox(12, estimateCard(), compareCard()), policy(),
                StepPage.section("Findings of the plan"),
                new FindingsPane(ID_FINDINGS, vm.findings(), "No rule finds a problem with this selection.").root());
        HBox charts = (HBox) content.getChildren().get(2);
        charts.getChildren().forEach(n -> HBox.setHgrow(n, Priority.ALWAYS));
        root = StepPage.scrolling(StepId.TRACK.viewId(), "Track and architectures",
                "Choose the ROCm track and the GPU architectures to ship. Every tick updates the size at once; "
                        + "the comparison shows the same selection on both tracks.", content);
    }

    public Node root() {
        return root;
    }

    private Node presets() {
        SegmentedButton seg = new SegmentedButton();
        List<String> ids = new ArrayList<>();
        for (Track t : vm.catalog().tracks()) {
            ids.add(t.id());
        }
        ids.add(ReleasePlan.CUSTOM_TRACK);
        for (String id : ids) {
            String text = vm.catalog().track(id).map(t -> "ROCm " + t.rocmVersion() + " (" + t.id() + ")").orElse("Custom");
            ToggleButton b = new ToggleButton(text);
            b.setId(ID_PRESET_PREFIX + id);
            b.setUserData(id);
            seg.getButtons().add(b);
        }
        seg.getToggleGroup().selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                // A segmented button must always have one choice: clicking the chosen one keeps it.
                seg.getToggleGroup().selectToggle(was);
            } else if (!now.getUserData().equals(vm.presetProperty().get())) {
                vm.presetProperty().set((String) now.getUserData());
            }
        });
        Runnable sync = () -> seg.getButtons().stream()
                .filter(b -> b.getUserData().equals(vm.presetProperty().get())).findFirst()
                .ifPresent(b -> b.setSelected(true));
        vm.presetProperty().addListener((o, was, now) -> sync.run());
        sync.run();

        ChoiceBox<Track> base = new ChoiceBox<>();
        base.setId("track-base");
        base.getItems().setAll(vm.catalog().tracks());
        base.setConverter(new StringConverter<>() {
            @Override
            public String toString(Track t) {
                return t == null ? "" : "on ROCm " + t.rocmVersion();
            }

            @Override
            public Track fromString(String s) {
                return null;
            }
        });
        base.valueProperty().bindBidirectional(vm.baseTrackProperty());
        base.visibleProperty().bind(vm.presetProperty().isEqualTo(ReleasePlan.CUSTOM_TRACK));
        base.managedProperty().bind(base.visibleProperty());
        base.setTooltip(new Tooltip("The ROCm version a custom selection is built against"));

        Label sdk = new Label();
        sdk.setId(ID_SDK);
        sdk.textProperty().bind(vm.sdkDescriptionProperty());
        sdk.setWrapText(true);
        sdk.getStyleClass().add(Css.MUTED);
        HBox row = new HBox(10, new Label("Track:"), seg, base);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, row, sdk);
    }

    private Node matrix() {
        TableView<ArchitectureRow> table = new TableView<>(vm.rows());
        table.setId(ID_MATRIX);
        table.getStyleClass().add(Css.MATRIX);
        table.setEditable(true);
        table.setFixedCellSize(26);
        table.prefHeightProperty().bind(Bindings.size(vm.rows()).multiply(26).add(32));
        table.setMinHeight(200);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);

        TableColumn<ArchitectureRow, Boolean> tick = new TableColumn<>("Ship");
        tick.setCellValueFactory(c -> c.getValue().selectedProperty());
        tick.setCellFactory(c -> new CheckBoxTableCell<>() {
            @Override
            public void updateItem(Boolean item, boolean empty) {
                super.updateItem(item, empty);
                ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
                // A blocked row may be unticked but not ticked.
                setEditable(r != null && (!r.isBlocked() || r.isSelected()));
                if (getGraphic() instanceof CheckBox cb && r != null) {
                    cb.setId("arch-tick-" + r.id());
                    cb.setAccessibleText("Ship " + r.id());
                }
            }
        });
        tick.setEditable(true);
        tick.setPrefWidth(50);
        tick.setMinWidth(50);
        tick.setMaxWidth(60);

        TableColumn<ArchitectureRow, String> id = text("GPU", ArchitectureRow::id, 96);
        TableColumn<ArchitectureRow, String> family = text("Family", ArchitectureRow::family, 82);
        TableColumn<ArchitectureRow, String> kind = text("Type", ArchitectureRow::kind, 84);
        TableColumn<ArchitectureRow, String> hw = text("Example hardware", ArchitectureRow::exampleHardware, 220);
        // The short columns keep their width; the hardware and "why blocked" texts give way.
        for (TableColumn<ArchitectureRow, String> c : List.of(id, family, kind)) {
            c.setMinWidth(c.getPrefWidth());
        }
        TableColumn<ArchitectureRow, Number> rb = mib("rocBLAS\nMiB", ArchitectureRow::rocblasMibProperty);
        TableColumn<ArchitectureRow, Number> lt = mib("hipBLASLt\nMiB", ArchitectureRow::hipblasltMibProperty);
        TableColumn<ArchitectureRow, Boolean> c6 = coverage("6.4", r -> r.coveredRocm6Property().get());
        TableColumn<ArchitectureRow, Boolean> c7 = coverage("7.1", r -> r.coveredRocm7Property().get());
        TableColumn<ArchitectureRow, String> why = new TableColumn<>("Why blocked");
        why.setCellValueFactory(c -> c.getValue().blockedReasonProperty());
        why.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null || s.isEmpty() ? null : s);
                setTooltip(empty || s == null || s.isEmpty() ? null : new Tooltip(s));
            }
        });
        why.setPrefWidth(260);

        table.getColumns().addAll(List.of(tick, id, family, kind, hw, rb, lt, c6, c7, why));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ArchitectureRow r, boolean empty) {
                super.updateItem(r, empty);
                getStyleClass().removeAll(Css.ROW_BLOCKED, Css.ROW_LOCAL);
                if (!empty && r != null) {
                    if (r.isBlocked()) {
                        getStyleClass().add(Css.ROW_BLOCKED);
                    } else if (r.isLocal()) {
                        getStyleClass().add(Css.ROW_LOCAL);
                    }
                }
            }
        });
        // Blocked state changes with the track: redraw rows and cells.
        vm.baseTrackProperty().addListener(o -> table.refresh());
        vm.allowRdna2Property().addListener(o -> table.refresh());
        return table;
    }

    private static TableColumn<ArchitectureRow, String> text(String title, java.util.function.Function<ArchitectureRow, String> f, double width) {
        TableColumn<ArchitectureRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(v -> new javafx.beans.property.ReadOnlyStringWrapper(f.apply(v.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : s);
                setGraphic(!empty && r != null && r.isLocal() && "GPU".equals(title) ? localMark() : null);
            }
        });
        c.setPrefWidth(width);
        return c;
    }

    private static Node localMark() {
        Node icon = Icons.of(Icons.Glyph.LOCAL_GPU, Css.SEVERITY_INFO);
        Tooltip.install(icon, new Tooltip("The GPU in this machine"));
        return icon;
    }

    private static TableColumn<ArchitectureRow, Number> mib(String title,
            java.util.function.Function<ArchitectureRow, javafx.beans.value.ObservableValue<Number>> f) {
        TableColumn<ArchitectureRow, Number> c = new TableColumn<>(title);
        c.setCellValueFactory(v -> f.apply(v.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Number n, boolean empty) {
                super.updateItem(n, empty);
                ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
                getStyleClass().remove(Css.APPROXIMATE);
                if (empty || n == null || r == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                boolean approx = r.sizesDerivedProperty().get() && n.doubleValue() > 0;
                setText(n.doubleValue() == 0 ? "none" : (approx ? "~" : "") + SizeText.mib(n.doubleValue()));
                if (approx) {
                    getStyleClass().add(Css.APPROXIMATE);
                }
                setTooltip(approx ? new Tooltip("Approximate: split out of the guide's total for this library") : null);
            }
        });
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        c.setPrefWidth(86);
        c.setMinWidth(86);
        return c;
    }

    private static TableColumn<ArchitectureRow, Boolean> coverage(String version, java.util.function.Predicate<ArchitectureRow> covered) {
        TableColumn<ArchitectureRow, Boolean> c = new TableColumn<>(version);
        c.setCellValueFactory(v -> new javafx.beans.property.ReadOnlyBooleanWrapper(covered.test(v.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Boolean b, boolean empty) {
                super.updateItem(b, empty);
                if (empty || b == null) {
                    setGraphic(null);
                    return;
                }
                Node icon = b ? Icons.of(Icons.Glyph.COVERED, Css.COVERAGE_YES) : Icons.of(Icons.Glyph.NOT_COVERED, Css.COVERAGE_NO);
                icon.setAccessibleText((b ? "covered" : "not covered") + " on ROCm " + version);
                setGraphic(icon);
                setAccessibleText((b ? "covered" : "not covered") + " on ROCm " + version);
            }
        });
        c.setStyle("-fx-alignment: CENTER;");
        c.setPrefWidth(50);
        c.setMaxWidth(60);
        c.setSortable(false);
        return c;
    }

    private Node estimateCard() {
        Label total = new Label();
        total.setId(ID_TOTAL);
        total.getStyleClass().add(Css.BIG_NUMBER);
        Label zip = new Label();
        zip.setId(ID_ZIP);
        Label source = new Label();
        source.setId(ID_SOURCE);
        source.getStyleClass().add(Css.MUTED);
        source.setWrapText(true);

        NumberAxis x = new NumberAxis();
        x.setLabel("MiB");
        CategoryAxis y = new CategoryAxis();
        StackedBarChart<Number, String> chart = new StackedBarChart<>(x, y);
        chart.setId(ID_ESTIMATE_CHART);
        chart.getStyleClass().add(Css.CHART);
        chart.setAnimated(false);
        chart.setLegendVisible(true);
        chart.setPrefHeight(190);
        chart.setMinHeight(170);
        chart.setCategoryGap(10);

        Runnable show = () -> {
            SizeBreakdown e = vm.estimateProperty().get();
            if (e == null) {
                total.setText("No estimate");
                zip.setText(vm.estimateProblemProperty().get());
                source.setText("");
                chart.getData().clear();
                return;
            }
            total.setText((e.approximate() ? "about " : "") + SizeText.of(e.totalBytes()));
            zip.setText("Zipped: " + SizeText.of(e.zipLowBytes()) + " to " + SizeText.of(e.zipHighBytes()));
            source.setText("measured".equals(e.source())
                    ? "Measured from the installed SDK's files."
                    : "From the catalog (the guide's measurements)" + (e.approximate() ? "; figures marked ~ are approximate." : "."));
            fill(chart, Map.of("This package", e));
            niceRange(x, SizeText.toMib(e.totalBytes()));
        };
        vm.estimateProperty().addListener(o -> show.run());
        vm.estimateProblemProperty().addListener(o -> show.run());
        show.run();

        VBox card = new VBox(4, StepPage.section("Package size"), total, zip, source, chart);
        card.getStyleClass().add(Css.CARD);
        card.setPrefWidth(420);
        return card;
    }

    private Node compareCard() {
        CategoryAxis x = new CategoryAxis();
        NumberAxis y = new NumberAxis();
        y.setLabel("MiB");
        StackedBarChart<String, Number> chart = new StackedBarChart<>(x, y);
        chart.setId(ID_COMPARE_CHART);
        chart.getStyleClass().add(Css.CHART);
        chart.setAnimated(false);
        chart.setPrefHeight(260);
        chart.setCategoryGap(40);
        Label note = StepPage.muted("");
        Runnable show = () -> {
            Map<String, SizeBreakdown> cmp = vm.comparisonProperty().get();
            chart.getData().clear();
            if (cmp.isEmpty()) {
                note.setText(vm.estimateProblemProperty().get());
                return;
            }
            List<XYChart.Series<String, Number>> series = new ArrayList<>();
            for (String component : COMPONENTS) {
                XYChart.Series<String, Number> s = new XYChart.Series<>();
                s.setName(component);
                for (Track t : vm.catalog().tracks()) {
                    SizeBreakdown b = cmp.get(t.id());
                    if (b != null) {
                        s.getData().add(new XYChart.Data<>(label(t, b), SizeText.toMib(bytesOf(b, component))));
                    }
                }
                series.add(s);
            }
            chart.getData().setAll(series);
            niceRange(y, cmp.values().stream().mapToDouble(b -> SizeText.toMib(b.totalBytes())).max().orElse(0));
            StringBuilder sb = new StringBuilder();
            for (Track t : vm.catalog().tracks()) {
                SizeBreakdown b = cmp.get(t.id());
                if (b != null) {
                    sb.append(sb.length() == 0 ? "" : "   ").append("ROCm ").append(t.rocmVersion()).append(": ")
                            .append(b.approximate() ? "about " : "").append(SizeText.of(b.totalBytes()));
                }
            }
            note.setText(sb.toString());
        };
        vm.comparisonProperty().addListener(o -> show.run());
        show.run();
        VBox card = new VBox(4, StepPage.section("Same selection on each track"), note, chart);
        card.setId("compare-card");
        card.getStyleClass().add(Css.CARD);
        card.setPrefWidth(420);
        return card;
    }

    /** A fixed axis of five round steps: auto-ranging crowds the labels (1,000 and 1,100 run together). */
    private static void niceRange(NumberAxis axis, double maxMib) {
        double step = 50;
        for (double s : new double[] {50, 100, 200, 250, 500, 1000}) {
            step = s;
            if (maxMib / s <= 6) {
                break;
            }
        }
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setUpperBound(Math.max(step, Math.ceil(maxMib / step) * step));
        axis.setTickUnit(step);
        axis.setMinorTickVisible(false);
    }

    private static String label(Track t, SizeBreakdown b) {
        return "ROCm " + t.rocmVersion();
    }

    private static long bytesOf(SizeBreakdown b, String component) {
        return b.segments().stream().filter(s -> s.component().equals(component)).mapToLong(SizeBreakdown.Segment::bytes).sum();
    }

    private static void fill(StackedBarChart<Number, String> chart, Map<String, SizeBreakdown> byCategory) {
        List<XYChart.Series<Number, String>> series = new ArrayList<>();
        for (String component : COMPONENTS) {
            XYChart.Series<Number, String> s = new XYChart.Series<>();
            s.setName(component);
            byCategory.forEach((cat, b) -> s.getData().add(new XYChart.Data<>(SizeText.toMib(bytesOf(b, component)), cat)));
            series.add(s);
        }
        chart.getData().setAll(series);
    }

    private Node policy() {
        ToggleButton filtered = new ToggleButton("Filtered to the targets");
        filtered.setId(ID_POLICY_FILTERED);
        filtered.setUserData(KernelPolicy.FILTERED);
        ToggleButton drop = new ToggleButton("Drop");
        drop.setId(ID_POLICY_DROP);
        drop.setUserData(KernelPolicy.DROP);
        SegmentedButton seg = new SegmentedButton(filtered, drop);
        seg.getToggleGroup().selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                seg.getToggleGroup().selectToggle(was);
            } else {
                vm.kernelPolicyProperty().set((KernelPolicy) now.getUserData());
            }
        });
        Runnable sync = () -> (vm.kernelPolicyProperty().get() == KernelPolicy.DROP ? drop : filtered).setSelected(true);
        vm.kernelPolicyProperty().addListener(o -> sync.run());
        sync.run();
        Label warning = new Label();
        warning.setId("policy-warning");
        warning.textProperty().bind(vm.policyWarningProperty());
        warning.setGraphic(Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        warning.visibleProperty().bind(vm.policyWarningProperty().isNotEmpty());
        warning.managedProperty().bind(warning.visibleProperty());
        warning.setWrapText(true);

        CheckBox rdna2 = new CheckBox("Allow RDNA2 (gfx103x) although hipBLASLt has no kernels for it");
        rdna2.setId("allow-rdna2");
        rdna2.selectedProperty().bindBidirectional(vm.allowRdna2Property());

        HBox row = new HBox(10, new Label("rocBLAS kernels:"), seg);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, StepPage.section("Options"), row, warning, rdna2);
    }
}
