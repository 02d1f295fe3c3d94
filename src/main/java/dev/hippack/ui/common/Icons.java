package dev.hippack.ui.common;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The wizard's icon set: one name per meaning, mapped to a Material Design glyph here and
 * nowhere else, so a glyph can change without hunting through the views.
 */
public final class Icons {

    /** What an icon means, not what it looks like. */
    public enum Glyph {
        STEP_DONE(MaterialDesignC.CHECK_CIRCLE),
        STEP_CURRENT(MaterialDesignC.CHEVRON_RIGHT),
        STEP_BLOCKED(MaterialDesignL.LOCK),
        STEP_PENDING(MaterialDesignC.CIRCLE_OUTLINE),
        ENVIRONMENT(MaterialDesignM.MONITOR),
        TRACK(MaterialDesignC.CHIP),
        BUILD(MaterialDesignH.HAMMER_WRENCH),
        REVIEW(MaterialDesignS.SHIELD_CHECK),
        ARCHIVE(MaterialDesignA.ARCHIVE),
        ERROR(MaterialDesignA.ALERT_OCTAGON),
        WARNING(MaterialDesignA.ALERT),
        INFO(MaterialDesignI.INFORMATION_OUTLINE),
        OK(MaterialDesignC.CHECK_CIRCLE_OUTLINE),
        MISSING(MaterialDesignC.CLOSE_CIRCLE),
        COVERED(MaterialDesignC.CHECK_CIRCLE),
        NOT_COVERED(MaterialDesignM.MINUS_CIRCLE_OUTLINE),
        LOCAL_GPU(MaterialDesignE.EXPANSION_CARD),
        COPY(MaterialDesignC.CONTENT_COPY),
        OPEN_FILE(MaterialDesignF.FILE_DOCUMENT),
        OPEN_FOLDER(MaterialDesignF.FOLDER_OPEN),
        FOLDER(MaterialDesignF.FOLDER),
        FILE(MaterialDesignF.FILE),
        EXECUTABLE(MaterialDesignA.APPLICATION),
        LIBRARY(MaterialDesignL.LIBRARY),
        KERNEL(MaterialDesignM.MEMORY),
        START(MaterialDesignP.PLAY),
        RESCAN(MaterialDesignR.REFRESH),
        SAVE(MaterialDesignC.CONTENT_SAVE),
        EXPORT(MaterialDesignF.FILE_DOWNLOAD),
        THEME(MaterialDesignT.THEME_LIGHT_DARK),
        LOG(MaterialDesignC.CONSOLE),
        DEMO(MaterialDesignT.TEST_TUBE),
        ZIP(MaterialDesignP.PACKAGE_VARIANT),
        TOOL(MaterialDesignT.TOOLS),
        SEARCH(MaterialDesignM.MAGNIFY),
        STOP(MaterialDesignS.STOP),
        CLOSE(MaterialDesignC.CLOSE);

        private final Ikon ikon;

        Glyph(Ikon ikon) {
            this.ikon = ikon;
        }
    }

    private Icons() { }

    /**
     * Makes one icon and drops it, so that ikonli has found its font handler and JavaFX has read
     * the icon font (a temporary copy of it, then parsing) before the first icon the window
     * needs: the application calls it on a thread of its own while the FX thread builds the
     * window. Any thread may call it once the JavaFX toolkit runs; ikonli loads each font once
     * (a concurrent first icon waits for the same load instead of starting another).
     */
    public static void preload() {
        of(Glyph.STEP_CURRENT).setIconSize(16);
    }

    public static FontIcon of(Glyph glyph) {
        FontIcon icon = new FontIcon(glyph.ikon);
        icon.getStyleClass().add("wz-icon");
        return icon;
    }

    /** An icon with an extra style class, e.g. a severity colour. */
    public static FontIcon of(Glyph glyph, String styleClass) {
        FontIcon icon = of(glyph);
        icon.getStyleClass().add(styleClass);
        return icon;
    }
}
