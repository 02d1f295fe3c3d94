package dev.hippack.ui.common;

import java.io.IOException;
import java.io.InputStream;
import javafx.scene.text.Font;

/**
 * The wizard's icon font, "HIP Packager Icons": the glyphs of {@link Icons.Glyph}, cut out of the
 * Material Design Icons font (Pictogrammers, Apache License 2.0 terms; see the NOTICE beside the
 * font) by {@code tools/icon-font.sh}. JavaFX reads it once, and the style sheet then names its
 * family for every icon ({@code .wz-icon} in app.css).
 */
public final class IconFont {

    /** The font's family name (its name table says so, and app.css names it). */
    public static final String FAMILY = "HIP Packager Icons";
    /** The font, a resource of this module. */
    public static final String RESOURCE = "/dev/hippack/ui/icons/hip-packager-icons.ttf";

    private static final System.Logger LOG = System.getLogger(IconFont.class.getName());

    private IconFont() { }

    /**
     * Has JavaFX read the font, once (the holder's class initialisation; a second caller waits
     * for the first), and says whether it could. Without the font the icons draw as empty boxes:
     * that is logged once, never thrown, and the window still opens.
     */
    static boolean load() {
        return Loaded.READ;
    }

    private static final class Loaded {
        static final boolean READ = read();

        private static boolean read() {
            try (InputStream in = IconFont.class.getResourceAsStream(RESOURCE)) {
                if (in != null && Font.loadFont(in, 12) != null) {
                    return true;
                }
            } catch (IOException e) {
                // Reported below, as a font that could not be read.
            }
            LOG.log(System.Logger.Level.WARNING, "The icon font " + RESOURCE + " could not be read; the icons show as boxes.");
            return false;
        }
    }
}
