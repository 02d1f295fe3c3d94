package dev.hippack.core.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.inventory.KernelFile;
import dev.hippack.core.inventory.KernelFileClassifier;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SampleKernelLibrariesTest {

    private final SampleKernelLibraries libs = new SampleKernelLibraries();
    private final KernelFileClassifier classifier = new KernelFileClassifier();

    private Map<String, Double> mibByArch(List<SampleFile> files) {
        Map<String, Double> out = new TreeMap<>();
        for (SampleFile f : files) {
            KernelFile k = classifier.classify(f.relativePath());
            out.merge(k.arch().orElse("-"), f.bytes() / 1048576.0, Double::sum);
        }
        return out;
    }

    @Test
    void rocblas64HasTheRealListingsNamesAndPerArchSizes() {
        List<SampleFile> files = libs.files("6.4", KernelLibrary.ROCBLAS);
        assertThat(files).hasSize(851);
        assertThat(files.stream().map(SampleFile::relativePath).distinct().count()).isEqualTo(851);
        Map<String, Double> mib = mibByArch(files);
        Map<String, Double> expected = Map.of("gfx906", 130.1, "gfx1030", 147.9, "gfx1100", 279.6, "gfx1101", 156.5,
                "gfx1102", 159.4, "gfx1150", 159.4, "gfx1151", 8.6, "gfx1200", 9.1, "gfx1201", 9.1, "-", 1.45);
        expected.forEach((arch, v) -> assertThat(mib.get(arch)).as(arch).isCloseTo(v, within(v * 0.02)));
        assertThat(mib).doesNotContainKey("gfx1103");
        Map<String, Long> counts = files.stream().collect(Collectors.groupingBy(
                f -> classifier.classify(f.relativePath()).arch().orElse("-"), Collectors.counting()));
        assertThat(counts).containsEntry("gfx906", 156L).containsEntry("gfx1030", 88L).containsEntry("gfx1100", 96L)
                .containsEntry("gfx1201", 56L).containsEntry("-", 55L);
    }

    @Test
    void gfx1102AndGfx1150HaveIdenticalSizesSoSizeDeduplicationIsCaught() {
        for (String version : List.of("6.4", "7.1")) {
            List<SampleFile> files = libs.files(version, KernelLibrary.ROCBLAS);
            List<Long> a = files.stream().filter(f -> f.relativePath().contains("gfx1102")).map(SampleFile::bytes).sorted().toList();
            List<Long> b = files.stream().filter(f -> f.relativePath().contains("gfx1150")).map(SampleFile::bytes).sorted().toList();
            assertThat(a).hasSize(96).isEqualTo(b);
        }
    }

    @Test
    void rocblas71KeepsTheNamesAndShrinksToItsMeasuredTotal() {
        List<SampleFile> six = libs.files("6.4", KernelLibrary.ROCBLAS);
        List<SampleFile> seven = libs.files("7.1", KernelLibrary.ROCBLAS);
        assertThat(seven.stream().map(SampleFile::relativePath).toList())
                .isEqualTo(six.stream().map(SampleFile::relativePath).toList());
        double total = seven.stream().mapToLong(SampleFile::bytes).sum() / 1048576.0;
        assertThat(total).isCloseTo(191.0, within(191.0 * 0.02));
        assertThat(mibByArch(seven).get("gfx1100")).isCloseTo(52.0, within(1.0));
    }

    @Test
    void hipblaslt71HasNoGfx1102AndGrowsForRdna4() {
        Map<String, Double> six = mibByArch(libs.files("6.4", KernelLibrary.HIPBLASLT));
        Map<String, Double> seven = mibByArch(libs.files("7.1", KernelLibrary.HIPBLASLT));
        assertThat(six).containsKeys("gfx1102", "gfx1103");
        assertThat(seven).doesNotContainKey("gfx1102").containsKey("gfx1103");
        assertThat(seven.get("gfx1200")).isCloseTo(189.0, within(2.0));
        double total6 = six.values().stream().mapToDouble(Double::doubleValue).sum();
        double total7 = seven.values().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(total6).isCloseTo(147.0, within(3.0));
        assertThat(total7).isCloseTo(408.0, within(8.0));
        List<String> archless = libs.files("7.1", KernelLibrary.HIPBLASLT).stream().map(SampleFile::relativePath)
                .filter(n -> classifier.classify(n).archless()).toList();
        assertThat(archless).containsExactlyInAnyOrder("hipblasltExtOpLibrary.dat", "hipblasltTransform.hsaco",
                "TensileLiteLibrary_lazy_Mapping.dat");
    }
}
