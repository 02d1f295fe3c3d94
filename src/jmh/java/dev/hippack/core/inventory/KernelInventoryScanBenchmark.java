package dev.hippack.core.inventory;

import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.demo.SampleFile;
import dev.hippack.core.demo.SampleKernelLibraries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Scanning both kernel libraries of an SDK: HIP SDK 6.4 (1,613 files) and 7.1 (1,919 files) as
 * the sample environment lays them out (real names, sparse files of real sizes), and a library of
 * 5,000 files (the 7.1 set padded with extra per-arch files). The target (docs/design.md §7) is under 300 ms.
 * Run: {@code ./mvnw -Pjmh test-compile exec:exec@run-jmh -Djmh.args="KernelInventoryScanBenchmark"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class KernelInventoryScanBenchmark {

    @Param({"6.4", "7.1", "5000"})
    public String sdk;

    private Path root;
    private Path rocblas;
    private Path hipblaslt;
    private final KernelInventoryScanner scanner = new KernelInventoryScanner(new KernelFileClassifier());

    @Setup
    public void writeLibraries() throws IOException {
        root = Files.createTempDirectory("inventory-bench-");
        rocblas = root.resolve("rocblas/library");
        hipblaslt = root.resolve("hipblaslt/library");
        SampleKernelLibraries libs = new SampleKernelLibraries();
        String version = sdk.equals("5000") ? "7.1" : sdk;
        int files = 0;
        for (SampleFile f : libs.files(version, KernelLibrary.ROCBLAS)) {
            sparse(rocblas.resolve(f.relativePath()), f.bytes());
            files++;
        }
        for (SampleFile f : libs.files(version, KernelLibrary.HIPBLASLT)) {
            sparse(hipblaslt.resolve(f.relativePath()), f.bytes());
            files++;
        }
        for (int i = 0; files < 5000 && sdk.equals("5000"); i++, files++) {
            sparse(hipblaslt.resolve("TensileLibrary_XX_XX_UA_Type_XX_Contraction_l_Ailk_Bjlk_Cijk_Dijk_" + i + "_gfx1201.co"), 4096 + i);
        }
    }

    @Benchmark
    public long scanBothLibraries() {
        LibraryInventory a = scanner.scanLibrary(KernelLibrary.ROCBLAS, rocblas, "rocblas");
        LibraryInventory b = scanner.scanLibrary(KernelLibrary.HIPBLASLT, hipblaslt, "hipblaslt");
        return a.totalBytes() + b.totalBytes() + a.totalFiles() + b.totalFiles();
    }

    @TearDown
    public void delete() throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static void sparse(Path file, long bytes) throws IOException {
        Files.createDirectories(file.getParent());
        SparseFiles.create(file, new byte[0], bytes);
    }
}
