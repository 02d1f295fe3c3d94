package dev.hippack.ui.common;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The frame every step view shares: a title, one sentence on what the step is for, then its content. */
public final class StepPage {

    private StepPage() { }

    /** A page whose content grows with the window (tables, logs). */
    public static BorderPane of(String id, String title, String intro, Node content) {
        Label t = new Label(title);
        t.getStyleClass().add(Css.STEP_TITLE);
        Label i = new Label(intro);
        i.getStyleClass().add(Css.STEP_INTRO);
        i.setWrapText(true);
        VBox head = new VBox(4, t, i);
        BorderPane page = new BorderPane(content);
        page.setTop(head);
        BorderPane.setMargin(content, new javafx.geometry.Insets(12, 0, 0, 0));
        page.setId(id);
        page.getStyleClass().add(Css.STEP_PAGE);
        return page;
    }

    /** A page whose content scrolls vertically (forms, cards). */
    public static BorderPane scrolling(String id, String title, String intro, Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        return of(id, title, intro, scroll);
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
