package dev.hippack.ui.wizard;

import java.util.Locale;

/** The user's choice of theme: follow the system's light or dark setting (the default), or one of the two. */
public enum ThemeChoice {
    SYSTEM, LIGHT, DARK;

    /** The value kept in the settings file: "system", "light" or "dark". */
    public String settingsValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The choice a settings value stands for; anything unknown follows the system. */
    public static ThemeChoice fromSettings(String value) {
        for (ThemeChoice c : values()) {
            if (c.settingsValue().equals(value)) {
                return c;
            }
        }
        return SYSTEM;
    }

    /** The theme this choice shows when the system is dark ({@code systemDark}) or light. */
    public Theme resolve(boolean systemDark) {
        return switch (this) {
            case SYSTEM -> systemDark ? Theme.DARK : Theme.LIGHT;
            case LIGHT -> Theme.LIGHT;
            case DARK -> Theme.DARK;
        };
    }
}
