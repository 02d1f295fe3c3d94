package dev.hippack.core.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.host.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layouts of TheRock 7.14 / 10.0 (docs/distribution-rules.md §12): hipBLASLt's per-architecture
 * folders of {@code .dat.zlib} files (rocm-libraries PR #7717, example names from TheRock #7976),
 * rocBLAS mixed (per-architecture folders for gfx1150-1153, flat names for the rest; openxla/xla
 * PR #44993), and the {@code .kpack} archives with their generic fall-backs.
 */
class TheRockLayoutTest {

    @TempDir
    Path sdk;

    private final KernelFileClassifier classifier = new KernelFileClassifier();
    private final KernelInventoryScanner scanner = new KernelInventoryScanner(classifier);

    private void file(String rel, long size) throws Exception {
        Path p = sdk.resolve(rel);
        Files.createDirectories(p.getParent());
        SparseFiles.create(p, new byte[0], size);
    }

    @Test
    void hipblasltsCompressedIndexInAPerArchFolderMakesTheArchUsable() throws Exception {
        file("bin/hipblaslt/library/gfx1151/TensileLibrary_lazy_gfx1151.dat.zlib", 10);
        file("bin/hipblaslt/library/gfx1151/TensileLiteLibrary_lazy_gfx1151_Mapping.dat.zlib", 20);
        file("bin/hipblaslt/library/gfx1151/Kernels.so-000-gfx1151.hsaco", 300);
        file("bin/hipblaslt/library/gfx1201/TensileLibrary_lazy_gfx1201.dat.zlib", 10);
        file("bin/hipblaslt/library/hipblasltTransform.hsaco", 5);
        LibraryInventory lib = scanner.scanSdk(Host.local(), sdk.toString()).library(KernelLibrary.HIPBLASLT).orElseThrow();
        assertThat(lib.arch("gfx1151")).get().isEqualTo(new ArchKernels("gfx1151", 330, 3, true, true));
        // an index without code is not a usable architecture
        assertThat(lib.arch("gfx1201")).get().isEqualTo(new ArchKernels("gfx1201", 10, 1, true, false));
        assertThat(lib.archsWithKernels()).containsExactly("gfx1151");
        assertThat(lib.archlessFiles()).isEqualTo(1);
    }

    @Test
    void rocblasMixedLayoutReadsFoldersAndFlatNamesAndFallbackDatPerArch() throws Exception {
        file("bin/rocblas/library/gfx1152/TensileLibrary_lazy_gfx1152.dat", 4);
        file("bin/rocblas/library/gfx1152/TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1152.co", 40);
        file("bin/rocblas/library/TensileLibrary_lazy_gfx1100.dat", 4);
        file("bin/rocblas/library/TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1100.co", 40);
        file("bin/rocblas/library/TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback_gfx1100.dat", 2);
        file("bin/rocblas/library/TensileManifest.txt", 1);
        LibraryInventory lib = scanner.scanSdk(Host.local(), sdk.toString()).library(KernelLibrary.ROCBLAS).orElseThrow();
        assertThat(lib.archsWithKernels()).containsExactly("gfx1100", "gfx1152");
        assertThat(lib.arch("gfx1100")).get().extracting(ArchKernels::files).isEqualTo(3);
        assertThat(lib.archlessFiles()).isEqualTo(1);
    }

    @Test
    void rocblasXnackFolderAndNonLazyIndexAreWhatItsLoaderReads() {
        assertThat(classifier.classify("gfx906-xnack-/TensileLibrary_gfx906.dat").arch()).contains("gfx906");
        assertThat(classifier.classify("TensileLibrary_gfx1100.dat").lazyIndex()).isTrue();
        assertThat(classifier.classify("TensileLibrary_lazy_gfx1100.dat.zlib").lazyIndex()).isTrue();
        assertThat(classifier.classify("TensileLiteLibrary_lazy_gfx1151_Mapping.dat.zlib").lazyIndex()).isFalse();
        assertThat(classifier.classify("TensileLibrary.dat").arch()).isEmpty();
    }

    @Test
    void kpackArchivesAreKeptForTheirGpuAndGenericFamilyArchivesForAnyGpuOfTheFamily() throws Exception {
        file(".kpack/blas_lib_gfx1151.kpack", 100);
        file(".kpack/blas_lib_gfx1201.kpack", 200);
        file(".kpack/blas_lib_gfx11-generic.kpack", 50);
        file(".kpack/solver_lib_gfx1151.kpack", 7);
        file(".kpack/README.txt", 1);
        KpackInventory kpack = scanner.scanSdk(Host.local(), sdk.toString()).kpack();
        assertThat(kpack.archives()).extracting(KpackArchive::name).containsExactly("blas_lib_gfx11-generic.kpack",
                "blas_lib_gfx1151.kpack", "blas_lib_gfx1201.kpack", "solver_lib_gfx1151.kpack");
        assertThat(kpack.archives().get(0)).isEqualTo(new KpackArchive("blas_lib_gfx11-generic.kpack", "blas_lib",
                Optional.of("gfx11-generic"), 50));
        assertThat(kpack.keptFor(List.of("gfx1151"))).extracting(KpackArchive::name).containsExactly(
                "blas_lib_gfx11-generic.kpack", "blas_lib_gfx1151.kpack", "solver_lib_gfx1151.kpack");
        assertThat(kpack.keptFor(List.of("gfx1201"))).extracting(KpackArchive::name).containsExactly("blas_lib_gfx1201.kpack");
        assertThat(kpack.archs()).containsExactly("gfx11-generic", "gfx1151", "gfx1201");
        assertThat(kpack.archBytes("gfx1151")).isEqualTo(107);
    }

    @Test
    void aClassicSdkHasNoKpackFolder() {
        assertThat(scanner.scanSdk(Host.local(), sdk.toString()).kpack()).isEqualTo(KpackInventory.NONE);
    }

    @Test
    void genericFamiliesServeTheirMembersOnly() {
        assertThat(ArchFamily.serves("gfx11-generic", "gfx1153")).isTrue();
        assertThat(ArchFamily.serves("gfx11-generic", "gfx1201")).isFalse();
        assertThat(ArchFamily.serves("gfx12-generic", "gfx1201")).isTrue();
        assertThat(ArchFamily.serves("gfx10-3-generic", "gfx1030")).isTrue();
        assertThat(ArchFamily.serves("gfx10-3-generic", "gfx1010")).isFalse();
        assertThat(ArchFamily.serves("gfx9-generic", "gfx906")).isTrue();
        assertThat(ArchFamily.serves("gfx9-generic", "gfx90a")).isTrue();
        assertThat(ArchFamily.serves("gfx9-generic", "gfx1100")).isFalse();
        assertThat(ArchFamily.serves("gfx1151", "gfx1151")).isTrue();
        assertThat(ArchFamily.serves("gfx1151", "gfx1150")).isFalse();
    }

    @Test
    void theArchivesAreLookedForBesideTheParentOfTheDllsFolder() {
        assertThat(KpackLayout.archiveFolderFor("bin")).contains(".kpack");
        assertThat(KpackLayout.archiveFolderFor("a\\bin")).contains("a/.kpack");
        assertThat(KpackLayout.archiveFolderFor("")).isEmpty();
        assertThat(KpackLayout.packagePath("blas_lib_gfx1151.kpack")).isEqualTo(".kpack/blas_lib_gfx1151.kpack");
    }
}
