package dev.hippack.ui.common;

import dev.hippack.ui.common.Icons.Glyph;
import java.io.InputStream;
import java.net.URL;
import java.util.Arrays;
import org.kordamp.ikonli.AbstractIkonHandler;
import org.kordamp.ikonli.Ikon;

/**
 * ikonli's handler for the wizard's icon font, "HIP Packager Icons": the glyphs of
 * {@link Icons.Glyph}, cut out of the Material Design Icons font (Pictogrammers, Apache License
 * 2.0 terms; see the NOTICE beside the font) by {@code tools/icon-font.sh}. ikonli finds it through
 * the module's {@code provides}, like any icon pack, and reads its font once.
 */
public final class IconFont extends AbstractIkonHandler {

    /** What every glyph's name starts with, so ikonli picks this handler for it. */
    public static final String PREFIX = "hpi-";
    /** The font's family name (its name table says so). */
    public static final String FAMILY = "HIP Packager Icons";
    /** The font, a resource of this module. */
    public static final String RESOURCE = "/dev/hippack/ui/icons/hip-packager-icons.ttf";

    @Override
    public boolean supports(String description) {
        return description != null && description.startsWith(PREFIX);
    }

    @Override
    public Ikon resolve(String description) {
        return Arrays.stream(Glyph.values()).filter(g -> g.getDescription().equals(description)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No icon named " + description + " in " + FAMILY));
    }

    @Override
    public URL getFontResource() {
        return IconFont.class.getResource(RESOURCE);
    }

    @Override
    public InputStream getFontResourceAsStream() {
        return IconFont.class.getResourceAsStream(RESOURCE);
    }

    @Override
    public String getFontFamily() {
        return FAMILY;
    }
}
