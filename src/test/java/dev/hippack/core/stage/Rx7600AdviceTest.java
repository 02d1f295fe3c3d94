package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The RX 7600 (gfx1102) advice per selection: a package's README and the release notes say only
 * what is true of the packages offered (issue 33 §3).
 */
class Rx7600AdviceTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private final PackageReadme readme = new PackageReadme(CATALOG);

    private String readmeOf(String track, List<String> targets) {
        ReleasePlan plan = ReleasePlan.forTrack(CATALOG.track(track).orElseThrow()).withTargets(targets);
        return readme.readme(plan, List.of("amdhip64_6.dll"));
    }

    @Test
    void aRocm6PackageWithGfx1102SaysNothingAboutTheRx7600() {
        String text = readmeOf("rocm6", CATALOG.track("rocm6").orElseThrow().targets());
        assertThat(text).doesNotContain("RX 7600 series users").doesNotContain("ROCm 6 package");
    }

    @Test
    void aRocm6PackageWithoutGfx1102NeverSendsUsersToTheRocm6Package() {
        String text = readmeOf("rocm6", List.of("gfx1100", "gfx1151"));
        assertThat(text).contains("RX 7600 series users (gfx1102): this package has no gfx1102 kernels")
                .contains("It was built without that target.")
                .doesNotContain("use the ROCm 6 package")
                .doesNotContain("audiocpp-windows-hip-rocm6`")
                .doesNotContain("hipBLASLt ships no");
    }

    @Test
    void aRocm7PackageNamesTheTrackThatServesTheRx7600() {
        String text = readmeOf("rocm7", CATALOG.track("rocm7").orElseThrow().targets());
        assertThat(text).contains("this package has no gfx1102 kernels")
                .contains("ROCm 7.1's hipBLASLt ships no gfx1102 kernels.")
                .contains("`audiocpp-windows-hip-rocm6` has it unless its builder left it out");
    }

    @Test
    void aRocm7CustomSelectionGetsTheSameAdviceAsTheTrack() {
        assertThat(readmeOf("rocm7", List.of("gfx1201"))).contains("ROCm 7.1's hipBLASLt ships no gfx1102 kernels.");
    }

    private static Rx7600Advice.Offer offer(String zip, int generation, boolean serves) {
        return new Rx7600Advice.Offer(zip, generation == 6 ? "6.4" : "7.1", generation, serves);
    }

    @Test
    void aReleaseWithAServingPackageSendsUsersToThatOne() {
        Optional<String> text = Rx7600Advice.forRelease(List.of(offer("a6.zip", 6, true), offer("b7.zip", 7, false)));
        assertThat(text).hasValueSatisfying(t -> assertThat(t).startsWith("**RX 7600 series (gfx1102): take `a6.zip`.**")
                .contains("`b7.zip` has no gfx1102 kernels (ROCm 7.1's hipBLASLt ships none)"));
    }

    @Test
    void aReleaseWhoseRocm6PackageLacksTheTargetSaysNoPackageServesIt() {
        Optional<String> text = Rx7600Advice.forRelease(List.of(offer("a6.zip", 6, false), offer("b7.zip", 7, false)));
        assertThat(text).hasValueSatisfying(t -> assertThat(t).contains("no package of this release serves these cards")
                .contains("the ROCm 6 package was built without that target").doesNotContain("take `"));
    }

    @Test
    void aReleaseOfOnlyRocm6PackagesWithoutTheTargetSaysSoWithoutBlamingRocm7() {
        Optional<String> text = Rx7600Advice.forRelease(List.of(offer("a6.zip", 6, false)));
        assertThat(text).hasValueSatisfying(t -> assertThat(t).contains("no package of this release serves these cards")
                .contains("It was built without that target.").doesNotContain("hipBLASLt"));
    }

    @Test
    void aReleaseWhosePackagesAllServeTheRx7600SaysNothing() {
        assertThat(Rx7600Advice.forRelease(List.of(offer("a6.zip", 6, true), offer("c6.zip", 6, true)))).isEmpty();
    }
}
