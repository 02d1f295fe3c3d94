package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.stage.PackageReadme;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Not verified on hardware" is catalog data per track (tracks.json {@code unverified}), read in one
 * place ({@link Track#hardwareCaveat()}) by the package README, the release notes and the wizard.
 */
class HardwareCaveatTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final String KPACK = "The .kpack archives are found in ..\\.kpack beside the DLLs' folder (inferred from TheRock's kpack loader).";

    /** The embedded catalog with rocm7 resting on one inferred fact. */
    private static Catalog withUnverifiedRocm7() {
        List<Track> tracks = new ArrayList<>();
        for (Track t : CATALOG.tracks()) {
            tracks.add(!t.id().equals("rocm7") ? t : new Track(t.id(), t.rocmVersion(), t.generation(), t.targets(), t.buildDir(),
                    t.packageName(), t.sdkInstaller(), t.windows(), List.of(KPACK)));
        }
        return new Catalog(tracks, CATALOG.architectures(), CATALOG.generations(), CATALOG.crtDlls(), CATALOG.executables(),
                CATALOG.zipRatio(), CATALOG.kernelSizes());
    }

    @Test
    void aTrackWhoseFactsAreAllReadOrReportedSaysNothing() {
        for (Track t : CATALOG.tracks()) {
            if (t.unverified().isEmpty()) {
                assertThat(t.hardwareCaveat()).isEmpty();
            }
        }
        assertThat(CATALOG.track("rocm6").orElseThrow().unverified()).isEmpty();
        assertThat(CATALOG.hardwareCaveat("rocm6", "6.4")).isEmpty();
    }

    @Test
    void aTrackWithAnInferredFactSaysNotVerifiedOnHardwareForItsPackagesAndForCustomOnesOfItsRocm() {
        Catalog c = withUnverifiedRocm7();
        assertThat(c.hardwareCaveat("rocm7", "7.1")).contains("Not verified on hardware (ROCm 7.1): " + KPACK);
        assertThat(c.hardwareCaveat(ReleasePlan.CUSTOM_TRACK, "7.1")).isEqualTo(c.hardwareCaveat("rocm7", "7.1"));
        assertThat(c.hardwareCaveat(ReleasePlan.CUSTOM_TRACK, "6.4")).isEmpty();
        assertThat(c.hardwareCaveat("rocm6", "6.4")).isEmpty();
    }

    @Test
    void thePackageReadmeOfSuchATrackCarriesTheSentenceAndOtherTracksDoNot() {
        Catalog c = withUnverifiedRocm7();
        PackageReadme readme = new PackageReadme(c);
        String seven = readme.readme(ReleasePlan.forTrack(c.track("rocm7").orElseThrow()), List.of("amdhip64_7.dll"));
        String six = readme.readme(ReleasePlan.forTrack(c.track("rocm6").orElseThrow()), List.of("amdhip64_6.dll"));
        assertThat(seven).contains("> **Not verified on hardware (ROCm 7.1): " + KPACK + "**");
        assertThat(seven.indexOf("Not verified on hardware")).isLessThan(seven.indexOf("## Requirements"));
        assertThat(six).doesNotContain("Not verified on hardware");
    }

    @Test
    void tracksJsonReadsTheFieldOptionallyAndRefusesABlankSentence() throws Exception {
        String track = """
                { "id": "t", "rocmVersion": "7.1", "generation": 7, "targets": ["gfx1100"], "buildDir": "b",
                  "packageName": "p", "sdkInstaller": "s", "windows": ["11"] %s }""";
        assertThat(load(track.formatted("")).track("t").orElseThrow().unverified()).isEmpty();
        assertThat(load(track.formatted(", \"unverified\": [\"A guess.\"]")).hardwareCaveat("t", "7.1"))
                .contains("Not verified on hardware (ROCm 7.1): A guess.");
        assertThatThrownBy(() -> load(track.formatted(", \"unverified\": [\" \"]")))
                .isInstanceOf(PackagerException.class).hasMessageContaining("unverified");
    }

    /** The embedded catalog's resources with tracks.json replaced by one track. */
    private static Catalog load(String trackJson) throws PackagerException {
        return new CatalogLoader(name -> name.equals(CatalogLoader.TRACKS)
                ? new ByteArrayInputStream(("{\"tracks\": [" + trackJson + "]}").getBytes(StandardCharsets.UTF_8))
                : CatalogLoader.class.getResourceAsStream("/dev/hippack/catalog/" + name)).load();
    }
}
