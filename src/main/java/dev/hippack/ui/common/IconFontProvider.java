package dev.hippack.ui.common;

import org.kordamp.ikonli.IkonProvider;

/**
 * Names {@link Icons.Glyph} as the {@code Ikon} enum of our font pack ({@link IconFont}), as every
 * ikonli pack does, for tools that list the icons of the packs on the module path.
 */
public final class IconFontProvider implements IkonProvider<Icons.Glyph> {

    /** The service loader's way in (module-info's {@code provides}). */
    public IconFontProvider() { }

    @Override
    public Class<Icons.Glyph> getIkon() {
        return Icons.Glyph.class;
    }
}
