package dev.hippack.ui.common;

import java.util.function.Supplier;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A tooltip made when the pointer first comes over its control, for controls of the first
 * window: a {@link Tooltip} is a popup window with a scene of its own, and most controls are
 * never hovered. Screen readers get the same text at once, as the control's accessible help.
 */
public final class HoverTooltip {

    private HoverTooltip() { }

    /**
     * Gives {@code control} the tooltip {@code text} says at the time of hovering; none while it
     * says null. Call {@link #refresh} when the text may have changed while nobody hovered.
     */
    public static void install(Control control, Supplier<String> text) {
        control.getProperties().put(HoverTooltip.class, text);
        control.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> apply(control, text.get(), true));
        refresh(control);
    }

    /** Brings the accessible help, and a tooltip already made, in line with the text now. */
    @SuppressWarnings("unchecked")
    public static void refresh(Control control) {
        Object text = control.getProperties().get(HoverTooltip.class);
        if (text instanceof Supplier<?> s) {
            apply(control, (String) ((Supplier<Object>) s).get(), false);
        }
    }

    private static void apply(Control control, String text, boolean create) {
        control.setAccessibleHelp(text);
        if (text == null) {
            control.setTooltip(null);
        } else if (control.getTooltip() != null) {
            control.getTooltip().setText(text);
        } else if (create) {
            control.setTooltip(new Tooltip(text));
        }
    }
}
