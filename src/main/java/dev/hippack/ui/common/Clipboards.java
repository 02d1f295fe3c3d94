package dev.hippack.ui.common;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Puts text on the system clipboard (the wizard's Copy buttons). */
public final class Clipboards {

    private Clipboards() { }

    public static void put(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
