package dev.hippack.core.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.host.Host;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real listings of today's ROCm files (test resources {@code inventory/listings/*.tsv}, each with
 * its public source in its header) laid into an SDK tree of zero-filled sparse files of the listed
 * sizes, and classified as their sources describe.
 */
class RealListingsTest {

    @TempDir
    Path sdk;

    private final KernelInventoryScanner scanner = new KernelInventoryScanner(new KernelFileClassifier());

    record Row(String name, long bytes) { }

    /** The rows of a listing: comment lines ({@code #}) and the header skipped. */
    static List<Row> listing(String file) throws IOException {
        try (InputStream in = RealListingsTest.class.getResourceAsStream("/dev/hippack/inventory/listings/" + file)) {
            assertThat(in).as(file).isNotNull();
            List<Row> rows = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#") || line.equals("name\tbytes")) {
                    continue;
                }
                String[] cols = line.split("\t");
                rows.add(new Row(cols[0], Long.parseLong(cols[1].strip())));
            }
            return rows;
        }
    }

    private void lay(String folder, Row row) throws IOException {
        Path p = sdk.resolve(folder).resolve(row.name());
        Files.createDirectories(p.getParent());
        SparseFiles.create(p, new byte[0], row.bytes());
    }

    @Test
    void lmStudiosFlatRocblasLibraryIsClassifiedByTheTokenInEachName() throws Exception {
        List<Row> rows = listing("lmstudio-vendor-v5-rocblas-library-partial.tsv");
        assertThat(rows).hasSize(6);
        for (Row r : rows) {
            lay("", r);
        }
        LibraryInventory lib = scanner.scanSdk(Host.local(), sdk.toString())
                .library(KernelLibrary.ROCBLAS).orElseThrow();
        assertThat(lib.problems()).isEmpty();
        // the per-arch fallback kernels belong to their architecture; "fallback" alone is not one
        assertThat(lib.archs()).extracting(ArchKernels::arch).containsExactly("gfx906", "gfx1201");
        assertThat(lib.arch("gfx906")).get().isEqualTo(new ArchKernels("gfx906", 47048 + 128856 + 7944, 3, false, false));
        assertThat(lib.arch("gfx1201")).get().isEqualTo(new ArchKernels("gfx1201", 51160, 1, false, false));
        // the arch-neutral files every package keeps: the fallback .dat and the manifest
        assertThat(lib.archlessFiles()).isEqualTo(2);
        assertThat(lib.archlessBytes()).isEqualTo(7406 + 118224);
        // the listing is cut at the top (its source says so): no lazy index is listed, so no arch is usable from it
        assertThat(lib.archsWithKernels()).isEmpty();
    }

    @Test
    void theKpackArchiveOfTheWheelGraftIsFoundAsGfx1151sBlasArchive() throws Exception {
        Row kpack = listing("misc-single-file-observations.tsv").stream().filter(r -> r.name().startsWith(".kpack/"))
                .findFirst().orElseThrow();
        lay("", kpack);
        KernelInventory inv = scanner.scanSdk(Host.local(), sdk.toString());
        assertThat(inv.kpack().archives()).containsExactly(
                new KpackArchive("blas_lib_gfx1151.kpack", "blas_lib", Optional.of("gfx1151"), 42_891_257L));
        assertThat(inv.kpack().keptFor(List.of("gfx1151"))).hasSize(1);
        assertThat(inv.kpack().keptFor(List.of("gfx1150", "gfx1201"))).isEmpty();
        assertThat(inv.kpack().archBytes("gfx1151")).isEqualTo(42_891_257L);
    }

    @Test
    void theSingleFileObservationsOtherThanTheArchiveAreNoKernelFiles() throws Exception {
        for (Row r : listing("misc-single-file-observations.tsv")) {
            if (!r.name().startsWith(".kpack/")) {
                assertThat(new KernelFileClassifier().classify(r.name()).arch()).as(r.name()).isEmpty();
            }
        }
    }

    @Test
    void theRuntimeDllListingsHoldNoKernelFilesAndNoArchive() throws Exception {
        for (String f : List.of("llamacpp-issue26964-last-hip-build-vs-b10373-rocm-7.14.tsv",
                "therock-ci-31094954012-minimal-dll-set.tsv")) {
            Path root = Files.createDirectories(sdk.resolve(f));
            for (Row r : listing(f)) {
                Path p = root.resolve("bin").resolve(r.name());
                Files.createDirectories(p.getParent());
                SparseFiles.create(p, new byte[0], r.bytes());
            }
            KernelInventory inv = scanner.scanSdk(Host.local(), root.toString());
            assertThat(inv.kpack()).isEqualTo(KpackInventory.NONE);
            assertThat(inv.libraries()).allSatisfy(l -> assertThat(l.present()).isFalse());
        }
    }
}
