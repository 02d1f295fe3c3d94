package dev.hippack.ui.common;

import java.util.Locale;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.IkonResolverProvider;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.javafx.JavaFXFontLoader;

/**
 * The wizard's icon set: one name per meaning, mapped to a Material Design glyph here and
 * nowhere else, so a glyph can change without hunting through the views.
 *
 * <p>Every icon is an ikonli {@link FontIcon} of our own font pack: {@link Glyph} is its
 * {@code Ikon} enum and {@link IconFont} its handler, which reads the wizard's icon font, the
 * Material Design Icons glyphs named here, cut out of ikonli's Material Design pack by
 * {@code tools/icon-font.sh} (which reads this file). Each glyph carries the pack's name for its
 * icon and its code point, which the cut keeps; {@code IconsTest} holds both to the pack and
 * checks that the font has every glyph.
 *
 * <p>An icon's size is set here, in code, and its colour comes from the style sheet
 * ({@code -fx-icon-color} on {@value Css#ICON} and the severity classes): a {@code FontIcon}
 * answers a size the sheet gives it ({@code -fx-icon-size}, or a font) by setting an inline style
 * on itself, which styles it a second time and cost the first frame a second CSS pass
 * (docs/design.md §10.4). Its size set before it joins the scene goes into the one pass.
 */
public final class Icons {

    /** The size of an icon beside words: the wizard's body text (.wz-root's font size in app.css). */
    public static final int TEXT_SIZE = 13;
    /** The icons of the step list, larger than its 14 px titles. */
    public static final int STEP_LIST_SIZE = 18;
    /** The demo banner's icon, beside its bold words. */
    public static final int BANNER_SIZE = 16;

    /** What an icon means, not what it looks like: the {@code Ikon} enum of our font pack. */
    public enum Glyph implements Ikon {
        STEP_DONE("mdi2c-check-circle", 0xF05E0),
        STEP_CURRENT("mdi2c-chevron-right", 0xF0142),
        STEP_BLOCKED("mdi2l-lock", 0xF033E),
        STEP_PENDING("mdi2c-circle-outline", 0xF0766),
        ENVIRONMENT("mdi2m-monitor", 0xF0379),
        TRACK("mdi2c-chip", 0xF061A),
        BUILD("mdi2h-hammer-wrench", 0xF1323),
        REVIEW("mdi2s-shield-check", 0xF0565),
        ARCHIVE("mdi2a-archive", 0xF003C),
        ERROR("mdi2a-alert-octagon", 0xF0029),
        WARNING("mdi2a-alert", 0xF0026),
        INFO("mdi2i-information-outline", 0xF02FD),
        OK("mdi2c-check-circle-outline", 0xF05E1),
        MISSING("mdi2c-close-circle", 0xF0159),
        COVERED("mdi2c-check-circle", 0xF05E0),
        NOT_COVERED("mdi2m-minus-circle-outline", 0xF0377),
        LOCAL_GPU("mdi2e-expansion-card", 0xF08AE),
        COPY("mdi2c-content-copy", 0xF018F),
        OPEN_FILE("mdi2f-file-document", 0xF0219),
        OPEN_FOLDER("mdi2f-folder-open", 0xF0770),
        FOLDER("mdi2f-folder", 0xF024B),
        FILE("mdi2f-file", 0xF0214),
        EXECUTABLE("mdi2a-application", 0xF08C6),
        LIBRARY("mdi2l-library", 0xF0331),
        KERNEL("mdi2m-memory", 0xF035B),
        START("mdi2p-play", 0xF040A),
        RESCAN("mdi2r-refresh", 0xF0450),
        SAVE("mdi2c-content-save", 0xF0193),
        EXPORT("mdi2f-file-download", 0xF0965),
        THEME("mdi2t-theme-light-dark", 0xF050E),
        LOG("mdi2c-console", 0xF018D),
        DEMO("mdi2t-test-tube", 0xF0668),
        ZIP("mdi2p-package-variant", 0xF03D6),
        TOOL("mdi2t-tools", 0xF1064),
        SEARCH("mdi2m-magnify", 0xF0349),
        STOP("mdi2s-stop", 0xF04DB),
        CLOSE("mdi2c-close", 0xF0156);

        private final String packName;
        private final int code;
        private final String description;

        Glyph(String packName, int code) {
            this.packName = packName;
            this.code = code;
            this.description = IconFont.PREFIX + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The Material Design pack's name for the icon, e.g. {@code mdi2c-chevron-right}. */
        public String packName() {
            return packName;
        }

        /** The glyph's code point, the same in the pack's font and in ours. */
        public int code() {
            return code;
        }

        /** Our pack's name for it, e.g. {@code hpi-step-current}: {@link IconFont}'s prefix and the meaning. */
        @Override
        public String getDescription() {
            return description;
        }

        @Override
        public int getCode() {
            return code;
        }

        /** The glyph that {@code description} names, as ikonli asks of a pack's handler. */
        public static Glyph findByDescription(String description) {
            for (Glyph glyph : values()) {
                if (glyph.description.equals(description)) {
                    return glyph;
                }
            }
            throw new IllegalArgumentException("Icon description '" + description + "' is not one of " + IconFont.FAMILY + "'s.");
        }
    }

    private static final System.Logger LOG = System.getLogger(Icons.class.getName());

    private Icons() { }

    /**
     * Has ikonli find its packs and read their fonts, ours among them, unless that has been done:
     * the application calls it on a thread of its own while the FX thread builds the window
     * (docs/design.md §10.1), and the first icon made waits for that reading rather than starting
     * another. Any thread may call it once the JavaFX toolkit runs. Without the font the icons
     * draw as empty boxes: that is logged, never thrown, and the window still opens.
     */
    public static void preload() {
        if (IkonResolverProvider.getInstance(JavaFXFontLoader.getInstance()).resolve(Glyph.STOP.getDescription()).getFont() == null) {
            LOG.log(System.Logger.Level.WARNING, "The icon font " + IconFont.RESOURCE + " could not be read; the icons show as boxes.");
        }
    }

    /** An icon beside words, at the body text's size. */
    public static FontIcon of(Glyph glyph) {
        return of(glyph, TEXT_SIZE);
    }

    /** An icon at {@code size} pixels. */
    public static FontIcon of(Glyph glyph, int size) {
        FontIcon icon = new FontIcon(glyph);
        icon.setIconSize(size);
        icon.getStyleClass().add(Css.ICON);
        return icon;
    }

    /** An icon with an extra style class, e.g. a severity colour. */
    public static FontIcon of(Glyph glyph, String styleClass) {
        FontIcon icon = of(glyph);
        icon.getStyleClass().add(styleClass);
        return icon;
    }
}
