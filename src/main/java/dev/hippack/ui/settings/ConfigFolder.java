package dev.hippack.ui.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the settings file lives: {@code %APPDATA%\HIP Packager} on Windows,
 * {@code $XDG_CONFIG_HOME/hip-packager} (or {@code ~/.config/hip-packager}) elsewhere.
 * Takes the environment and OS name as values so every case is testable on any machine.
 */
public final class ConfigFolder {

    public static final String SETTINGS_FILE = "settings.json";

    private ConfigFolder() { }

    public static Path of(Map<String, String> env, String osName, Path userHome) {
        if (osName.toLowerCase(Locale.ROOT).startsWith("windows")) {
            String appData = env.get("APPDATA");
            Path base = appData != null && !appData.isBlank() ? Path.of(appData) : userHome.resolve("AppData").resolve("Roaming");
            return base.resolve("HIP Packager");
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : userHome.resolve(".config");
        return base.resolve("hip-packager");
    }

    /** This machine's settings file. */
    public static Path settingsFile() {
        return of(System.getenv(), System.getProperty("os.name", ""), Path.of(System.getProperty("user.home", ".")))
                .resolve(SETTINGS_FILE);
    }
}
