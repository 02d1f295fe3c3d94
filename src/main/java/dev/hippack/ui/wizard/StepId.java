package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Icons;
import java.util.Locale;

/** The five steps, in order. */
public enum StepId {
    ENVIRONMENT("Environment", "_Environment", Icons.Glyph.ENVIRONMENT),
    TRACK("Track and architectures", "_Track and architectures", Icons.Glyph.TRACK),
    BUILD("Build", "B_uild", Icons.Glyph.BUILD),
    REVIEW("Review", "_Review", Icons.Glyph.REVIEW),
    ARCHIVE("Archive", "_Archive", Icons.Glyph.ARCHIVE);

    private final String title;
    private final String mnemonicTitle;
    private final Icons.Glyph glyph;

    StepId(String title, String mnemonicTitle, Icons.Glyph glyph) {
        this.title = title;
        this.mnemonicTitle = mnemonicTitle;
        this.glyph = glyph;
    }

    public String title() {
        return title;
    }

    public String mnemonicTitle() {
        return mnemonicTitle;
    }

    public Icons.Glyph glyph() {
        return glyph;
    }

    /** The id of the step's view, for tests and screen readers: {@code step-environment}. */
    public String viewId() {
        return "step-" + name().toLowerCase(Locale.ROOT);
    }
}
