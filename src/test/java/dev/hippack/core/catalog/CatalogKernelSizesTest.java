package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.PackagerException;
import org.junit.jupiter.api.Test;

class CatalogKernelSizesTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final double MIB = 1024 * 1024;

    private static CatalogKernelSizes sizes(String track) {
        return CatalogKernelSizes.forTrack(CATALOG, CATALOG.track(track).orElseThrow());
    }

    @Test
    void catalogSizesSayTheyComeFromTheCatalog() {
        assertThat(sizes("rocm6").source()).isEqualTo(KernelSizes.CATALOG);
        assertThat(sizes("rocm7").describe()).isEqualTo("ROCm 7.1 (catalog)");
    }

    @Test
    void archBytesAreTheGuidesMibFigures() {
        assertThat(sizes("rocm6").archBytes(KernelLibrary.ROCBLAS, "gfx1100") / MIB).isEqualTo(279.6, org.assertj.core.data.Offset.offset(0.01));
        assertThat(sizes("rocm7").archBytes(KernelLibrary.HIPBLASLT, "gfx1200") / MIB).isEqualTo(189.0);
        assertThat(sizes("rocm6").archlessBytes(KernelLibrary.ROCBLAS) / MIB).isEqualTo(1.45, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void missingKernelsAreZeroAndNotPresent() {
        assertThat(sizes("rocm7").hasKernels(KernelLibrary.HIPBLASLT, "gfx1102")).isFalse();
        assertThat(sizes("rocm6").hasKernels(KernelLibrary.HIPBLASLT, "gfx1102")).isTrue();
        assertThat(sizes("rocm6").hasKernels(KernelLibrary.ROCBLAS, "gfx1103")).isFalse();
        assertThat(sizes("rocm6").archBytes(KernelLibrary.ROCBLAS, "gfx1103")).isZero();
        assertThat(sizes("rocm6").archBytes(KernelLibrary.ROCBLAS, "gfx942")).isZero();
    }

    @Test
    void rocblas71SplitIsDerivedAndHipblaslt71IsMeasured() {
        assertThat(sizes("rocm7").archDerived(KernelLibrary.ROCBLAS, "gfx1100")).isTrue();
        assertThat(sizes("rocm7").archDerived(KernelLibrary.HIPBLASLT, "gfx1100")).isFalse();
        assertThat(sizes("rocm6").archDerived(KernelLibrary.ROCBLAS, "gfx1100")).isFalse();
        assertThat(sizes("rocm7").archlessDerived(KernelLibrary.ROCBLAS)).isTrue();
    }

    @Test
    void sizesComeFromTheRocmVersionWhateverTheTrack() throws Exception {
        CatalogKernelSizes custom64 = CatalogKernelSizes.forRocmVersion(CATALOG, "6.4");
        assertThat(custom64.rocmVersion()).isEqualTo("6.4");
        assertThat(custom64.hasKernels(KernelLibrary.ROCBLAS, "gfx1103")).isFalse();
        assertThat(custom64.archBytes(KernelLibrary.ROCBLAS, "gfx1100")).isEqualTo(sizes("rocm6").archBytes(KernelLibrary.ROCBLAS, "gfx1100"));
        // A version the catalog has not measured borrows its major's figures and says so.
        CatalogKernelSizes borrowed = CatalogKernelSizes.forRocmVersion(CATALOG, "6.2");
        assertThat(borrowed.rocmVersion()).isEqualTo("6.4");
        assertThat(borrowed.describe()).contains("ROCm 6.4").contains("ROCm 6.2");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CatalogKernelSizes.forRocmVersion(CATALOG, "5.7"))
                .isInstanceOf(PackagerException.class).hasMessageContaining("ROCm 5.7");
    }
}
