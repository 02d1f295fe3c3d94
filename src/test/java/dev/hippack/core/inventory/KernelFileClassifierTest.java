package dev.hippack.core.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KernelFileClassifierTest {

    private final KernelFileClassifier classifier = new KernelFileClassifier();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "-", value = {
        "TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1100.co, gfx1100",
        "TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1101.dat, gfx1101",
        "Kernels.so-000-gfx1102.hsaco, gfx1102",
        "TensileLibrary_lazy_gfx1150.dat, gfx1150",
        "TensileLibrary_Type_HH_HPA_Contraction_l_Alik_Bljk_Cijk_Dijk_fallback_gfx1151.hsaco, gfx1151",
        "TensileLibrary_Type_SS_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx906-xnack-.hsaco, gfx906",
        "Kernels.so-000-gfx906-xnack-.hsaco, gfx906",
        "TensileLibrary_Type_SS_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx906.co, gfx906",
        "extop_gfx1201.co, gfx1201",
        "TensileLibrary_BB_BB_HA_Bias_Aux_SAV_UA_Type_BB_HPA_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1200.co, gfx1200",
        "TensileLibrary_I8I8_II8_UA_Type_I8I_HPA_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx90a.co, gfx90a",
        "gfx1150/TensileLibrary_lazy_gfx1150.dat, gfx1150",
        "gfx1150/hipblasltExtOpLibrary_x.dat, gfx1150",
        "gfx1150\\Kernels.so-000-gfx1150.hsaco, gfx1150",
        "blas_lib_gfx11-generic.kpack, gfx11-generic",
        "TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback.dat, -",
        "TensileManifest.txt, -",
        "hipblasltExtOpLibrary.dat, -",
        "hipblasltTransform.hsaco, -",
        "TensileLiteLibrary_lazy_Mapping.dat, -",
    })
    void classifiesByTheTokenBetweenSeparators(String path, String arch) {
        KernelFile f = classifier.classify(path);
        assertThat(f.arch().orElse(null)).isEqualTo(arch);
        assertThat(f.archless()).isEqualTo(arch == null);
    }

    @ParameterizedTest
    @CsvSource({"gfx1100xyz.dat", "mygfx1100.co", "notgfx906.hsaco"})
    void tokenGluedToOtherLettersIsNotAnArch(String name) {
        assertThat(classifier.classify(name).archless()).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"TensileLibrary_lazy_gfx1100.dat, true", "TensileLibrary_lazy_gfx906.dat, true",
        "TensileLiteLibrary_lazy_Mapping.dat, false", "gfx1150/TensileLibrary_lazy_gfx1150.dat, true",
        // rocBLAS reads the non-lazy TensileLibrary_<arch>.dat when the lazy one is absent (tensile_host.cpp), and
        // hipBLASLt the compressed .dat.zlib of its per-architecture folders (MessagePack.cpp): both are entry points
        "TensileLibrary_gfx1100.dat, true", "gfx1151/TensileLibrary_lazy_gfx1151.dat.zlib, true", "TensileLibrary_Type_HH_gfx1100.dat, false"})
    void recognisesTheLazyIndex(String name, boolean lazy) {
        assertThat(classifier.classify(name).lazyIndex()).isEqualTo(lazy);
    }

    @ParameterizedTest
    @CsvSource({"Kernels.so-000-gfx906-xnack-.hsaco, gfx906-xnack-", "extop_gfx1201.co, gfx1201"})
    void keepsTheRawToken(String name, String raw) {
        assertThat(classifier.classify(name).rawToken()).contains(raw);
    }
}
