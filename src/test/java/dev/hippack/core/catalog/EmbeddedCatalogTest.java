package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The catalog compiled into {@link EmbeddedCatalog} is the one its JSON resources hold. Run with
 * {@code -Dhippack.writeCatalogSource=true} (tools/catalog-source.sh) to write the source anew
 * from the JSON instead of checking it.
 */
class EmbeddedCatalogTest {

    private static final String REGENERATE = "hippack.writeCatalogSource";
    private static final String HOW_TO_MEND = "the JSON under src/main/resources/dev/hippack/catalog and "
            + CatalogSourceWriter.PATH + " disagree: run tools/catalog-source.sh and commit the source it writes";

    @Test
    void theCompiledCatalogEqualsWhatTheJsonResourcesHold() throws PackagerException {
        Catalog json = CatalogLoader.ofResources().load();
        assertThat(CatalogLoader.embedded()).as(HOW_TO_MEND).isEqualTo(json);
    }

    @Test
    void theCommittedSourceIsWhatTheWriterMakesOfTheJson() throws PackagerException, IOException {
        String written = CatalogSourceWriter.source(CatalogLoader.ofResources().load());
        Path source = Path.of(CatalogSourceWriter.PATH);
        if (Boolean.getBoolean(REGENERATE)) {
            Files.writeString(source, written, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(source, StandardCharsets.UTF_8)).as(HOW_TO_MEND).isEqualTo(written);
    }

    @Test
    void theWriterSpellsOutRecordsListsEnumsNumbersAndNull() {
        GpuArchitecture arch = new GpuArchitecture("gfx1030", "RDNA2", GpuArchitecture.Kind.DISCRETE, "RX 6800 \"XT\"", null);
        String source = CatalogSourceWriter.source(new Catalog(
                List.of(new Track("rocm6", "6.4", 6, List.of("gfx1030"), "build\\hip", "pkg", "setup.exe", List.of("10", "11"))),
                List.of(arch), CatalogLoader.embedded().generations(),
                List.of(new SizedFile("MSVCP140.dll", 575_000L, false)), List.of(), new ZipRatio(0.5, 0.75),
                List.of(new KernelLibrarySizes("6.4", KernelLibrary.ROCBLAS, List.of(new KernelSize("gfx1030", 147.25, true)), 0.0, false))));
        assertThat(source)
                .contains("new Track(\"rocm6\", \"6.4\", 6, List.of(\"gfx1030\"), \"build\\\\hip\", \"pkg\", \"setup.exe\", List.of(\"10\", \"11\"), null)")
                .contains("new GpuArchitecture(\"gfx1030\", \"RDNA2\", GpuArchitecture.Kind.DISCRETE, \"RX 6800 \\\"XT\\\"\", null)")
                .contains("new SizedFile(\"MSVCP140.dll\", 575000L, false)")
                .contains("new ZipRatio(0.5, 0.75)")
                .contains("KernelLibrary.ROCBLAS, List.of(\n")
                .contains("new KernelSize(\"gfx1030\", 147.25, true)")
                .contains("private static List<SizedFile> executables() {\n        return List.of();");
    }

    @Test
    void aStringLiteralEscapesWhatJavaSourceCannotHoldAsItIs() {
        assertThat(CatalogSourceWriter.literal("C:\\Program Files\\AMD \"6.4\"\n\u00e9\u2026"))
                .isEqualTo("\"C:\\\\Program Files\\\\AMD \\\"6.4\\\"\\n\\u00e9\\u2026\"");
    }

    /** A record of the catalog's package with a field of a kind the catalog never holds. */
    record Odd(Map<String, String> names) { }

    @Test
    void aValueTheWriterDoesNotKnowIsRefusedNamingItsField() {
        assertThatThrownBy(() -> CatalogSourceWriter.value(new Odd(Map.of("a", "b")), "odd", new StringBuilder(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("odd.names is a java.util.");
    }
}
