package dev.hippack.ui.common;

import javafx.scene.text.Text;

/**
 * The wizard's icon set: one name per meaning, mapped to a Material Design glyph here and
 * nowhere else, so a glyph can change without hunting through the views.
 *
 * <p>The glyphs are drawn from the wizard's own icon font ({@link IconFont}): the Material Design
 * Icons glyphs named here, cut out of ikonli's pack font by {@code tools/icon-font.sh}, which reads
 * this file. Each glyph carries the pack's name for its icon and its code point, which the cut
 * keeps; {@code IconsTest} holds both to the pack and checks that the font has every glyph.
 *
 * <p>An icon is a plain {@link Text} of the glyph's character with the style class
 * {@value Css#ICON}; the style sheet gives it the icon font, its size and its colour, as it
 * gives a label its own, so the first scene is styled in one pass (docs/design.md §10.4): ikonli's
 * {@code FontIcon} answered every size or font the style sheet gave it by setting an inline style
 * on itself, which styled each icon a second time.
 */
public final class Icons {

    /** What an icon means, not what it looks like. */
    public enum Glyph {
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

        Glyph(String packName, int code) {
            this.packName = packName;
            this.code = code;
        }

        /** The Material Design pack's name for the icon, e.g. {@code mdi2c-chevron-right}. */
        public String packName() {
            return packName;
        }

        /** The glyph's code point, the same in the pack's font and in ours. */
        public int code() {
            return code;
        }

        /** The character that draws it in the icon font. */
        public String text() {
            return Character.toString(code);
        }
    }

    private Icons() { }

    /**
     * Reads the icon font, unless that has been done: the application calls it on a thread of its
     * own while the FX thread builds the window, and {@link #of} calls it too, so that the style
     * sheet finds the font however the two meet. Any thread may call it once the JavaFX toolkit runs.
     */
    public static void preload() {
        IconFont.load();
    }

    public static Text of(Glyph glyph) {
        IconFont.load();
        Text icon = new Text(glyph.text());
        icon.getStyleClass().add(Css.ICON);
        return icon;
    }

    /** An icon with an extra style class, e.g. a severity colour. */
    public static Text of(Glyph glyph, String styleClass) {
        Text icon = of(glyph);
        icon.getStyleClass().add(styleClass);
        return icon;
    }
}
