package dev.hippack.ui.settings;

/**
 * The remembered settings, as {@link SettingsJson} reads and writes them. Unknown keys are
 * ignored (a newer version may add some); a missing key takes its default.
 *
 * @param window       the main window's last bounds, or null
 * @param lastCheckout the audio.cpp checkout last used, or null
 * @param outputFolder the folder packages were last written to, or null
 * @param theme        "light" or "dark" when the user picked one; "system" (the default) follows
 *                     the desktop's light or dark setting
 */
public record AppSettings(WindowBounds window, String lastCheckout, String outputFolder, String theme) {

    /** The theme value that follows the system's light or dark setting. */
    public static final String SYSTEM_THEME = "system";

    public static AppSettings defaults() {
        return new AppSettings(WindowBounds.DEFAULT, null, null, SYSTEM_THEME);
    }

    public AppSettings {
        window = window == null ? WindowBounds.DEFAULT : window.sane();
        if (!"dark".equals(theme) && !"light".equals(theme)) {
            theme = SYSTEM_THEME;
        }
    }

    public AppSettings withWindow(WindowBounds v) { return new AppSettings(v, lastCheckout, outputFolder, theme); }
    public AppSettings withLastCheckout(String v) { return new AppSettings(window, v, outputFolder, theme); }
    public AppSettings withOutputFolder(String v) { return new AppSettings(window, lastCheckout, v, theme); }
    public AppSettings withTheme(String v) { return new AppSettings(window, lastCheckout, outputFolder, v); }
}
