package dev.hippack.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The light/dark decision from what each system answers, with the answers recorded from real systems. */
class SystemThemeTest {

    private final Map<List<String>, String> answers = new HashMap<>();
    private final List<List<String>> asked = new ArrayList<>();

    private boolean dark(String os, Map<String, String> env) {
        return new SystemTheme(os, env, cmd -> {
            asked.add(cmd);
            return Optional.ofNullable(answers.get(cmd));
        }).prefersDark();
    }

    @Test
    void windowsReadsAppsUseLightThemeFromTheRegistry() {
        answers.put(SystemTheme.WINDOWS_QUERY, "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
                + "    AppsUseLightTheme    REG_DWORD    0x0\r\n\r\n");
        assertThat(dark("Windows 11", Map.of())).isTrue();
        answers.put(SystemTheme.WINDOWS_QUERY, "    AppsUseLightTheme    REG_DWORD    0x1\r\n");
        assertThat(dark("Windows 10", Map.of())).isFalse();
        assertThat(asked).containsOnly(SystemTheme.WINDOWS_QUERY);
    }

    @Test
    void windowsWithoutTheValueOrRegIsLight() {
        assertThat(dark("Windows 11", Map.of())).isFalse();
        answers.put(SystemTheme.WINDOWS_QUERY, "ERROR: The system was unable to find the specified registry key or value.");
        assertThat(dark("Windows 11", Map.of())).isFalse();
        answers.put(SystemTheme.WINDOWS_QUERY, "    AppsUseLightTheme    REG_DWORD    0xzz\r\n");
        assertThat(dark("Windows 11", Map.of())).isFalse();
    }

    @Test
    void linuxAsksThePortalFirst() {
        answers.put(SystemTheme.PORTAL_QUERY, "   variant       variant          uint32 1\n");
        answers.put(SystemTheme.GNOME_COLOR_SCHEME, "'prefer-light'\n");
        assertThat(dark("Linux", Map.of())).isTrue();
        answers.put(SystemTheme.PORTAL_QUERY, "   variant       variant          uint32 2\n");
        assertThat(dark("Linux", Map.of())).isFalse();
    }

    @Test
    void linuxWithoutAPortalPreferenceFallsBackToGtkThemeThenGnome() {
        answers.put(SystemTheme.PORTAL_QUERY, "   variant       variant          uint32 0\n");
        assertThat(dark("Linux", Map.of("GTK_THEME", "Adwaita:dark"))).isTrue();
        assertThat(dark("Linux", Map.of("GTK_THEME", "Adwaita"))).isFalse();
        answers.put(SystemTheme.GNOME_COLOR_SCHEME, "'prefer-dark'\n");
        assertThat(dark("Linux", Map.of())).isTrue();
        answers.put(SystemTheme.GNOME_COLOR_SCHEME, "'default'\n");
        answers.put(SystemTheme.GNOME_GTK_THEME, "'Yaru-dark'\n");
        assertThat(dark("Linux", Map.of())).isTrue();
        answers.put(SystemTheme.GNOME_GTK_THEME, "'Adwaita'\n");
        assertThat(dark("Linux", Map.of())).isFalse();
    }

    @Test
    void aMachineThatCannotSayIsLight() {
        assertThat(dark("Linux", Map.of())).isFalse();
        assertThat(asked).containsExactly(SystemTheme.PORTAL_QUERY, SystemTheme.GNOME_COLOR_SCHEME, SystemTheme.GNOME_GTK_THEME);
        assertThat(dark("SunOS", Map.of())).isFalse();
        assertThat(dark(null, Map.of())).isFalse();
    }

    @Test
    void macReadsAppleInterfaceStyle() {
        answers.put(SystemTheme.MAC_QUERY, "Dark\n");
        assertThat(dark("Mac OS X", Map.of())).isTrue();
        answers.remove(SystemTheme.MAC_QUERY);
        assertThat(dark("Mac OS X", Map.of())).isFalse();
    }
}
