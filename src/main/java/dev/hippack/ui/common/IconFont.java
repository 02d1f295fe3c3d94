package dev.hippack.ui.common;

import dev.hippack.ui.common.Icons.Glyph;
import java.io.InputStream;
import java.net.URL;
import org.kordamp.ikonli.AbstractIkonHandler;
import org.kordamp.ikonli.Ikon;

/**
 * The wizard's icon font, "HIP Packager Icons", as an ikonli font pack: the glyphs of
 * {@link Icons.Glyph} (the pack's {@code Ikon} enum), cut out of the Material Design Icons font
 * (Pictogrammers, Apache License 2.0 terms; see the NOTICE beside the font) by
 * {@code tools/icon-font.sh}. {@code module-info} provides it to ikonli, whose resolver finds it
 * by the {@value #PREFIX} of an icon's description, reads its font once and draws each
 * {@code FontIcon} in its family.
 */
public final class IconFont extends AbstractIkonHandler {

    /** The font's family name (its name table says so). */
    public static final String FAMILY = "HIP Packager Icons";
    /** The font, a resource of this module. */
    public static final String RESOURCE = "/dev/hippack/ui/icons/hip-packager-icons.ttf";
    /** What every description of ours starts with, so no other pack's handler claims it. */
    public static final String PREFIX = "hpi-";

    /** The service loader's way in (module-info's {@code provides}). */
    public IconFont() { }

    @Override
    public boolean supports(String description) {
        return description != null && description.startsWith(PREFIX);
    }

    @Override
    public Ikon resolve(String description) {
        return Glyph.findByDescription(description);
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
