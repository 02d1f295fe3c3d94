package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VersionTest {

    @Test
    void readsTheVersionsOfTheBuildMachine() {
        Version msvc = Version.parse("14.44.35207");
        assertThat(msvc.major()).isEqualTo(14);
        assertThat(msvc.minor()).isEqualTo(44);
        assertThat(msvc.part(2)).isEqualTo(35207);
        assertThat(msvc.size()).isEqualTo(3);
        assertThat(msvc).hasToString("14.44.35207");

        Version rocm = Version.parse("6.4");
        assertThat(rocm.major()).isEqualTo(6);
        assertThat(rocm.minor()).isEqualTo(4);
        assertThat(rocm.part(2)).isZero();

        Version hip = Version.parse("7.1.51803");
        assertThat(hip.majorMinor()).isEqualTo(Version.of(7, 1));
        assertThat(Version.parse("18").minor()).isZero();
    }

    @Test
    void partsCompareAsNumbersNotAsText() {
        List<Version> sorted = new ArrayList<>(List.of(Version.parse("14.51.36231"), Version.parse("14.44.35207"),
                Version.parse("14.5.1"), Version.parse("14.44"), Version.parse("14.100")));
        sorted.sort(null);
        assertThat(sorted).extracting(Version::toString)
                .containsExactly("14.5.1", "14.44", "14.44.35207", "14.51.36231", "14.100");
    }

    @Test
    void orderAgreesWithEquals() {
        assertThat(Version.parse("14.44")).isLessThan(Version.parse("14.44.0"));
        assertThat(Version.parse("14.44")).isNotEqualTo(Version.parse("14.44.0"));
        assertThat(Version.parse("14.09")).isEqualTo(Version.parse("14.9")).hasSameHashCodeAs(Version.parse("14.9"));
        assertThat(Version.parse("14.44.35112").compareTo(Version.parse("14.44.35112"))).isZero();
    }

    @Test
    void atLeastTheToolsetComparesMajorMinor() {
        Version toolset = Version.parse("14.44");
        Version redist = Version.parse("14.44.35112");
        assertThat(redist.majorMinor().isAtLeast(toolset)).isTrue();
        assertThat(Version.parse("14.38.33135").majorMinor().isAtLeast(toolset)).isFalse();
        assertThat(Version.parse("14.50.1").majorMinor().isAtLeast(toolset)).isTrue();
    }

    @Test
    void startsWithMatchesWholeParts() {
        assertThat(Version.parse("14.44.35207").startsWith(Version.parse("14.44"))).isTrue();
        assertThat(Version.parse("14.44.35207").startsWith(Version.parse("14.44.35207"))).isTrue();
        assertThat(Version.parse("14.440.1").startsWith(Version.parse("14.44"))).isFalse();
        assertThat(Version.parse("14.44").startsWith(Version.parse("14.44.35207"))).isFalse();
        assertThat(Version.parse("14.4").startsWith(Version.parse("14.44"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", " 6.4", "6.4 ", "14.", ".44", "14..44", "14.x", "v14.44", "14.44-preview", "-1.2", "1234567890.1", "14,44"})
    void garbageIsRefusedWithTheTextInTheMessage(String text) {
        assertThatThrownBy(() -> Version.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("such as 14.44.35207");
        assertThat(Version.tryParse(text)).isEmpty();
    }

    @Test
    void errorNamesTheBadPart() {
        assertThatThrownBy(() -> Version.parse("14.4x.1")).hasMessageContaining("'14.4x.1'").hasMessageContaining("'4x'");
        assertThatThrownBy(() -> Version.parse(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Version.of()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Version.of(1, -2)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tryParseGivesTheVersionOfAFolderName() {
        assertThat(Version.tryParse("14.44.35112")).contains(Version.of(14, 44, 35112));
        assertThat(Version.tryParse("v143")).isEmpty();
    }
}
