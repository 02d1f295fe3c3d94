package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the wizard's start reads before its window: the settings (and what was wrong with them), the catalog. */
class PreparationTest {

    @TempDir
    Path dir;

    @Test
    void aBrokenSettingsFileIsReportedAndKeptWhileTheWizardStartsWithTheDefaults() throws Exception {
        Path file = dir.resolve("hip-packager/settings.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"theme\": \"dark\",}", StandardCharsets.UTF_8);
        Preparation p = Preparation.read(file);
        assertThat(p.settings().theme()).isEqualTo("system");
        assertThat(p.catalog().tracks()).isNotEmpty();
        assertThat(p.settingsProblem()).hasValueSatisfying(m -> assertThat(m).contains(file.toString()).contains("could not be read")
                .contains("kept as settings.json.broken"));
        assertThat(Files.readString(file.resolveSibling("settings.json.broken"))).isEqualTo("{\"theme\": \"dark\",}");
        // What the window saves when it closes goes to a fresh file.
        assertThat(p.store().save(p.settings().withTheme("light"))).isTrue();
        assertThat(Preparation.read(file).settings().theme()).isEqualTo("light");
        assertThat(Files.readString(file.resolveSibling("settings.json.broken"))).isEqualTo("{\"theme\": \"dark\",}");
    }

    @Test
    void settingsReadOrMissingReportNothing() throws Exception {
        Path file = dir.resolve("settings.json");
        assertThat(Preparation.read(file).settingsProblem()).isEmpty();
        Files.writeString(file, "{\"theme\": \"dark\"}", StandardCharsets.UTF_8);
        Preparation p = Preparation.read(file);
        assertThat(p.settings().theme()).isEqualTo("dark");
        assertThat(p.settingsProblem()).isEmpty();
    }

    @Test
    void startedInTheBackgroundItReadsWhatReadingInPlaceReads() throws Exception {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, "{\"theme\": \"dark\"}", StandardCharsets.UTF_8);
        Preparation inPlace = Preparation.read(file);
        Preparation started = Preparation.await(Preparation.start(file));
        assertThat(started.settings()).isEqualTo(inPlace.settings());
        assertThat(started.settings().theme()).isEqualTo("dark");
        assertThat(started.catalog().tracks()).isEqualTo(inPlace.catalog().tracks());
        assertThat(started.systemDark()).isEqualTo(inPlace.systemDark());
        assertThat(started.settingsProblem()).isEmpty();
    }
}
