package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogLoaderTest {

    private static final double MIB = 1024 * 1024;

    @Test
    void embeddedCatalogHasBothTracksAsTheGuideGivesThem() {
        Catalog c = CatalogLoader.embedded();
        Track rocm6 = c.track("rocm6").orElseThrow();
        Track rocm7 = c.track("rocm7").orElseThrow();
        assertThat(rocm6.rocmVersion()).isEqualTo("6.4");
        assertThat(rocm6.targets()).containsExactly("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        assertThat(rocm6.buildDir()).isEqualTo("build\\hip");
        assertThat(rocm6.packageName()).isEqualTo("audiocpp-windows-hip-rocm6");
        assertThat(rocm7.rocmVersion()).isEqualTo("7.1");
        assertThat(rocm7.targets()).containsExactly("gfx1100", "gfx1101", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        assertThat(rocm7.buildDir()).isEqualTo("build\\hip71");
        assertThat(rocm7.packageName()).isEqualTo("audiocpp-windows-hip-rocm7");
    }

    @Test
    void theProgramsCatalogIsWhatItsJsonResourcesHold() throws PackagerException {
        assertThat(CatalogLoader.embedded()).isEqualTo(CatalogLoader.ofResources().load()).isSameAs(CatalogLoader.embedded());
    }

    @Test
    void rdna2IsListedButBlocked() {
        Catalog c = CatalogLoader.embedded();
        for (String id : new String[] {"gfx1030", "gfx1031", "gfx1032"}) {
            GpuArchitecture a = c.architecture(id).orElseThrow();
            assertThat(a.family()).isEqualTo("RDNA2");
            assertThat(a.blocked()).isTrue();
        }
        List<String> shippable = new java.util.ArrayList<>(c.track("rocm6").orElseThrow().targets());
        shippable.addAll(List.of("gfx1152", "gfx1153"));
        assertThat(c.architectures().stream().filter(a -> !a.blocked()).map(GpuArchitecture::id))
                .containsExactlyInAnyOrderElementsOf(shippable);
    }

    @Test
    void gfx1152And1153AreRdna35AndNeedTheGgmlChangeThatMakesThemSo() {
        Catalog c = CatalogLoader.embedded();
        for (String id : List.of("gfx1152", "gfx1153")) {
            GpuArchitecture a = c.architecture(id).orElseThrow();
            assertThat(a.family()).isEqualTo(c.architecture("gfx1151").orElseThrow().family());
            assertThat(a.integrated()).isTrue();
            assertThat(a.ggml()).isNotNull();
            assertThat(a.ggml().file()).isEqualTo("external/ggml/src/ggml-cuda/vendors/hip.h");
            assertThat(a.ggml().macro()).isEqualTo("RDNA3_5");
            assertThat(a.ggml().change()).contains("#24129");
        }
        // The older RDNA3.5 parts were in ggml's condition before the change.
        assertThat(c.architectures().stream().filter(GpuArchitecture::needsGgmlChange).map(GpuArchitecture::id))
                .containsExactly("gfx1152", "gfx1153");
    }

    @Test
    void aGgmlRequirementNamesAPathInsideTheCheckoutAndAMacro() {
        assertThatThrownBy(() -> new GgmlRequirement("external\\ggml\\hip.h", "RDNA3_5", "PR", "why"))
                .hasMessageContaining("forward slashes");
        assertThatThrownBy(() -> new GgmlRequirement("../ggml/hip.h", "RDNA3_5", "PR", "why"))
                .hasMessageContaining("inside the checkout");
        assertThatThrownBy(() -> new GgmlRequirement("ggml/hip.h", "RDNA 3.5", "PR", "why"))
                .hasMessageContaining("not a C macro name");
    }

    @Test
    void generationsNameTheirDllsDifferently() {
        Catalog c = CatalogLoader.embedded();
        assertThat(c.generation(6).orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("hipblas.dll");
        assertThat(c.generation(7).orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("libhipblas.dll");
        assertThat(c.generation(7).orElseThrow().dll(RocmDll.Role.HIP_RUNTIME).name()).isEqualTo("amdhip64_7.dll");
        assertThat(c.generation(6).orElseThrow().byName("AMD_COMGR_2.DLL")).isPresent();
    }

    @Test
    void theHipRuntimeOfEachGenerationLoadsItsComgrAtRunTimeAndOnlyHipRtcTheVersionedOne() {
        Catalog c = CatalogLoader.embedded();
        RocmGeneration six = c.generation(6).orElseThrow();
        RocmGeneration seven = c.generation(7).orElseThrow();
        assertThat(six.loadedBy("AMDHIP64_6.DLL")).extracting(RuntimeLoadedDll::dll).containsExactly("amd_comgr_2.dll");
        assertThat(seven.loadedBy("amdhip64_7.dll")).extracting(RuntimeLoadedDll::dll).containsExactly("amd_comgr_3.dll");
        assertThat(c.loadedAtRunTimeBy("amdhip64_7.dll")).extracting(RuntimeLoadedDll::dll).containsExactly("amd_comgr_3.dll");
        assertThat(c.loadedAtRunTimeBy("hipblas.dll")).isEmpty();
        // A package needs what its own DLLs load; the versioned comgr only hipRTC opens.
        assertThat(six.loadedByOwnDll("amd_comgr_2.dll")).isTrue();
        assertThat(six.loadedByOwnDll("amd_comgr0604.dll")).isFalse();
        assertThat(six.loadedBy("hiprtc0604.dll")).extracting(RuntimeLoadedDll::dll).containsExactly("amd_comgr0604.dll");
        assertThat(seven.owns("amd_comgr0701.dll")).isTrue();
        assertThat(six.owns("amd_comgr0701.dll")).isFalse();
        assertThat(six.runtimeLoaded()).allSatisfy(r -> assertThat(r.source()).contains("comgr"));
    }

    @Test
    void aDllLoadedByTheGenerationsOwnDllMustBeListedWithItsSize() {
        assertThatThrownBy(() -> new RocmGeneration(6, CatalogLoader.embedded().generation(6).orElseThrow().dlls(),
                List.of(new RuntimeLoadedDll("amdhip64_6.dll", "amd_comgr_9.dll", "a test"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("amd_comgr_9.dll");
    }

    @Test
    void kernelSizesBelongToTheRocmVersionNotToATrack() {
        Catalog c = CatalogLoader.embedded();
        assertThat(c.kernelSizesOf("6.4", KernelLibrary.ROCBLAS)).isPresent();
        assertThat(c.kernelSizesOf("7.1", KernelLibrary.HIPBLASLT)).isPresent();
        assertThat(c.kernelSizes("rocm7", KernelLibrary.HIPBLASLT)).isEqualTo(c.kernelSizesOf("7.1", KernelLibrary.HIPBLASLT));
        assertThat(c.kernelSizes("custom", KernelLibrary.HIPBLASLT)).isEmpty();
    }

    @Test
    void rocblas64FullLibraryMatchesTheGuideTotalCountingFallbackOnce() {
        // docs/distribution-rules.md §9: ~1060 MiB full, ~783 MiB for the 8 targets plus arch-less files;
        // the guide's "fallback 76 MB" row overlaps the per-arch rows and is not added again.
        KernelLibrarySizes rocblas = CatalogLoader.embedded().kernelSizes("rocm6", KernelLibrary.ROCBLAS).orElseThrow();
        assertThat(rocblas.fullBytes() / MIB).isBetween(1055.0, 1065.0);
        double targets = CatalogLoader.embedded().track("rocm6").orElseThrow().targets().stream()
                .mapToLong(t -> rocblas.arch(t).orElseThrow().bytes()).sum() / MIB + rocblas.archlessMib();
        assertThat(targets).isBetween(780.0, 785.0);
    }

    @Test
    void hipblaslt71HasNoGfx1102Kernels() {
        KernelLibrarySizes lt = CatalogLoader.embedded().kernelSizes("rocm7", KernelLibrary.HIPBLASLT).orElseThrow();
        assertThat(lt.arch("gfx1102").orElseThrow().hasKernels()).isFalse();
        assertThat(lt.arch("gfx1200").orElseThrow().mib()).isEqualTo(189);
    }

    @Test
    void rocblas71PerArchFiguresAreMarkedDerived() {
        KernelLibrarySizes r = CatalogLoader.embedded().kernelSizes("rocm7", KernelLibrary.ROCBLAS).orElseThrow();
        assertThat(r.arch("gfx1100").orElseThrow().derived()).isTrue();
        assertThat(r.fullBytes() / MIB).isBetween(188.0, 194.0);
    }

    @Test
    void unknownKeyIsAnErrorNamingResourceAndPath() {
        Map<String, String> files = embeddedFiles();
        files.put(CatalogLoader.TRACKS, files.get(CatalogLoader.TRACKS).replace("\"buildDir\": \"build\\\\hip71\"",
                "\"buildDir\": \"build\\\\hip71\", \"colour\": \"red\""));
        assertThatThrownBy(() -> loader(files).load())
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("tracks.json")
                .hasMessageContaining("$.tracks[1]")
                .hasMessageContaining("unknown key 'colour'");
    }

    @Test
    void missingFieldIsAnErrorNamingTheField() {
        Map<String, String> files = embeddedFiles();
        files.put(CatalogLoader.ARCHITECTURES, files.get(CatalogLoader.ARCHITECTURES)
                .replaceFirst("\"exampleHardware\": \"Radeon RX 7900 XTX / XT / GRE\"", "\"exampleHardwar\": \"x\""));
        assertThatThrownBy(() -> loader(files).load())
                .hasMessageContaining("architectures.json")
                .hasMessageContaining("$.architectures[0]");
    }

    @Test
    void negativeSizeIsAnErrorWithItsPath() {
        Map<String, String> files = embeddedFiles();
        files.put(CatalogLoader.KERNEL_SIZES, files.get(CatalogLoader.KERNEL_SIZES)
                .replaceFirst("\"mib\": 279.6", "\"mib\": -1"));
        assertThatThrownBy(() -> loader(files).load())
                .hasMessageContaining("kernel-sizes.json")
                .hasMessageContaining("$.libraries[0].archs[0]")
                .hasMessageContaining("'mib' must be a number >= 0");
    }

    @Test
    void badArchitectureNameIsRejected() {
        Map<String, String> files = embeddedFiles();
        files.put(CatalogLoader.TRACKS, files.get(CatalogLoader.TRACKS).replaceFirst("\"gfx1101\"", "\"rdna3\""));
        assertThatThrownBy(() -> loader(files).load())
                .hasMessageContaining("tracks.json").hasMessageContaining("'rdna3', not a GPU architecture");
    }

    @Test
    void trackTargetMissingFromMatrixIsACrossReferenceError() {
        Map<String, String> files = embeddedFiles();
        // gfx9999: an id no GPU has (a real one, such as gfx1152, could join the matrix one day).
        files.put(CatalogLoader.TRACKS, files.get(CatalogLoader.TRACKS).replaceFirst("\"gfx1101\"", "\"gfx9999\""));
        assertThatThrownBy(() -> loader(files).load())
                .hasMessageContaining("$.tracks[0].targets[1]").hasMessageContaining("gfx9999 is not in architectures.json");
    }

    @Test
    void brokenJsonGivesLineAndColumn() {
        Map<String, String> files = embeddedFiles();
        files.put(CatalogLoader.RUNTIME, "{\n  \"generations\": [,]\n}");
        assertThatThrownBy(() -> loader(files).load())
                .hasMessageContaining("runtime.json is not valid JSON at line 2");
    }

    @Test
    void missingResourceIsNamed() {
        Map<String, String> files = embeddedFiles();
        files.remove(CatalogLoader.KERNEL_SIZES);
        assertThatThrownBy(() -> loader(files).load()).hasMessageContaining("kernel-sizes.json is missing");
    }

    private static CatalogLoader loader(Map<String, String> files) {
        return new CatalogLoader(name -> files.containsKey(name)
                ? new ByteArrayInputStream(files.get(name).getBytes(StandardCharsets.UTF_8)) : null);
    }

    private static Map<String, String> embeddedFiles() {
        Map<String, String> files = new HashMap<>();
        for (String name : new String[] {CatalogLoader.TRACKS, CatalogLoader.ARCHITECTURES, CatalogLoader.RUNTIME, CatalogLoader.KERNEL_SIZES}) {
            try (InputStream in = CatalogLoader.class.getResourceAsStream("/dev/hippack/catalog/" + name)) {
                files.put(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }
}
