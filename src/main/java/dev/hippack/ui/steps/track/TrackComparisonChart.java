package dev.hippack.ui.steps.track;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.SizeText;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The package size by component on every catalog track, for the same selection: a stacked bar
 * per track and, beside it, the figures themselves (the chart's legend, with values). A track's
 * bar counts only what that track can ship; its column says what it leaves out.
 */
final class TrackComparisonChart {

    static final String ID_CHART = "compare-chart";
    static final String ID_TABLE = "compare-table";

    private final TrackStepViewModel vm;
    private final CategoryAxis x = new CategoryAxis();
    private final NumberAxis y = new NumberAxis();
    private final StackedBarChart<String, Number> chart = new StackedBarChart<>(x, y);
    private final GridPane table = new GridPane();
    private final Label note = new Label();
    private final VBox root;

    TrackComparisonChart(TrackStepViewModel vm) {
        this.vm = vm;
        y.setLabel("MiB");
        chart.setId(ID_CHART);
        chart.getStyleClass().add(Css.CHART);
        chart.setAnimated(false);
        chart.setLegendVisible(false);
        chart.setPrefHeight(250);
        chart.setMinHeight(200);
        chart.setPrefWidth(300);
        chart.setMinWidth(220);
        chart.setCategoryGap(30);
        table.setId(ID_TABLE);
        table.setHgap(12);
        table.setVgap(3);
        note.getStyleClass().add(Css.MUTED);
        note.setWrapText(true);

        HBox.setHgrow(chart, Priority.ALWAYS);
        HBox body = new HBox(16, table, chart);
        body.setAlignment(Pos.TOP_LEFT);
        Label title = new Label();
        title.textProperty().bind(vm.presetProperty().map(p -> TrackStepViewModel.ALL_TRACKS.equals(p)
                ? "Each package's size by component" : "Package size by component, same selection on each track"));
        title.getStyleClass().add(Css.SECTION_TITLE);
        title.setWrapText(true);
        root = new VBox(6, title, body, note);
        root.setId("compare-card");
        root.getStyleClass().add(Css.CARD);

        vm.comparisonProperty().addListener(o -> show());
        show();
    }

    Node root() {
        return root;
    }

    StackedBarChart<String, Number> chart() {
        return chart;
    }

    private void show() {
        List<TrackComparison> cmp = vm.comparisonProperty().get();
        chart.getData().clear();
        table.getChildren().clear();
        table.getColumnConstraints().clear();
        if (cmp.isEmpty()) {
            note.setText(vm.estimateProblemProperty().get());
            return;
        }
        // The components as the estimator lists them: a new one shows up without code here.
        List<String> components = cmp.get(0).estimate().segments().stream().map(SizeBreakdown.Segment::component).toList();
        List<XYChart.Series<String, Number>> series = new ArrayList<>();
        for (String component : components) {
            XYChart.Series<String, Number> s = new XYChart.Series<>();
            s.setName(component);
            for (TrackComparison c : cmp) {
                s.getData().add(new XYChart.Data<>(category(c), SizeText.toMib(bytesOf(c.estimate(), component))));
            }
            series.add(s);
        }
        chart.getData().setAll(series);
        niceRange(y, cmp.stream().mapToDouble(c -> SizeText.toMib(c.estimate().totalBytes())).max().orElse(0));

        table.getColumnConstraints().add(new ColumnConstraints());
        table.add(head(""), 0, 0);
        for (int col = 0; col < cmp.size(); col++) {
            TrackComparison c = cmp.get(col);
            ColumnConstraints cc = new ColumnConstraints();
            cc.setHalignment(HPos.RIGHT);
            table.getColumnConstraints().add(cc);
            Label h = head("ROCm " + c.track().rocmVersion() + (vm.allTracks() ? " (" + c.track().id() + ")" : c.chosen() ? " (chosen)" : ""));
            h.setId("compare-head-" + c.track().id());
            table.add(h, col + 1, 0);
        }
        for (int row = 0; row < components.size(); row++) {
            String component = components.get(row);
            Region swatch = new Region();
            swatch.getStyleClass().addAll(Css.SWATCH, Css.SWATCH + "-" + (row % 8));
            Label name = new Label(component, swatch);
            name.setMinWidth(Label.USE_PREF_SIZE);
            table.add(name, 0, row + 1);
            for (int col = 0; col < cmp.size(); col++) {
                table.add(value(SizeText.of(bytesOf(cmp.get(col).estimate(), component))), col + 1, row + 1);
            }
        }
        Label totalName = head("Total");
        table.add(totalName, 0, components.size() + 1);
        for (int col = 0; col < cmp.size(); col++) {
            SizeBreakdown b = cmp.get(col).estimate();
            Label t = head((b.approximate() ? "~" : "") + SizeText.of(b.totalBytes()));
            t.setId("compare-total-" + cmp.get(col).track().id());
            table.add(t, col + 1, components.size() + 1);
        }
        List<String> left = new ArrayList<>();
        for (TrackComparison c : cmp) {
            if (!c.excluded().isEmpty()) {
                left.add("ROCm " + c.track().rocmVersion() + " has no kernels for " + String.join(", ", c.excluded())
                        + ", so its figures leave " + (c.excluded().size() == 1 ? "it" : "them") + " out");
            }
        }
        note.setText(left.isEmpty() ? "" : String.join("; ", left) + ".");
    }

    /** The bar's category: the track's ROCm version, marked when it leaves ticked architectures out. */
    private static String category(TrackComparison c) {
        return "ROCm " + c.track().rocmVersion() + (c.excluded().isEmpty() ? "" : " *");
    }

    private static Label head(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Css.CARD_TITLE);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private static Label value(String text) {
        Label l = new Label(text);
        l.setMinWidth(Label.USE_PREF_SIZE);
        return l;
    }

    private static long bytesOf(SizeBreakdown b, String component) {
        return b.segments().stream().filter(s -> s.component().equals(component)).mapToLong(SizeBreakdown.Segment::bytes).sum();
    }

    /** A fixed axis of a few round steps: auto-ranging crowds the labels (1,000 and 1,100 run together). */
    private static void niceRange(NumberAxis axis, double maxMib) {
        double step = 50;
        for (double s : new double[] {50, 100, 200, 250, 500, 1000}) {
            step = s;
            if (maxMib / s <= 5) {
                break;
            }
        }
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setUpperBound(Math.max(step, Math.ceil(maxMib / step) * step));
        axis.setTickUnit(step);
        axis.setMinorTickVisible(false);
    }
}
