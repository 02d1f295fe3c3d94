package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tracks of today's ROCm (issue 29; docs/distribution-rules.md §12) as catalog data. */
class TodaysRocmCatalogTest {

    private final Catalog catalog = CatalogLoader.embedded();

    @Test
    void theHipSdk72AndTheRockTracksAreInTheCatalogWithTheirSdksAndTargets() {
        Track sdk72 = catalog.track("rocm7.2").orElseThrow();
        assertThat(sdk72.rocmVersion()).isEqualTo("7.2");
        assertThat(sdk72.defaultSdkPath()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\7.2");
        Track therock = catalog.track("therock").orElseThrow();
        assertThat(therock.rocmVersion()).isEqualTo("10.0");
        assertThat(therock.defaultSdkPath()).isEqualTo("C:\\TheRock\\build");
        // therock_amdgpu_targets.cmake: RDNA3, RDNA3.5 and RDNA4, gfx1102's hipBLASLt back (TheRock PR #2908)
        assertThat(therock.targets()).contains("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        assertThat(catalog.kernelSizes("therock", KernelLibrary.HIPBLASLT).orElseThrow().arch("gfx1102").orElseThrow().mib()).isPositive();
    }

    @Test
    void eachRocmVersionGetsItsOwnDllNamesAndTheMajorsEntryServesTheRest() {
        assertThat(catalog.runtimeFor("7.1").orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("libhipblas.dll");
        assertThat(catalog.runtimeFor("7.2").orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("hipblas.dll");
        assertThat(catalog.runtimeFor("7.2.1").orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("hipblas.dll");
        assertThat(catalog.runtimeFor("7.3").orElseThrow().dll(RocmDll.Role.HIPBLAS).name()).isEqualTo("libhipblas.dll");
        RocmGeneration therock = catalog.runtimeFor("10.0").orElseThrow();
        assertThat(therock.dll(RocmDll.Role.COMPILER_RUNTIME).name()).isEqualTo("amd_comgr.dll");
        assertThat(therock.dllOf(RocmDll.Role.KPACK_RUNTIME).map(RocmDll::name)).contains("rocm_kpack.dll");
        assertThat(catalog.generation(6).orElseThrow().dllOf(RocmDll.Role.KPACK_RUNTIME)).isEmpty();
        assertThat(catalog.runtimeFor("not a version")).isEmpty();
    }

    @Test
    void comgrIsARuleMatchingEveryComgrNameOfTheSdk() {
        RuntimeLoadedDll rule = catalog.runtimeFor("7.2").orElseThrow().loadedBy("amdhip64_7.dll").get(0);
        assertThat(rule.isRule()).isTrue();
        for (String name : List.of("amd_comgr0702.dll", "AMD_COMGR.DLL", "amd_comgr_3.dll", "amd_comgr0701.dll")) {
            assertThat(rule.matches(name)).as(name).isTrue();
        }
        assertThat(rule.matches("amdhip64_7.dll")).isFalse();
        assertThat(rule.matches("amd_comgr.txt")).isFalse();
        assertThatThrownBy(() -> new RuntimeLoadedDll("a*.dll", "b.dll", "x")).hasMessageContaining("only the loaded DLL");
    }

    @Test
    void theKernelLibrariesDllIsKnownByRuleSoBothReportedHipblasltNamesAreIt() {
        assertThat(KernelLibrary.HIPBLASLT.isDll("hipblaslt.dll")).isTrue();
        assertThat(KernelLibrary.HIPBLASLT.isDll("libhipblaslt.dll")).isTrue();
        assertThat(KernelLibrary.ROCBLAS.isDll("ROCBLAS.DLL")).isTrue();
        assertThat(KernelLibrary.ROCBLAS.isDll("librocblas.dll")).isTrue();
        assertThat(KernelLibrary.HIPBLASLT.isDll("hipblas.dll")).isFalse();
    }
}
