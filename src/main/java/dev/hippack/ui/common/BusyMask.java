package dev.hippack.ui.common;

import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.Observable;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableNumberValue;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * A cover over a page while its job runs: a card saying what runs and, while the job has said how
 * far it is, a bar of its progress. It takes the clicks meant for the page under it.
 *
 * <p>The bar is shown only while the progress is known, and made when it first is: a bar that
 * knows nothing says no more than the words, and the first window, shown while the first
 * detection starts, would style, lay out and draw it for nothing (docs/design.md §10.2). A plain
 * card, not ControlsFX's masker with its spinner of animated regions, for the same reason (§10.3).
 */
public final class BusyMask {

    private final StackPane root = new StackPane();
    private final Label text = new Label();
    private final ObservableNumberValue progress;

    /**
     * @param id the cover's node id
     * @param words what runs, as the user reads it
     * @param progress from 0 to 1, or negative while unknown
     * @param busy whether the cover is shown
     */
    public BusyMask(String id, ObservableStringValue words, ObservableNumberValue progress, ObservableBooleanValue busy) {
        root.setId(id);
        root.getStyleClass().add(Css.BUSY_MASK);
        text.textProperty().bind(words);
        text.setWrapText(true);
        text.getStyleClass().add(Css.BUSY_TEXT);
        this.progress = progress;
        VBox card = new VBox(10, text);
        card.getStyleClass().addAll(Css.CARD, Css.BUSY_CARD);
        card.setAlignment(Pos.CENTER_LEFT);
        card.setMaxSize(360, StackPane.USE_PREF_SIZE);
        root.getChildren().add(card);
        root.visibleProperty().bind(busy);
        progress.addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (busy.get() && progress.doubleValue() >= 0) {
                    o.removeListener(this);
                    card.getChildren().add(bar());
                }
            }
        });
        // Clicks on the cover stay there: the page under it is being replaced.
        root.setPickOnBounds(true);
    }

    public Node root() {
        return root;
    }

    private ProgressBar bar() {
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(progress);
        bar.visibleProperty().bind(Bindings.greaterThanOrEqual(progress, 0));
        bar.managedProperty().bind(bar.visibleProperty());
        bar.setPrefWidth(280);
        bar.setMaxWidth(Double.MAX_VALUE);
        return bar;
    }
}
