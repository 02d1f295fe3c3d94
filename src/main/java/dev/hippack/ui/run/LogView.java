package dev.hippack.ui.run;

import dev.hippack.core.progress.LogLine;
import dev.hippack.ui.common.Clipboards;
import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.Icons;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.animation.Animation;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.css.PseudoClass;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.controlsfx.control.textfield.CustomTextField;
import org.controlsfx.control.textfield.TextFields;

/**
 * Shows a {@link LogBuffer}: a virtualized list with a fixed cell height (so a long log costs
 * only the visible rows), a colour per level, a filter with a clear button, "problems only",
 * copy, and "open the log file". Every 50 ms it flushes the buffer in one batch; it follows the
 * end only while the user is at the bottom, so scrolling up to read is never interrupted.
 */
public final class LogView {

    public static final String ID_LIST = "log-list";
    public static final String ID_FILTER = "log-filter";
    public static final String ID_COPY = "log-copy";
    public static final String ID_OPEN = "log-open";
    public static final String ID_PROBLEMS = "log-problems";
    public static final String ID_COUNT = "log-count";

    private static final double CELL_HEIGHT = 18;
    private static final int[] REHEARSAL_DIVISORS = {20, 5, 2, 1, 1, 1, 1, 1};
    private static final int REHEARSAL_STEPS = REHEARSAL_DIVISORS.length;
    /** Printable ASCII, so the rehearsal measures and paints text like a real line. */
    private static final LogLine REHEARSAL_LINE = new LogLine(Instant.EPOCH, LogLine.Level.INFO, LogLine.Source.STDOUT,
            IntStream.rangeClosed(' ', '~').collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString());

    private final LogBuffer buffer;
    private final ListView<LogLine> list = new ListView<>();
    private FilteredList<LogLine> filtered;
    private final Label count = new Label();
    private final VBox root;
    private final Timeline pump;
    private ScrollBar vertical;
    /** Whether new lines scroll into view: true until the user scrolls away from the end. */
    private boolean follow = true;
    private volatile boolean rehearsed;

    public LogView(LogBuffer buffer, FileOpener opener) {
        this(buffer, opener, buffer::file);
    }

    /** @param logFile the file holding the whole log (the buffer's own, or the one the engine writes) */
    public LogView(LogBuffer buffer, FileOpener opener, Supplier<Path> logFile) {
        this.buffer = buffer;
        list.setId(ID_LIST);
        list.getStyleClass().add(Css.LOG_VIEW);
        list.setFixedCellSize(CELL_HEIGHT);
        list.setItems(buffer.lines());
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setCellFactory(l -> new LineCell());
        list.setAccessibleText("Build log");
        list.setPlaceholder(new Label("No output yet."));
        VBox.setVgrow(list, Priority.ALWAYS);

        CustomTextField filter = (CustomTextField) TextFields.createClearableTextField();
        filter.setId(ID_FILTER);
        filter.setPromptText("Filter the log");
        filter.setLeft(Icons.of(Icons.Glyph.SEARCH));
        filter.setPrefColumnCount(24);
        filter.setAccessibleText("Filter the log");

        ToggleButton problems = new ToggleButton("Problems only", Icons.of(Icons.Glyph.WARNING));
        problems.setId(ID_PROBLEMS);
        problems.setTooltip(new Tooltip("Show only warnings and errors"));

        filter.textProperty().addListener((o, was, now) -> applyFilter(now, problems.isSelected()));
        problems.selectedProperty().addListener((o, was, now) -> applyFilter(filter.getText(), now));

        Button copy = new Button("Copy", Icons.of(Icons.Glyph.COPY));
        copy.setId(ID_COPY);
        copy.setTooltip(new Tooltip("Copy the selected lines, or every shown line when none is selected"));
        copy.setOnAction(e -> copy());

        Button open = new Button("Open log file", Icons.of(Icons.Glyph.OPEN_FILE));
        open.setId(ID_OPEN);
        open.setTooltip(new Tooltip("The whole log, including lines no longer shown here"));
        open.setOnAction(e -> {
            Path f = logFile.get();
            if (f != null) {
                opener.open(f);
            }
        });
        open.setDisable(true);

        count.setId(ID_COUNT);
        count.getStyleClass().add(Css.MUTED);
        // The filter field gives way; the buttons and the count keep their words.
        count.setMinWidth(Region.USE_PREF_SIZE);
        for (ButtonBase b : List.of(problems, copy, open)) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        filter.setMinWidth(120);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, filter, problems, spacer, count, copy, open);
        bar.setAlignment(Pos.CENTER_LEFT);

        // Only the user's own scrolling decides whether to follow the end: after any wheel,
        // drag or key, follow again exactly when the view is at the bottom.
        list.addEventFilter(ScrollEvent.SCROLL, e -> Platform.runLater(this::userScrolled));
        list.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> Platform.runLater(this::userScrolled));
        list.addEventFilter(KeyEvent.KEY_RELEASED, e -> Platform.runLater(this::userScrolled));

        root = new VBox(6, bar, list);
        VBox.setVgrow(root, Priority.ALWAYS);

        // Prepare the list as soon as it has a height, while the view is idle: otherwise the
        // first batch of a fast build pays, in one pulse, for creating and styling every visible
        // cell and for running the list's code paths cold (measured at 150-300 ms with no rehearsal).
        list.heightProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Number> o, Number was, Number now) {
                if (now.doubleValue() > 0) {
                    list.heightProperty().removeListener(this);
                    prepare();
                }
            }
        });

        pump = new Timeline(new KeyFrame(Duration.millis(50), e -> {
            open.setDisable(logFile.get() == null);
            flush();
        }));
        pump.setCycleCount(Animation.INDEFINITE);
        pump.play();
        // A log taken off the window (another plan's, replaced) stops drawing; shown again, it goes on.
        root.sceneProperty().addListener((o, was, now) -> {
            if (now == null) {
                pump.stop();
            } else {
                pump.play();
            }
        });
    }

    public Node root() {
        return root;
    }

    public ListView<LogLine> listView() {
        return list;
    }

    /** Moves the buffered lines on screen now (the timer does it every 50 ms). */
    public void flush() {
        int added = buffer.flush();
        if (added == 0) {
            return;
        }
        showCount();
        if (follow && !list.getItems().isEmpty()) {
            list.scrollTo(list.getItems().size() - 1);
        }
    }

    /**
     * Rehearses a flood before the first real line, one step per pulse so the window never
     * waits on it: a scratch buffer of the same capacity takes full-size batches through the same
     * code (offer, flush, follow the end, lay out), the last step also paints them off screen
     * (a snapshot, which fills the glyph cache), and each step hands the list back to the real
     * buffer. The cells stay in the list's pile for the real lines. Stops as soon as real lines
     * arrive or a filter is set.
     */
    private void prepare() {
        new AnimationTimer() {
            private int step;

            @Override
            public void handle(long now) {
                boolean idle = buffer.lines().isEmpty() && buffer.queued() == 0
                        && list.getItems() == buffer.lines() && list.getScene() != null;
                if (!idle || step == REHEARSAL_STEPS) {
                    stop();
                    rehearsed = true;
                    return;
                }
                // Growing batches: the first steps run cold code, so they get less to do.
                int lines = Math.max(1, buffer.capacity() / REHEARSAL_DIVISORS[step]);
                step++;
                rehearse(lines, step == REHEARSAL_STEPS);
            }
        }.start();
    }

    private void rehearse(int lines, boolean paint) {
        try (LogBuffer scratch = new LogBuffer(buffer.capacity())) {
            list.setItems(scratch.lines());
            for (int i = 0; i < lines; i++) {
                scratch.offer(REHEARSAL_LINE);
            }
            scratch.flush();
            list.scrollTo(scratch.lines().size() - 1);
            list.layout();
            if (paint) {
                list.snapshot(null, null);
            }
        } finally {
            list.setItems(buffer.lines());
            list.layout();
        }
    }

    public void stop() {
        pump.stop();
    }

    private void userScrolled() {
        // A key (Home, End, Page Up) moves the view in the next layout: apply it before asking.
        list.layout();
        follow = atBottom();
    }

    /** Whether the rehearsal before the first real line has ended (tests wait for it). */
    boolean rehearsed() {
        return rehearsed;
    }

    /** Whether new lines are scrolled into view (the user has not scrolled away from the end). */
    public boolean following() {
        return follow;
    }

    private boolean atBottom() {
        if (vertical == null) {
            for (Node n : list.lookupAll(".scroll-bar")) {
                if (n instanceof ScrollBar sb && sb.getOrientation() == Orientation.VERTICAL) {
                    vertical = sb;
                }
            }
        }
        // No scroll bar yet (few lines) or an invisible one: the end is in view.
        return vertical == null || !vertical.isVisible() || vertical.getValue() >= vertical.getMax() - 0.01 * (vertical.getMax() - vertical.getMin());
    }

    /** "240 lines", or with a filter "12 of 240 lines match": the count always says what is shown. */
    private void showCount() {
        long dropped = buffer.droppedFromScreen();
        String total = buffer.lines().size() + " lines" + (dropped > 0 ? " (" + dropped + " older lines only in the log file)" : "");
        count.setText(filtered == null ? total : filtered.size() + " of " + total + " match");
    }

    private void applyFilter(String text, boolean problemsOnly) {
        String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (needle.isEmpty() && !problemsOnly) {
            // Unfiltered, the list shows the buffer itself: no per-batch filtering cost.
            list.setItems(buffer.lines());
            filtered = null;
            showCount();
            return;
        }
        if (filtered == null) {
            filtered = new FilteredList<>(buffer.lines());
        }
        Predicate<LogLine> p = l -> (!problemsOnly || l.level() == LogLine.Level.WARN || l.level() == LogLine.Level.ERROR)
                && (needle.isEmpty() || l.text().toLowerCase(Locale.ROOT).contains(needle));
        filtered.setPredicate(p);
        list.setItems(filtered);
        showCount();
    }

    private void copy() {
        ObservableList<LogLine> selected = list.getSelectionModel().getSelectedItems();
        List<LogLine> lines = selected.isEmpty() ? list.getItems() : selected;
        Clipboards.put(lines.stream().map(LogBuffer::format).collect(Collectors.joining(System.lineSeparator())));
    }

    private static final class LineCell extends ListCell<LogLine> {
        private static final PseudoClass DEBUG = PseudoClass.getPseudoClass(Css.LOG_DEBUG);
        private static final PseudoClass WARN = PseudoClass.getPseudoClass(Css.LOG_WARN);
        private static final PseudoClass ERROR = PseudoClass.getPseudoClass(Css.LOG_ERROR);

        @Override
        protected void updateItem(LogLine line, boolean empty) {
            super.updateItem(line, empty);
            LogLine.Level level = empty || line == null ? null : line.level();
            pseudoClassStateChanged(DEBUG, level == LogLine.Level.DEBUG);
            pseudoClassStateChanged(WARN, level == LogLine.Level.WARN);
            pseudoClassStateChanged(ERROR, level == LogLine.Level.ERROR);
            setText(level == null ? null : line.text());
        }
    }
}
