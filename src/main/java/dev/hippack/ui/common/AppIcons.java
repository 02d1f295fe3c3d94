package dev.hippack.ui.common;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Dialog;
import javafx.scene.image.Image;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The application icon (icons/, rendered to the module's resources) at every size it is drawn,
 * for the main window and every dialog: the window manager picks the size it needs.
 */
public final class AppIcons {

    private static final int[] SIZES = {16, 32, 48, 256};
    private static List<Image> images;

    private AppIcons() { }

    /** The icon's renders, smallest first; loaded once. */
    public static synchronized List<Image> images() {
        if (images == null) {
            List<Image> out = new ArrayList<>();
            for (int size : SIZES) {
                try (InputStream in = AppIcons.class.getResourceAsStream("/dev/hippack/icons/hip-packager-" + size + ".png")) {
                    if (in != null) {
                        out.add(new Image(in));
                    }
                } catch (IOException e) {
                    // A missing render leaves that size out; the others still give the window its icon.
                }
            }
            images = List.copyOf(out);
        }
        return images;
    }

    /** Gives a window the application icon (a no-op for windows that are not stages). */
    public static void apply(Window window) {
        if (window instanceof Stage stage && stage.getIcons().isEmpty()) {
            stage.getIcons().setAll(images());
        }
    }

    /** Gives a dialog the application icon and makes it belong to {@code owner}. */
    public static void apply(Dialog<?> dialog, Window owner) {
        if (owner != null && dialog.getOwner() == null) {
            dialog.initOwner(owner);
        }
        apply(dialog.getDialogPane().getScene().getWindow());
    }
}
