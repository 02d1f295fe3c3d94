package dev.hippack.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.hippack.core.PackagePart;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizeEstimatorTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final double MIB = 1024 * 1024;
    private static final double GIB = MIB * 1024;

    private final SizeEstimator estimator = new SizeEstimator(CATALOG, new PlanRules(CATALOG));

    private static ReleasePlan plan(String track) {
        return ReleasePlan.forTrack(CATALOG.track(track).orElseThrow());
    }

    private static double mib(SizeEstimate e, PackagePart component) {
        return e.bytes(component) / MIB;
    }

    @Test
    void rocm6WithItsEightTargetsMatchesTheGuide() throws Exception {
        SizeEstimate e = estimator.estimate(plan("rocm6"));
        // docs/distribution-rules.md §9: rocBLAS for the 8 targets ~783 MiB, the per-arch rows sum to ~782.
        assertThat(mib(e, PackagePart.ROCBLAS_KERNELS)).isBetween(781.0, 785.0);
        assertThat(e.archs().stream().mapToLong(ArchSize::rocblasBytes).sum() / MIB).isEqualTo(781.7, offset(0.05));
        // docs/distribution-rules.md §9: hipBLASLt for the 8 targets ~147 MiB, plus 1.4 MiB of arch-less files.
        assertThat(e.archs().stream().mapToLong(ArchSize::hipblasltBytes).sum() / MIB).isEqualTo(147.0, offset(0.05));
        assertThat(mib(e, PackagePart.HIPBLASLT_KERNELS)).isEqualTo(148.4, offset(0.05));
        assertThat(e.totalBytes() / GIB).isBetween(1.2, 1.3);
        assertThat(e.source()).isEqualTo("catalog");
        assertThat(e.track()).isEqualTo("rocm6");
        assertThat(e.targets()).hasSize(8);
        assertThat(e.findings()).noneMatch(Finding::isError);
    }

    @Test
    void rocm7WithItsSevenTargetsMatchesTheGuide() throws Exception {
        SizeEstimate e = estimator.estimate(plan("rocm7"));
        assertThat(e.archs().stream().mapToLong(ArchSize::hipblasltBytes).sum() / MIB).isEqualTo(407.0, offset(0.05));
        assertThat(e.approximate()).isTrue();
        assertThat(e.components().stream().filter(c -> c.id() == PackagePart.ROCBLAS_KERNELS).findFirst().orElseThrow().derived())
                .isTrue();
        assertThat(e.findings()).noneMatch(Finding::isError);
    }

    @Test
    void rocblas71ForTheSevenRocm7TargetsIsTheDerived114MibNotTheGuides143() throws Exception {
        // The measured ~143 MiB (docs/distribution-rules.md §9) is for the 8 targets, gfx1102 included; rocm7 ships 7.
        SizeEstimate seven = estimator.estimate(plan("rocm7"));
        assertThat(mib(seven, PackagePart.ROCBLAS_KERNELS)).isEqualTo(113.85, offset(0.05));
        SizeEstimate eight = estimator.estimate(plan("rocm7").withTargets(CATALOG.track("rocm6").orElseThrow().targets()));
        assertThat(mib(eight, PackagePart.ROCBLAS_KERNELS)).isEqualTo(142.55, offset(0.05));
        assertThat(mib(eight, PackagePart.ROCBLAS_KERNELS)).isBetween(141.0, 145.0);
    }

    @Test
    void componentsComeInTheirDocumentedOrderAndSumToTheTotal() throws Exception {
        SizeEstimate e = estimator.estimate(plan("rocm6"));
        assertThat(e.components()).extracting(ComponentSize::id).containsExactlyElementsOf(PackagePart.ESTIMATED);
        assertThat(e.components().stream().mapToLong(ComponentSize::bytes).sum()).isEqualTo(e.totalBytes());
    }

    @Test
    void dllComponentsAreTheGenerationsDlls() throws Exception {
        SizeEstimate e6 = estimator.estimate(plan("rocm6"));
        var gen6 = CATALOG.generation(6).orElseThrow();
        assertThat(e6.bytes(PackagePart.HIP_RUNTIME))
                .isEqualTo(gen6.dll(RocmDll.Role.HIP_RUNTIME).bytes() + gen6.dll(RocmDll.Role.COMPILER_RUNTIME).bytes());
        assertThat(e6.bytes(PackagePart.MATH_DLLS)).isEqualTo(gen6.dll(RocmDll.Role.HIPBLAS).bytes()
                + gen6.dll(RocmDll.Role.ROCBLAS).bytes() + gen6.dll(RocmDll.Role.HIPBLASLT).bytes());
        var gen7 = CATALOG.generation(7).orElseThrow();
        assertThat(estimator.estimate(plan("rocm7")).bytes(PackagePart.HIP_RUNTIME))
                .isEqualTo(gen7.dll(RocmDll.Role.HIP_RUNTIME).bytes() + gen7.dll(RocmDll.Role.COMPILER_RUNTIME).bytes());
        // docs/distribution-rules.md §9: executables ~160 MiB, MSVC CRT ~2 MiB at most.
        assertThat(mib(e6, PackagePart.EXECUTABLES)).isBetween(150.0, 170.0);
        assertThat(mib(e6, PackagePart.CRT)).isBetween(0.5, 2.0);
    }

    @Test
    void zipRangeAppliesTheCatalogRatios() throws Exception {
        SizeEstimate e = estimator.estimate(plan("rocm6"));
        assertThat(e.zipBytes().low()).isEqualTo(Math.round(e.totalBytes() * CATALOG.zipRatio().low()));
        assertThat(e.zipBytes().high()).isEqualTo(Math.round(e.totalBytes() * CATALOG.zipRatio().high()));
        assertThat(e.zipBytes().low()).isLessThan(e.zipBytes().high());
    }

    @Test
    void droppingRocblasKernelsShipsNoneOfRocblasLibraryButKeepsRocblasDll() throws Exception {
        SizeEstimate filtered = estimator.estimate(plan("rocm6"));
        SizeEstimate dropped = estimator.estimate(plan("rocm6").withRocblasKernels(KernelPolicy.DROP));
        assertThat(dropped.bytes(PackagePart.ROCBLAS_KERNELS)).isZero();
        assertThat(dropped.archs()).allMatch(a -> a.rocblasBytes() == 0);
        assertThat(dropped.bytes(PackagePart.MATH_DLLS)).isEqualTo(filtered.bytes(PackagePart.MATH_DLLS));
        assertThat(filtered.totalBytes() - dropped.totalBytes()).isEqualTo(filtered.bytes(PackagePart.ROCBLAS_KERNELS));
        assertThat(dropped.findings()).anyMatch(f -> f.id().equals(PlanRules.LIBS_DROP_ROCBLAS));
    }

    @Test
    void hipblasltOffCountsNeitherItsDllNorItsKernels() throws Exception {
        ReleasePlan p = plan("rocm6").withTargets(List.of("gfx1100")).withOptions(BuildOptions.releaseDefaults().withHipblaslt(false));
        SizeEstimate e = estimator.estimate(p);
        assertThat(e.bytes(PackagePart.HIPBLASLT_KERNELS)).isZero();
        assertThat(e.bytes(PackagePart.MATH_DLLS)).isEqualTo(estimator.estimate(plan("rocm6")).bytes(PackagePart.MATH_DLLS)
                - CATALOG.generation(6).orElseThrow().dll(RocmDll.Role.HIPBLASLT).bytes());
    }

    @Test
    void oneMoreTargetAddsExactlyItsKernels() throws Exception {
        ReleasePlan base = plan("rocm7").withTargets(List.of("gfx1100"));
        SizeEstimate one = estimator.estimate(base);
        SizeEstimate two = estimator.estimate(base.withTargets(List.of("gfx1100", "gfx1200")));
        ArchSize gfx1200 = two.archs().get(1);
        assertThat(gfx1200.arch()).isEqualTo("gfx1200");
        assertThat(gfx1200.hipblasltBytes() / MIB).isEqualTo(189.0);
        assertThat(two.totalBytes() - one.totalBytes()).isEqualTo(gfx1200.totalBytes());
    }

    @Test
    void estimateCarriesThePlanFindings() throws Exception {
        SizeEstimate e = estimator.estimate(plan("rocm7").withTargets(List.of("gfx1102", "gfx1030")));
        assertThat(e.findings()).filteredOn(Finding::isError).extracting(Finding::id)
                .contains(PlanRules.ARCH_HIPBLASLT_KERNELS, PlanRules.ARCH_RDNA2);
        assertThat(e.hasErrors()).isTrue();
    }

    @Test
    void unknownArchitectureIsBadInput() {
        assertThatThrownBy(() -> estimator.estimate(plan("rocm6").withTargets(List.of("gfx9999"))))
                .isInstanceOf(PackagerException.class).hasMessageContaining("gfx9999").hasMessageContaining("gfx1201");
    }

    @Test
    void scannedSizesMakeTheEstimateMeasured() throws Exception {
        List<String> asked = new ArrayList<>();
        KernelSizes scanned = new KernelSizes() {
            @Override public String source() { return MEASURED; }
            @Override public long archBytes(KernelLibrary library, String arch) { asked.add(arch); return 1000; }
            @Override public long archlessBytes(KernelLibrary library) { return 10; }
            @Override public boolean hasKernels(KernelLibrary library, String arch) { return true; }
            @Override public String describe() { return "C:\\Program Files\\AMD\\ROCm\\6.4"; }
        };
        SizeEstimate e = estimator.estimate(plan("rocm6").withTargets(List.of("gfx1100", "gfx1201")),
                PlanFacts.unknown().withKernels(scanned));
        assertThat(e.source()).isEqualTo("measured");
        assertThat(e.bytes(PackagePart.ROCBLAS_KERNELS)).isEqualTo(2010);
        assertThat(e.bytes(PackagePart.HIPBLASLT_KERNELS)).isEqualTo(2010);
        assertThat(asked).contains("gfx1100", "gfx1201");
    }
}
