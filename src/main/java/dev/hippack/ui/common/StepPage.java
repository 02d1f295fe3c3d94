package dev.hippack.ui.common;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The frame every step view shares: a title, one sentence on what the step is for, then its
 * content. A step's main action sits in a fixed row under the intro (never inside a scrolling
 * area), and a footer, if any, stays at the bottom at every window size.
 */
public final class StepPage {

    private StepPage() { }

    /** A page whose content grows with the window (tables, logs). */
    public static BorderPane of(String id, String title, String intro, Node content) {
        return framed(id, title, intro, null, content, null);
    }

    /** A page whose content scrolls vertically (forms, cards). */
    public static BorderPane scrolling(String id, String title, String intro, Node content) {
        return framed(id, title, intro, null, scroll(content), null);
    }

    /**
     * A page with a fixed row for the step's main action under the intro, the content (wrap it in
     * {@link #scroll} to make it scroll), and a fixed footer; {@code actions} and {@code footer}
     * may be null.
     */
    public static BorderPane framed(String id, String title, String intro, Node actions, Node content, Node footer) {
        Label t = new Label(title);
        t.getStyleClass().add(Css.STEP_TITLE);
        Label i = new Label(intro);
        i.getStyleClass().add(Css.STEP_INTRO);
        i.setWrapText(true);
        VBox head = new VBox(4, t, i);
        if (actions != null) {
            VBox.setMargin(actions, new Insets(8, 0, 0, 0));
            head.getChildren().add(actions);
        }
        BorderPane page = new BorderPane(content);
        page.setTop(head);
        BorderPane.setMargin(content, new Insets(10, 0, 0, 0));
        if (footer != null) {
            BorderPane.setMargin(footer, new Insets(8, 0, 0, 0));
            page.setBottom(footer);
        }
        page.setId(id);
        page.getStyleClass().add(Css.STEP_PAGE);
        return page;
    }

    /** The intro line of a page made by {@link #framed}, for a step whose intro depends on a choice. */
    public static Label introOf(BorderPane page) {
        return (Label) ((VBox) page.getTop()).getChildren().get(1);
    }

    /** Content that scrolls vertically and fits the width. */
    public static ScrollPane scroll(Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        return scroll;
    }

    public static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Css.SECTION_TITLE);
        return l;
    }

    public static Label muted(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Css.MUTED);
        l.setWrapText(true);
        return l;
    }
}
