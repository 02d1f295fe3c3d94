package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.estimate.SizeEstimate;
import dev.hippack.core.estimate.SizeEstimator;

import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SdkKernelLookupTest {

    @TempDir
    static Path tmp;
    static Host host;

    private final SdkKernelLookup lookup = new SdkKernelLookup(
            new HipSdkFinder(CatalogLoader.embedded(), new KernelInventoryScanner(new KernelFileClassifier())));

    @BeforeAll
    static void sample() throws Exception {
        host = SharedSample.copyTo(tmp.resolve("m")).host();
    }

    @Test
    void measuredEstimateRefusesGfx1102OnTheInstalled71BecauseItsFilesAreAbsent() throws Exception {
        KernelInventory measured = lookup.forVersion(host, "7.1").orElseThrow();
        ReleasePlan plan = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm7").orElseThrow())
                .withTargets(List.of("gfx1100", "gfx1102"));
        SizeEstimate e = new SizeEstimator(CatalogLoader.embedded(), new PlanRules(CatalogLoader.embedded()))
                .estimate(plan, PlanFacts.unknown().withKernels(measured));
        assertThat(e.source()).isEqualTo(KernelSizes.MEASURED);
        assertThat(e.findings()).anySatisfy(f -> {
            assertThat(f.id()).isEqualTo(PlanRules.ARCH_HIPBLASLT_KERNELS);
            assertThat(f.isError()).isTrue();
        });
        assertThat(e.archs().get(0).hipblasltBytes()).isEqualTo(measured.archBytes(KernelLibrary.HIPBLASLT, "gfx1100")).isPositive();
    }

    @Test
    void aGivenSdkIsMeasuredAndABadOneIsRefusedNamingIt() throws Exception {
        KernelInventory six = lookup.forSdk(host, "C:\\Program Files\\AMD\\ROCm\\6.4\\");
        assertThat(six.hasKernels(KernelLibrary.HIPBLASLT, "gfx1102")).isTrue();
        assertThatThrownBy(() -> lookup.forSdk(host, "C:\\nowhere")).isInstanceOf(PackagerException.class)
                .hasMessageContaining("C:\\nowhere");
        Files.createDirectories(tmp.resolve("m/empty sdk/bin"));
        assertThatThrownBy(() -> lookup.forSdk(host, "C:\\empty sdk")).isInstanceOf(PackagerException.class)
                .hasMessageContaining("C:\\empty sdk");
    }

    @Test
    void noInstalledSdkOfThatVersionMeansTheCatalog() {
        assertThat(lookup.forVersion(host, "6.2")).isEmpty();
        assertThat(lookup.forVersion(Host.local(), "7.1")).isEmpty();
    }

}
