package dev.hippack.ui.common;

import dev.hippack.core.finding.Severity;
import javafx.animation.PauseTransition;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.util.Duration;

/**
 * A notice over the top of the step: its icon, its words (wrapped at the window's width, never
 * cut short), and a button that dismisses it; it goes by itself after {@link #readingTime}.
 *
 * <p>Its nodes are made when the first notice is shown: the first window has no notice, so it
 * should not style and lay out a hidden one, as ControlsFX's {@code NotificationPane} did
 * (docs/design.md §10.2).
 */
public final class NoticeBar {

    /** The bar's width not given to its words: its padding, the icon, the gaps and the dismiss button. */
    private static final double MARGIN = 110;

    private final StackPane area;
    private final String id;
    private final PauseTransition timer = new PauseTransition();
    private HBox bar;
    private Text words;

    /**
     * @param area the step's area, which the bar covers the top of
     * @param id the bar's node id (its dismiss button's is {@code id + "-dismiss"})
     */
    public NoticeBar(StackPane area, String id) {
        this.area = area;
        this.id = id;
        timer.setOnFinished(e -> hide());
    }

    /** How long a notice stays: 8 s, or about 15 characters a second for a longer one, at most 20 s. */
    public static Duration readingTime(String words) {
        return Duration.seconds(Math.min(20, Math.max(8, words.length() / 15.0)));
    }

    public void show(Notifier.Notice notice) {
        if (bar == null) {
            build();
        }
        Node icon = Icons.of(switch (notice.severity()) {
            case ERROR -> Icons.Glyph.ERROR;
            case WARNING -> Icons.Glyph.WARNING;
            case INFO -> Icons.Glyph.OK;
        }, notice.severity() == Severity.ERROR ? Css.SEVERITY_ERROR
                : notice.severity() == Severity.WARNING ? Css.SEVERITY_WARNING : Css.OK);
        String text = notice.title() + ": " + notice.text();
        bar.getChildren().set(0, icon);
        words.setText(text);
        // What a screen reader says of the bar.
        bar.setAccessibleText(text);
        bar.setVisible(true);
        timer.setDuration(readingTime(text));
        timer.playFromStart();
    }

    public void hide() {
        timer.stop();
        if (bar != null) {
            bar.setVisible(false);
        }
    }

    public boolean isShowing() {
        return bar != null && bar.isVisible();
    }

    /** The words shown now, or null when no notice was ever shown. */
    public String text() {
        return words == null ? null : words.getText();
    }

    private void build() {
        words = new Text();
        words.getStyleClass().add(Css.NOTICE_TEXT);
        words.wrappingWidthProperty().bind(area.widthProperty().subtract(MARGIN));
        Button dismiss = new Button(null, Icons.of(Icons.Glyph.CLOSE));
        dismiss.setId(id + "-dismiss");
        dismiss.setAccessibleText("Dismiss the notice");
        HoverTooltip.install(dismiss, () -> "Dismiss the notice");
        dismiss.setOnAction(e -> hide());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        bar = new HBox(8, new Region(), words, spacer, dismiss);
        bar.setId(id);
        bar.getStyleClass().add(Css.NOTICE_BAR);
        bar.setAlignment(Pos.TOP_LEFT);
        bar.setMaxHeight(Region.USE_PREF_SIZE);
        // The words wrap at the area's width, so the bar must not ask the area for its own width:
        // with the words' width as its minimum, the area grew past the window to fit them.
        bar.setMinWidth(0);
        StackPane.setAlignment(bar, Pos.TOP_CENTER);
        area.getChildren().add(bar);
    }
}
