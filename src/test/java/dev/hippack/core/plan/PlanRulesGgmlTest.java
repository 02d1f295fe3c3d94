package dev.hippack.core.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule arch.ggml: gfx1152 and gfx1153 ship only from a checkout whose ggml has llama.cpp PR #24129. */
class PlanRulesGgmlTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final String HIP_H = "external/ggml/src/ggml-cuda/vendors/hip.h";
    private final PlanRules rules = new PlanRules(CATALOG);

    private static ReleasePlan plan(String... targets) {
        return ReleasePlan.forTrack(CATALOG.track("rocm7").orElseThrow()).withTargets(List.of(targets)).withTrack(ReleasePlan.CUSTOM_TRACK);
    }

    private List<Finding> ggml(ReleasePlan plan, PlanFacts facts) throws Exception {
        return rules.judge(plan, facts).stream().filter(f -> f.id().equals(PlanRules.ARCH_GGML)).toList();
    }

    private static PlanFacts read(boolean found, String... archs) {
        return PlanFacts.unknown().withGgml(List.of(new GgmlFamily(HIP_H, "RDNA3_5", found, List.of(archs))));
    }

    @Test
    void aCheckoutWithTheChangeShipsGfx1152And1153() throws Exception {
        assertThat(ggml(plan("gfx1151", "gfx1152", "gfx1153"), read(true, "gfx1150", "gfx1151", "gfx1152", "gfx1153"))).isEmpty();
    }

    @Test
    void aCheckoutWithoutTheChangeRefusesEachNamingTheHeaderTheMacroAndThePr() throws Exception {
        List<Finding> found = ggml(plan("gfx1100", "gfx1152", "gfx1153"), read(true, "gfx1150", "gfx1151"));
        assertThat(found).hasSize(2).allSatisfy(f -> {
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.message()).contains("external\\ggml\\src\\ggml-cuda\\vendors\\hip.h").contains("RDNA3_5")
                    .contains("(it names gfx1150, gfx1151)").contains("corrupted");
            assertThat(f.fix()).contains("llama.cpp PR #24129").contains("remove gfx115");
        });
        assertThat(found.get(0).message()).startsWith("gfx1152 (Radeon 860M / 840M) is refused").contains("__gfx1152__");
        assertThat(found.get(1).message()).startsWith("gfx1153 (Radeon 820M) is refused");
    }

    @Test
    void onlyTheArchitectureTheHeaderLacksIsRefused() throws Exception {
        assertThat(ggml(plan("gfx1152", "gfx1153"), read(true, "gfx1150", "gfx1151", "gfx1152")))
                .singleElement().satisfies(f -> assertThat(f.message()).startsWith("gfx1153"));
    }

    @Test
    void aCheckoutWithoutTheHeaderRefusesThemSayingTheFileIsMissing() throws Exception {
        assertThat(ggml(plan("gfx1152"), read(false))).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("the checkout has no external\\ggml\\src\\ggml-cuda\\vendors\\hip.h");
        });
    }

    @Test
    void anUnreadCheckoutIsAWarningThatSaysItWasNotCheckedNeverAPass() throws Exception {
        assertThat(ggml(plan("gfx1152"), PlanFacts.unknown())).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).startsWith("Not checked");
        });
    }

    @Test
    void architecturesThatNeedNoChangeAreNeverJudgedByTheHeader() throws Exception {
        assertThat(ggml(plan("gfx1100", "gfx1150", "gfx1151"), read(false))).isEmpty();
        assertThat(ggml(plan("gfx1100", "gfx1150", "gfx1151"), PlanFacts.unknown())).isEmpty();
    }
}
