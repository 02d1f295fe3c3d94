package dev.hippack.core.inventory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.KernelLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelInventoryScannerTest {

    @TempDir
    Path dir;

    private final KernelInventoryScanner scanner = new KernelInventoryScanner(new KernelFileClassifier());

    private static void file(Path p, long size) throws Exception {
        Files.createDirectories(p.getParent());
        SparseFiles.create(p, new byte[0], size);
    }

    @Test
    void countsBytesAndFilesPerArchAndArchlessAndKnowsWhichArchsHaveKernels() throws Exception {
        file(dir.resolve("TensileLibrary_lazy_gfx1100.dat"), 100);
        file(dir.resolve("Kernels.so-000-gfx1100.hsaco"), 1000);
        file(dir.resolve("TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback_gfx1100.hsaco"), 10);
        file(dir.resolve("TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback.dat"), 7);
        file(dir.resolve("TensileManifest.txt"), 3);
        file(dir.resolve("Kernels.so-000-gfx906-xnack-.hsaco"), 50);
        file(dir.resolve("gfx1150/TensileLibrary_lazy_gfx1150.dat"), 20);
        file(dir.resolve("gfx1150/Kernels.so-000-gfx1150.hsaco"), 30);
        LibraryInventory lib = scanner.scanLibrary(KernelLibrary.ROCBLAS, dir, "C:\\sdk\\bin\\rocblas\\library");
        assertThat(lib.present()).isTrue();
        assertThat(lib.archs()).extracting(ArchKernels::arch).containsExactly("gfx906", "gfx1100", "gfx1150");
        assertThat(lib.arch("gfx1100")).get().isEqualTo(new ArchKernels("gfx1100", 1110, 3, true, true));
        assertThat(lib.arch("gfx906")).get().isEqualTo(new ArchKernels("gfx906", 50, 1, false, false));
        assertThat(lib.arch("gfx1150")).get().isEqualTo(new ArchKernels("gfx1150", 50, 2, true, true));
        assertThat(lib.archlessBytes()).isEqualTo(10);
        assertThat(lib.archlessFiles()).isEqualTo(2);
        assertThat(lib.totalBytes()).isEqualTo(1220);
        assertThat(lib.archsWithKernels()).containsExactly("gfx1100", "gfx1150");
        assertThat(lib.problems()).isEmpty();
    }

    @Test
    void missingOrNonFolderLibraryIsNotPresentAndSaysSo() throws Exception {
        LibraryInventory missing = scanner.scanLibrary(KernelLibrary.HIPBLASLT, dir.resolve("nope"), "C:\\x\\library");
        assertThat(missing.present()).isFalse();
        assertThat(missing.problems()).containsExactly("C:\\x\\library does not exist");
        file(dir.resolve("library"), 1);
        LibraryInventory notDir = scanner.scanLibrary(KernelLibrary.HIPBLASLT, dir.resolve("library"), "C:\\x\\library");
        assertThat(notDir.problems()).containsExactly("C:\\x\\library is not a folder");
    }

    @Test
    void symlinkLoopIsAProblemNotAHangOrACrash() throws Exception {
        file(dir.resolve("TensileLibrary_lazy_gfx1100.dat"), 5);
        try {
            Files.createSymbolicLink(dir.resolve("loop"), dir);
            Files.createSymbolicLink(dir.resolve("self.dat"), dir.resolve("self.dat"));
            Files.createSymbolicLink(dir.resolve("Kernels.so-000-gfx1100.hsaco"), dir.resolve("TensileLibrary_lazy_gfx1100.dat"));
        } catch (UnsupportedOperationException | java.io.IOException e) {
            assumeTrue(false, "symbolic links are not available here: " + e);
        }
        LibraryInventory lib = scanner.scanLibrary(KernelLibrary.ROCBLAS, dir, "/sdk/library");
        assertThat(lib.present()).isTrue();
        assertThat(lib.problems()).anySatisfy(p -> assertThat(p).contains("/sdk/library/loop").contains("not followed"));
        assertThat(lib.problems()).anySatisfy(p -> assertThat(p).contains("self.dat").contains("loop"));
        assertThat(lib.arch("gfx1100")).get().satisfies(a -> {
            assertThat(a.bytes()).isEqualTo(10);
            assertThat(a.kernels()).isTrue();
        });
    }

    @Test
    void unreadableSubfolderIsAProblemNamingIt() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads every folder, so nothing is unreadable");
        Path locked = dir.resolve("gfx1201");
        file(locked.resolve("Kernels.so-000-gfx1201.hsaco"), 5);
        try {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            assumeTrue(false, "no POSIX permissions here");
        }
        try {
            LibraryInventory lib = scanner.scanLibrary(KernelLibrary.ROCBLAS, dir, "/sdk/library");
            assertThat(lib.problems()).anySatisfy(p -> assertThat(p).contains("gfx1201").contains("permission denied"));
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
