package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.stage.PackageReadme;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which Windows each track's packages need, kept as catalog data (tracks.json): AMD lists Windows
 * 11 only for ROCm 7.1 and later on Windows (issue 33 §3), and the package README says so.
 */
class WindowsRequirementTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @Test
    void theRocm6TrackRunsOnWindows10And11() {
        assertThat(CATALOG.track("rocm6").orElseThrow().windows()).containsExactly("10", "11");
        assertThat(CATALOG.windowsRequirement("rocm6", "6.4")).isEqualTo("64-bit Windows 10 or 11");
    }

    @Test
    void theRocm7TrackIsWindows11OnlyAndSaysWhy() {
        assertThat(CATALOG.track("rocm7").orElseThrow().windows()).containsExactly("11");
        assertThat(CATALOG.windowsRequirement("rocm7", "7.1"))
                .isEqualTo("64-bit Windows 11 (AMD's system requirements for ROCm 7.1 on Windows list Windows 11 only)");
    }

    @Test
    void aCustomPlanTakesTheTrackOfTheHighestRocmVersionNotAboveItsOwn() {
        assertThat(CATALOG.windowsRequirement("custom", "7.2")).startsWith("64-bit Windows 11 (");
        assertThat(CATALOG.windowsRequirement("custom", "7.1.1")).startsWith("64-bit Windows 11 (");
        assertThat(CATALOG.windowsRequirement("custom", "6.4")).isEqualTo("64-bit Windows 10 or 11");
        assertThat(CATALOG.windowsRequirement("custom", "6.2")).isEqualTo("64-bit Windows 10 or 11");
    }

    @Test
    void aTrackMustNameKnownWindowsReleases() {
        assertThatThrownBy(() -> new Track("t", "7.1", 7, List.of("gfx1100"), "b", "p", "s", List.of("12")))
                .hasMessageContaining("field 'windows' lists '12'");
        assertThatThrownBy(() -> new Track("t", "7.1", 7, List.of("gfx1100"), "b", "p", "s", List.of()))
                .hasMessageContaining("windows");
    }

    @Test
    void eachTracksPackageReadmeStatesItsWindows() {
        PackageReadme readme = new PackageReadme(CATALOG);
        String six = readme.readme(ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()), List.of("amdhip64_6.dll"));
        String seven = readme.readme(ReleasePlan.forTrack(CATALOG.track("rocm7").orElseThrow()), List.of("amdhip64_7.dll"));
        assertThat(six).contains("- 64-bit Windows 10 or 11.\n");
        assertThat(seven).contains("- 64-bit Windows 11 (AMD's system requirements for ROCm 7.1 on Windows list Windows 11 only).\n")
                .doesNotContain("Windows 10");
    }
}
