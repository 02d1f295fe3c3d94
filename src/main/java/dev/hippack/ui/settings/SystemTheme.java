package dev.hippack.ui.settings;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether the desktop is set to a dark look, asked the way each system answers it: on Windows
 * the registry value {@code AppsUseLightTheme} (through {@code reg query}); on Linux the
 * desktop portal's {@code color-scheme}, then GNOME's {@code color-scheme} and GTK theme name
 * (through {@code gsettings}) or {@code GTK_THEME}; on macOS {@code AppleInterfaceStyle}.
 * Anything that cannot be asked or read means light. The commands run through a seam, so every
 * answer can be tested on any machine.
 */
public final class SystemTheme {

    /** The Windows registry key and value that say whether apps use the light theme. */
    static final List<String> WINDOWS_QUERY = List.of("reg", "query",
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v", "AppsUseLightTheme");
    static final List<String> PORTAL_QUERY = List.of("dbus-send", "--session", "--print-reply=literal", "--reply-timeout=500",
            "--dest=org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            "org.freedesktop.portal.Settings.Read", "string:org.freedesktop.appearance", "string:color-scheme");
    static final List<String> GNOME_COLOR_SCHEME = List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme");
    static final List<String> GNOME_GTK_THEME = List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme");
    static final List<String> MAC_QUERY = List.of("defaults", "read", "-g", "AppleInterfaceStyle");

    private final String osName;
    private final Map<String, String> env;
    /** Runs a command and gives what it printed, or empty when it could not run or failed. */
    private final Function<List<String>, Optional<String>> run;

    public SystemTheme(String osName, Map<String, String> env, Function<List<String>, Optional<String>> run) {
        this.osName = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        this.env = env;
        this.run = run;
    }

    /** True when the system asks for a dark look; false when it asks for light or cannot say. */
    public boolean prefersDark() {
        if (osName.startsWith("windows")) {
            return run.apply(WINDOWS_QUERY).flatMap(SystemTheme::windowsAnswer).orElse(false);
        }
        if (osName.startsWith("mac")) {
            return run.apply(MAC_QUERY).map(s -> s.strip().equalsIgnoreCase("dark")).orElse(false);
        }
        Optional<Boolean> portal = run.apply(PORTAL_QUERY).flatMap(SystemTheme::portalAnswer);
        if (portal.isPresent()) {
            return portal.get();
        }
        String gtkTheme = env.get("GTK_THEME");
        if (gtkTheme != null && !gtkTheme.isBlank()) {
            return isDarkThemeName(gtkTheme);
        }
        Optional<Boolean> scheme = run.apply(GNOME_COLOR_SCHEME).flatMap(SystemTheme::gnomeSchemeAnswer);
        if (scheme.isPresent()) {
            return scheme.get();
        }
        return run.apply(GNOME_GTK_THEME).map(SystemTheme::isDarkThemeName).orElse(false);
    }

    /** {@code AppsUseLightTheme    REG_DWORD    0x0}: 0 is dark, 1 light; anything else unknown. */
    static Optional<Boolean> windowsAnswer(String output) {
        for (String line : output.split("\\R")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 3 && parts[0].equalsIgnoreCase("AppsUseLightTheme") && parts[1].equalsIgnoreCase("REG_DWORD")) {
                String v = parts[2].toLowerCase(Locale.ROOT);
                try {
                    long n = v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
                    return Optional.of(n == 0);
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The portal's answer ({@code variant uint32 1}): 1 prefers dark, 2 prefers light, 0 no
     * preference (unknown, so the next source is asked).
     */
    static Optional<Boolean> portalAnswer(String output) {
        String[] words = output.trim().split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("uint32")) {
                return switch (words[i + 1]) {
                    case "1" -> Optional.of(true);
                    case "2" -> Optional.of(false);
                    default -> Optional.empty();
                };
            }
        }
        return Optional.empty();
    }

    /** GNOME's {@code 'prefer-dark'} / {@code 'prefer-light'}; {@code 'default'} says nothing. */
    static Optional<Boolean> gnomeSchemeAnswer(String output) {
        String v = output.trim().replace("'", "");
        return switch (v) {
            case "prefer-dark" -> Optional.of(true);
            case "prefer-light" -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    /** A GTK theme name such as {@code Adwaita-dark}, {@code 'Yaru-dark'} or {@code Adwaita:dark}. */
    static boolean isDarkThemeName(String name) {
        String n = name.trim().replace("'", "").toLowerCase(Locale.ROOT);
        return n.endsWith("-dark") || n.endsWith(":dark") || n.contains("-dark-") || n.equals("dark");
    }
}
