package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Css;

/** Light or dark: only the tokens sheet differs, app.css is shared. */
public enum Theme {
    LIGHT(Css.TOKENS_LIGHT),
    DARK(Css.TOKENS_DARK);

    private final String tokens;

    Theme(String tokens) {
        this.tokens = tokens;
    }

    public String tokensSheet() {
        return tokens;
    }

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
