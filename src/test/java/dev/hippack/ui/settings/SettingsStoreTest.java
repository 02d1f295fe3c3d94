package dev.hippack.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsStoreTest {

    @TempDir
    Path dir;

    @Test
    void savedSettingsComeBackEqual() {
        SettingsStore store = new SettingsStore(dir.resolve("cfg/settings.json"));
        AppSettings s = AppSettings.defaults()
                .withWindow(new WindowBounds(10, 20, 1000, 700, false))
                .withLastCheckout("C:\\src\\audio.cpp")
                .withOutputFolder("D:\\out")
                .withTheme("dark");
        assertThat(store.save(s)).isTrue();
        assertThat(store.load()).isEqualTo(s);
        assertThat(dir.resolve("cfg")).isDirectoryNotContaining("glob:**.tmp");
    }

    @Test
    void missingFileGivesDefaults() {
        assertThat(new SettingsStore(dir.resolve("none.json")).load()).isEqualTo(AppSettings.defaults());
    }

    @Test
    void brokenJsonGivesDefaultsAndIsKeptAsideForTheUser() throws Exception {
        Path f = dir.resolve("settings.json");
        String mine = "{\"window\": {\"x\": 1,,,";
        Files.writeString(f, mine, StandardCharsets.UTF_8);
        SettingsStore store = new SettingsStore(f);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(Files.readString(dir.resolve("settings.json.broken"))).isEqualTo(mine);
        assertThat(f).doesNotExist();
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p)
                .startsWith("Your settings file " + f + " could not be read: Unexpected character (',' (code 44))")
                .contains("(line 1, column 20)")
                .endsWith("HIP Packager started with its defaults; the file was kept as settings.json.broken beside it."));

        // The next save writes a fresh file; a second broken file never replaces the first one kept.
        assertThat(store.save(AppSettings.defaults().withTheme("dark"))).isTrue();
        assertThat(store.load().theme()).isEqualTo("dark");
        assertThat(store.problem()).isEmpty();
        Files.writeString(f, "[1, 2]", StandardCharsets.UTF_8);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(Files.readString(dir.resolve("settings.json.broken"))).isEqualTo(mine);
        assertThat(Files.readString(dir.resolve("settings.json.broken-2"))).isEqualTo("[1, 2]");
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p).contains("kept as settings.json.broken-2"));
    }

    @Test
    void aBrokenFileThatCannotBeMovedAsideIsNeverSavedOver() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{oops", StandardCharsets.UTF_8);
        // Every name a kept copy could take is taken already.
        Files.writeString(dir.resolve("settings.json.broken"), "1");
        for (int i = 2; i <= 50; i++) {
            Files.writeString(dir.resolve("settings.json.broken-" + i), String.valueOf(i));
        }
        SettingsStore store = new SettingsStore(f);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p).contains("could not be read")
                .endsWith("and will not write over that file; move it away to have settings remembered."));
        assertThat(store.save(AppSettings.defaults().withTheme("dark"))).isFalse();
        assertThat(Files.readString(f)).isEqualTo("{oops");
        assertThat(Files.readString(dir.resolve("settings.json.broken-50"))).isEqualTo("50");
    }

    @Test
    void wrongTypesAndTinyWindowsFallBackToDefaults() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"window\": {\"x\": 5, \"y\": 6, \"width\": 10, \"height\": 10, \"maximized\": false},"
                + " \"theme\": \"purple\", \"future\": 1}", StandardCharsets.UTF_8);
        AppSettings s = new SettingsStore(f).load();
        assertThat(s.window().width()).isEqualTo(WindowBounds.DEFAULT.width());
        assertThat(s.window().x()).isEqualTo(5);
        assertThat(s.theme()).as("an unknown theme follows the system").isEqualTo(AppSettings.SYSTEM_THEME);

        Files.writeString(f, "[1, 2]", StandardCharsets.UTF_8);
        assertThat(new SettingsStore(f).load()).isEqualTo(AppSettings.defaults());
    }

    /** Byte for byte what the version that bound the settings with Jackson's data binding wrote. */
    private static final String WRITTEN_BY_DATA_BINDING = """
            {
              "window" : {
                "x" : "NaN",
                "y" : 80.5,
                "width" : 1180.0,
                "height" : 780.0,
                "maximized" : true
              },
              "lastCheckout" : "C:\\\\src\\\\audio.cpp",
              "outputFolder" : null,
              "theme" : "dark"
            }""";

    @Test
    void aFileOfTheDataBindingVersionReadsBackAndIsWrittenAgainByteForByte() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, WRITTEN_BY_DATA_BINDING, StandardCharsets.UTF_8);
        SettingsStore store = new SettingsStore(f);
        AppSettings s = store.load();
        assertThat(store.problem()).isEmpty();
        assertThat(s.window().x()).isNaN();
        assertThat(s.window().y()).isEqualTo(80.5);
        assertThat(s.window().maximized()).isTrue();
        assertThat(s.lastCheckout()).isEqualTo("C:\\src\\audio.cpp");
        assertThat(s.outputFolder()).isNull();
        assertThat(s.theme()).isEqualTo("dark");

        Files.delete(f);
        assertThat(store.save(s)).isTrue();
        assertThat(Files.readString(f, StandardCharsets.UTF_8)).isEqualTo(WRITTEN_BY_DATA_BINDING);
    }

    @Test
    void unknownKeysAnywhereAreSkippedAndMissingOnesTakeTheirDefaults() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"future\": {\"a\": [1, {\"b\": null}]}, \"window\": {\"width\": 1300, \"dpi\": [96]},"
                + " \"theme\": \"light\", \"more\": [true]}", StandardCharsets.UTF_8);
        SettingsStore store = new SettingsStore(f);
        AppSettings s = store.load();
        assertThat(store.problem()).isEmpty();
        assertThat(s.window().width()).isEqualTo(1300);
        assertThat(s.window().height()).isEqualTo(WindowBounds.DEFAULT.height());
        assertThat(s.window().x()).isNaN();
        assertThat(s.theme()).isEqualTo("light");
        assertThat(s.lastCheckout()).isNull();
    }

    @Test
    void aValueOfTheWrongTypeOrTextAfterTheSettingsIsAFileKeptAsideNamingWhereItIs() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\n  \"window\" : {\n    \"width\" : \"wide\"\n  }\n}", StandardCharsets.UTF_8);
        SettingsStore store = new SettingsStore(f);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p)
                .contains("could not be read: \"window\".width is a string, not a number (line 3, column ")
                .contains("kept as settings.json.broken"));

        Files.writeString(f, "{\"theme\": 7}", StandardCharsets.UTF_8);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p).contains("\"theme\" is a number, not text"));

        Files.writeString(f, "{\"theme\": \"dark\"} {}", StandardCharsets.UTF_8);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p).contains("more after the settings' closing brace"));

        Files.writeString(f, "", StandardCharsets.UTF_8);
        assertThat(store.load()).isEqualTo(AppSettings.defaults());
        assertThat(store.problem()).hasValueSatisfying(p -> assertThat(p).contains("the file is empty"));
    }

    @Test
    void unwritableFolderReportsFalseAndKeepsNothingHalfWritten() throws Exception {
        Path blocker = dir.resolve("file");
        Files.writeString(blocker, "x");
        assertThat(new SettingsStore(blocker.resolve("settings.json")).save(AppSettings.defaults())).isFalse();
        assertThat(Files.readString(blocker)).isEqualTo("x");
    }

    @Test
    void aSettingsFileThatIsALinkIsNotWrittenThrough(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path victim = java.nio.file.Files.writeString(dir.resolve("victim.txt"), "precious");
        java.nio.file.Path file = dir.resolve("settings.json");
        java.nio.file.Files.createSymbolicLink(file, victim);
        assertThat(new SettingsStore(file).save(AppSettings.defaults())).isFalse();
        assertThat(java.nio.file.Files.readString(victim)).isEqualTo("precious");
    }

    @Test
    void configFolderFollowsEachPlatformsConvention() {
        Path home = Path.of("/home/ann");
        assertThat(ConfigFolder.of(Map.of(), "Linux", home)).isEqualTo(Path.of("/home/ann/.config/hip-packager"));
        assertThat(ConfigFolder.of(Map.of("XDG_CONFIG_HOME", "/xdg"), "Linux", home)).isEqualTo(Path.of("/xdg/hip-packager"));
        assertThat(ConfigFolder.of(Map.of("XDG_CONFIG_HOME", "relative"), "Linux", home))
                .isEqualTo(Path.of("/home/ann/.config/hip-packager"));
        assertThat(ConfigFolder.of(Map.of("APPDATA", "/appdata"), "Windows 11", home)).isEqualTo(Path.of("/appdata/HIP Packager"));
        assertThat(ConfigFolder.of(Map.of(), "Windows 10", home)).isEqualTo(Path.of("/home/ann/AppData/Roaming/HIP Packager"));
    }
}
