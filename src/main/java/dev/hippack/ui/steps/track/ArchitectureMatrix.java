package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Track;
import dev.hippack.ui.common.Columns;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.SizeText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;

/**
 * The hardware matrix of the Track step: one row per architecture with its tick, facts, kernel
 * sizes on the chosen track and, per catalog track, whether that track has its GEMM kernels.
 * Below it, in full and wrapping: what the symbols mean, why the last click ticked nothing, and
 * every architecture that cannot ship on the chosen track with its reason.
 */
final class ArchitectureMatrix {

    static final String ID_TABLE = "arch-matrix";
    static final String ID_NOTICE = "arch-tick-notice";
    static final String ID_BLOCKED = "arch-blocked-reasons";
    /** Followed by a track id: that track's coverage column. */
    static final String ID_COVERAGE_PREFIX = "arch-coverage-";
    private static final double ROW_HEIGHT = 26;

    private final TrackStepViewModel vm;
    private final TableView<ArchitectureRow> table;
    private final VBox blockedList = new VBox(4);
    private final VBox root;

    ArchitectureMatrix(TrackStepViewModel vm) {
        this.vm = vm;
        table = buildTable();

        Label legend = new Label("Under ROCm: a tick when that track's hipBLASLt has GEMM kernels for the architecture. "
                + "\"none\" under a size: that library has no kernels for it. \"~\": split out of the guide's total "
                + "for the library, so approximate. With all tracks, a size adds up every package that ships the architecture.");
        legend.getStyleClass().add(Css.MUTED);
        legend.setWrapText(true);
        legend.setId("arch-legend");

        Label notice = new Label();
        notice.setId(ID_NOTICE);
        notice.setGraphic(Icons.of(Icons.Glyph.WARNING, Css.SEVERITY_WARNING));
        notice.textProperty().bind(vm.tickNoticeProperty());
        notice.setWrapText(true);
        notice.visibleProperty().bind(vm.tickNoticeProperty().isNotEmpty());
        notice.managedProperty().bind(notice.visibleProperty());

        blockedList.setId(ID_BLOCKED);
        vm.rows().forEach(r -> r.blockedReasonProperty().addListener(o -> showBlocked()));
        vm.presetProperty().addListener(o -> showBlocked());
        vm.baseTrackProperty().addListener(o -> showBlocked());
        showBlocked();

        root = new VBox(6, table, legend, notice, blockedList);
    }

    Node root() {
        return root;
    }

    TableView<ArchitectureRow> table() {
        return table;
    }

    private TableView<ArchitectureRow> buildTable() {
        TableView<ArchitectureRow> t = new TableView<>(vm.rows());
        t.setId(ID_TABLE);
        t.getStyleClass().add(Css.MATRIX);
        t.setFixedCellSize(ROW_HEIGHT);
        // Every row shows: the matrix is the step's main content and is short.
        t.prefHeightProperty().bind(Bindings.size(vm.rows()).multiply(ROW_HEIGHT).add(56));
        t.minHeightProperty().bind(t.prefHeightProperty());
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_ALL_COLUMNS);
        t.setAccessibleText("GPU architectures to ship");

        TableColumn<ArchitectureRow, Boolean> tick = new TableColumn<>("Ship");
        tick.setCellValueFactory(c -> c.getValue().selectedProperty());
        tick.setCellFactory(c -> new TickCell());
        Columns.fixed(tick, 52);
        tick.setSortable(false);

        TableColumn<ArchitectureRow, String> gpu = text("GPU", ArchitectureRow::id);
        gpu.setCellFactory(c -> new GpuCell());
        Columns.fixed(gpu, 104);
        TableColumn<ArchitectureRow, String> family = text("Family", r -> r.family() + " " + r.kind());
        Columns.fixed(family, 152);
        TableColumn<ArchitectureRow, String> hw = new TableColumn<>();
        hw.setCellValueFactory(v -> new ReadOnlyStringWrapper(v.getValue().exampleHardware()));
        Label hwHeader = new Label("Hardware");
        hwHeader.setTooltip(new Tooltip("Example graphics cards and processors with this architecture"));
        hw.setGraphic(hwHeader);
        hw.setCellFactory(c -> new HardwareCell());
        hw.setMinWidth(110);
        hw.setPrefWidth(240);
        TableColumn<ArchitectureRow, Number> rb = mib("rocBLAS\nMiB", ArchitectureRow::rocblasMibProperty);
        TableColumn<ArchitectureRow, Number> lt = mib("hipBLASLt\nMiB", ArchitectureRow::hipblasltMibProperty);

        // One coverage column per catalog track: a new track is a catalog change, not code here.
        TableColumn<ArchitectureRow, Boolean> rocm = new TableColumn<>("ROCm");
        rocm.setId("arch-coverage");
        for (Track track : vm.catalog().tracks()) {
            rocm.getColumns().add(coverage(track));
        }
        t.getColumns().addAll(List.of(tick, gpu, family, rb, lt, rocm, hw));
        // The hardware text gives way first; it is data and has its tooltip.
        t.getColumns().forEach(c -> c.setReorderable(false));

        t.setRowFactory(v -> new TableRow<>() {
            @Override
            protected void updateItem(ArchitectureRow r, boolean empty) {
                super.updateItem(r, empty);
                getStyleClass().removeAll(Css.ROW_BLOCKED, Css.ROW_LOCAL);
                setTooltip(null);
                if (!empty && r != null) {
                    if (r.isBlocked()) {
                        getStyleClass().add(Css.ROW_BLOCKED);
                        setTooltip(new Tooltip(r.blockedReasonProperty().get()));
                    } else if (r.isLocal()) {
                        getStyleClass().add(Css.ROW_LOCAL);
                    }
                }
            }
        });
        // Space on a selected row ticks it, as on its box.
        t.setOnKeyPressed(e -> {
            ArchitectureRow r = t.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.SPACE && r != null) {
                vm.toggle(r);
                e.consume();
            }
        });
        // What can ship changes with the track: redraw, and drop a selection made on the other track.
        vm.baseTrackProperty().addListener(o -> {
            t.getSelectionModel().clearSelection();
            t.refresh();
        });
        vm.allowRdna2Property().addListener(o -> t.refresh());
        return t;
    }

    /** Groups the chosen track's blocked architectures by reason, each reason once and in full. */
    private void showBlocked() {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (ArchitectureRow r : vm.rows()) {
            if (r.isBlocked()) {
                byReason.computeIfAbsent(r.blockedReasonProperty().get(), k -> new ArrayList<>()).add(r.id());
            }
        }
        List<Node> lines = new ArrayList<>();
        if (!byReason.isEmpty()) {
            Label head = new Label(vm.allTracks() ? "Cannot ship on any track:"
                    : "Cannot ship on ROCm " + vm.baseTrackProperty().get().rocmVersion() + ":");
            head.getStyleClass().add(Css.CARD_TITLE);
            lines.add(head);
        }
        byReason.forEach((reason, ids) -> {
            Label l = new Label(String.join(", ", ids) + ": " + reason, Icons.of(Icons.Glyph.STEP_BLOCKED, Css.MUTED));
            l.setWrapText(true);
            l.setId("arch-blocked-" + ids.get(0));
            lines.add(l);
        });
        blockedList.getChildren().setAll(lines);
    }


    private static TableColumn<ArchitectureRow, String> text(String title, Function<ArchitectureRow, String> f) {
        TableColumn<ArchitectureRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(v -> new ReadOnlyStringWrapper(f.apply(v.getValue())));
        return c;
    }

    private static TableColumn<ArchitectureRow, Number> mib(String title, Function<ArchitectureRow, ObservableValue<Number>> f) {
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
                boolean none = n.doubleValue() == 0;
                boolean approx = r.sizesDerivedProperty().get() && !none;
                setText(none ? "none" : (approx ? "~" : "") + SizeText.mib(n.doubleValue()));
                if (approx) {
                    getStyleClass().add(Css.APPROXIMATE);
                }
                setTooltip(new Tooltip(none ? "This library has no kernels for " + r.id() + " on the chosen track."
                        : approx ? "Approximate: split out of the guide's total for this library."
                        : SizeText.mib(n.doubleValue()) + " MiB of kernels for " + r.id() + "."));
            }
        });
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        Columns.fixed(c, 84);
        c.setSortable(false);
        return c;
    }

    private TableColumn<ArchitectureRow, Boolean> coverage(Track track) {
        TableColumn<ArchitectureRow, Boolean> c = new TableColumn<>();
        Label header = new Label(track.rocmVersion());
        header.setTooltip(new Tooltip("Whether hipBLASLt in ROCm " + track.rocmVersion() + " (the " + track.id()
                + " track) has GEMM kernels for the architecture"));
        c.setGraphic(header);
        c.setId(ID_COVERAGE_PREFIX + track.id());
        c.setUserData(track.id());
        c.setCellValueFactory(v -> new ReadOnlyBooleanWrapper(v.getValue().coveredOn(track.id())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Boolean b, boolean empty) {
                super.updateItem(b, empty);
                if (empty || b == null) {
                    setGraphic(null);
                    setAccessibleText(null);
                    return;
                }
                String said = (b ? "covered" : "not covered") + " on ROCm " + track.rocmVersion();
                Node icon = b ? Icons.of(Icons.Glyph.COVERED, Css.COVERAGE_YES) : Icons.of(Icons.Glyph.NOT_COVERED, Css.COVERAGE_NO);
                icon.setAccessibleText(said);
                setGraphic(icon);
                setAccessibleText(said);
            }
        });
        c.setStyle("-fx-alignment: CENTER;");
        Columns.fixed(c, 56);
        c.setSortable(false);
        return c;
    }

    /** The tick: a click on a row that cannot ship ticks nothing and says why below the matrix. */
    private final class TickCell extends TableCell<ArchitectureRow, Boolean> {
        private final CheckBox box = new CheckBox();

        TickCell() {
            setAlignment(Pos.CENTER);
            box.setOnAction(e -> {
                ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
                if (r != null) {
                    vm.toggle(r);
                    box.setSelected(r.isSelected());
                    getTableView().getSelectionModel().select(r);
                }
            });
        }

        @Override
        protected void updateItem(Boolean selected, boolean empty) {
            super.updateItem(selected, empty);
            ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
            if (empty || r == null) {
                setGraphic(null);
                return;
            }
            box.setSelected(Boolean.TRUE.equals(selected));
            box.setId("arch-tick-" + r.id());
            box.setAccessibleText("Ship " + r.id() + (r.isBlocked() ? ", cannot ship on this track" : ""));
            box.getStyleClass().remove(Css.ROW_BLOCKED);
            if (r.isBlocked() && !r.isSelected()) {
                box.getStyleClass().add(Css.ROW_BLOCKED);
            }
            setGraphic(box);
        }
    }

    /** The architecture id, with a mark for the GPU in this machine and a lock for a row that cannot ship. */
    private static final class GpuCell extends TableCell<ArchitectureRow, String> {
        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            ArchitectureRow r = getTableRow() == null ? null : getTableRow().getItem();
            setText(empty ? null : s);
            if (empty || r == null) {
                setGraphic(null);
            } else if (r.isBlocked()) {
                setGraphic(Icons.of(Icons.Glyph.STEP_BLOCKED, Css.MUTED));
            } else if (r.isLocal()) {
                Node icon = Icons.of(Icons.Glyph.LOCAL_GPU, Css.SEVERITY_INFO);
                Tooltip.install(icon, new Tooltip("The GPU in this machine"));
                setGraphic(icon);
            } else {
                setGraphic(null);
            }
        }
    }

    /** Example hardware is data of any length: it may be cut, and its tooltip has it whole. */
    private static final class HardwareCell extends TableCell<ArchitectureRow, String> {
        HardwareCell() {
            getStyleClass().add(Css.MAY_ELIDE);
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            setText(empty ? null : s);
            setTooltip(empty || s == null ? null : new Tooltip(s));
        }
    }
}
