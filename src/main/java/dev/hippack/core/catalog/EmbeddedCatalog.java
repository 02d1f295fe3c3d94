package dev.hippack.core.catalog;

import java.util.List;

/**
 * GENERATED from the JSON resources under src/main/resources/dev/hippack/catalog by
 * tools/catalog-source.sh; do not edit. The JSON is the catalog's source: edit it, then rerun the
 * script. EmbeddedCatalogTest fails while this file and the JSON disagree.
 *
 * <p>Why it exists: reading the JSON with Jackson's data binding builds a deserializer for each
 * record type on every start, on the cores the wizard's first window needs (docs/design.md §10.5).
 * The records' constructors run here as
 * they would for the JSON, so every check of the catalog still applies.
 */
final class EmbeddedCatalog {

    /** The catalog the JSON resources hold. */
    static final Catalog CATALOG = new Catalog(
            tracks(),
            architectures(),
            generations(),
            crtDlls(),
            executables(),
            zipRatio(),
            kernelSizes());

    private EmbeddedCatalog() { }

    private static List<Track> tracks() {
        return List.of(
            new Track("rocm6", "6.4", 6, List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"), "build\\hip", "audiocpp-windows-hip-rocm6", "AMD-Software-PRO-Edition-25.Q3-Win10-Win11-For-HIP.exe", List.of("10", "11"), null),
            new Track("rocm7", "7.1", 7, List.of("gfx1100", "gfx1101", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"), "build\\hip71", "audiocpp-windows-hip-rocm7", "AMD-Software-PRO-Edition-26.Q1-Win11-For-HIP.exe", List.of("11"), null),
            new Track("rocm7.2", "7.2", 7, List.of("gfx1100", "gfx1101", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"), "build\\hip72", "audiocpp-windows-hip-rocm7.2", "AMD-HIP-SDK-7.2-Win11.exe", List.of("11"), null),
            new Track("therock", "10.0", 10, List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"), "build\\hip-therock", "audiocpp-windows-hip-therock", "therock-dist-windows-10.0.0.tar.gz", List.of("11"), "C:\\TheRock\\build"));
    }

    private static List<GpuArchitecture> architectures() {
        return List.of(
            new GpuArchitecture("gfx1100", "RDNA3", GpuArchitecture.Kind.DISCRETE, "Radeon RX 7900 XTX / XT / GRE", null),
            new GpuArchitecture("gfx1101", "RDNA3", GpuArchitecture.Kind.DISCRETE, "Radeon RX 7800 XT / 7700 XT", null),
            new GpuArchitecture("gfx1102", "RDNA3", GpuArchitecture.Kind.DISCRETE, "Radeon RX 7600 / 7600 XT", null),
            new GpuArchitecture("gfx1103", "RDNA3", GpuArchitecture.Kind.INTEGRATED, "Radeon 780M / 760M (Phoenix, Hawk Point)", null),
            new GpuArchitecture("gfx1150", "RDNA3.5", GpuArchitecture.Kind.INTEGRATED, "Radeon 890M / 880M (Strix Point)", null),
            new GpuArchitecture("gfx1151", "RDNA3.5", GpuArchitecture.Kind.INTEGRATED, "Radeon 8060S (Strix Halo)", null),
            new GpuArchitecture("gfx1200", "RDNA4", GpuArchitecture.Kind.DISCRETE, "Radeon RX 9060 XT", null),
            new GpuArchitecture("gfx1201", "RDNA4", GpuArchitecture.Kind.DISCRETE, "Radeon RX 9070 XT / 9070", null),
            new GpuArchitecture("gfx1030", "RDNA2", GpuArchitecture.Kind.DISCRETE, "Radeon RX 6800 / 6800 XT / 6900 XT", "RDNA2: hipBLASLt in ROCm 6.4 and 7.1 ships no kernels for it, and audio.cpp routes every GEMM through hipBLASLt."),
            new GpuArchitecture("gfx1031", "RDNA2", GpuArchitecture.Kind.DISCRETE, "Radeon RX 6700 XT / 6750 XT", "RDNA2: hipBLASLt in ROCm 6.4 and 7.1 ships no kernels for it, and audio.cpp routes every GEMM through hipBLASLt."),
            new GpuArchitecture("gfx1032", "RDNA2", GpuArchitecture.Kind.DISCRETE, "Radeon RX 6600 / 6600 XT / 6650 XT", "RDNA2: hipBLASLt in ROCm 6.4 and 7.1 ships no kernels for it, and audio.cpp routes every GEMM through hipBLASLt."));
    }

    private static List<RocmGeneration> generations() {
        return List.of(
            new RocmGeneration(6, List.of(
                new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_6.dll", 17825792L),
                new RocmDll(RocmDll.Role.COMPILER_RUNTIME, "amd_comgr_2.dll", 121634816L),
                new RocmDll(RocmDll.Role.HIPBLAS, "hipblas.dll", 1048576L),
                new RocmDll(RocmDll.Role.ROCBLAS, "rocblas.dll", 44040192L),
                new RocmDll(RocmDll.Role.HIPBLASLT, "hipblaslt.dll", 5242880L)), List.of(
                new RuntimeLoadedDll("amdhip64_6.dll", "amd_comgr_2.dll", "ROCm/clr builds its runtime with COMGR_DYN_DLL whenever comgr is a shared library (rocclr/cmake/ROCclrLC.cmake), and rocclr/device/comgrctx.cpp Comgr::LoadLib then opens amd_comgr_<interface major>.dll with LoadLibrary and resolves every symbol with GetProcAddress: no import or delay-import table of the HIP runtime names it."),
                new RuntimeLoadedDll("hiprtc0604.dll", "amd_comgr0604.dll", "Comgr::LoadLib opens the versioned amd_comgr<MM><mm>.dll only for hipRTC (rocclr/cmake/ROCclrLC.cmake: 'versioned comgr needed by hiprtc'). audio.cpp imports no hipRTC DLL (the dumpbin /DEPENDENTS listing of a 6.4 build in audio.cpp's Windows HIP distribution guide, docs/distribution-rules.md \u00a75; ggml's HIP backend links hip::host, rocBLAS, hipBLAS and hipBLASLt), so its packages do not carry it.")), List.of()),
            new RocmGeneration(7, List.of(
                new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_7.dll", 18874368L),
                new RocmDll(RocmDll.Role.COMPILER_RUNTIME, "amd_comgr_3.dll", 120586240L),
                new RocmDll(RocmDll.Role.HIPBLAS, "libhipblas.dll", 734003L),
                new RocmDll(RocmDll.Role.ROCBLAS, "rocblas.dll", 42991616L),
                new RocmDll(RocmDll.Role.HIPBLASLT, "libhipblaslt.dll", 6291456L)), List.of(
                new RuntimeLoadedDll("amdhip64_7.dll", "amd_comgr_3.dll", "ROCm/clr builds its runtime with COMGR_DYN_DLL whenever comgr is a shared library (rocclr/cmake/ROCclrLC.cmake), and rocclr/device/comgrctx.cpp Comgr::LoadLib then opens amd_comgr_<interface major>.dll with LoadLibrary and resolves every symbol with GetProcAddress: no import or delay-import table of the HIP runtime names it."),
                new RuntimeLoadedDll("hiprtc0701.dll", "amd_comgr0701.dll", "Comgr::LoadLib opens the versioned amd_comgr<MM><mm>.dll only for hipRTC (rocclr/cmake/ROCclrLC.cmake: 'versioned comgr needed by hiprtc'). audio.cpp imports no hipRTC DLL (the dumpbin /DEPENDENTS listing of a 6.4 build in audio.cpp's Windows HIP distribution guide, docs/distribution-rules.md \u00a75; ggml's HIP backend links hip::host, rocBLAS, hipBLAS and hipBLASLt), so its packages do not carry it.")), List.of()),
            new RocmGeneration(7, List.of(
                new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_7.dll", 18874368L),
                new RocmDll(RocmDll.Role.COMPILER_RUNTIME, "amd_comgr0702.dll", 120586240L),
                new RocmDll(RocmDll.Role.HIPBLAS, "hipblas.dll", 734003L),
                new RocmDll(RocmDll.Role.ROCBLAS, "rocblas.dll", 42991616L),
                new RocmDll(RocmDll.Role.HIPBLASLT, "libhipblaslt.dll", 6291456L)), List.of(
                new RuntimeLoadedDll("amdhip64_7.dll", "amd_comgr*.dll", "From HIP 7.2 on, CLR's Comgr::LoadLib opens comgr by an exact file name computed from the HIP version, amd_comgr0702.dll for HIP 7.2 (ROCm/TheRock commit a3e68276d, #4535), while ROCm 7.1 shipped both amd_comgr_3.dll and amd_comgr0701.dll: which names an SDK holds is read from its bin, and every amd_comgr*.dll there ships, as Ollama's bundles do.")), List.of("7.2")),
            new RocmGeneration(10, List.of(
                new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_7.dll", 16566272L),
                new RocmDll(RocmDll.Role.COMPILER_RUNTIME, "amd_comgr.dll", 121972224L),
                new RocmDll(RocmDll.Role.HIPBLAS, "hipblas.dll", 801280L),
                new RocmDll(RocmDll.Role.ROCBLAS, "rocblas.dll", 21053952L),
                new RocmDll(RocmDll.Role.HIPBLASLT, "libhipblaslt.dll", 6302208L),
                new RocmDll(RocmDll.Role.KPACK_RUNTIME, "rocm_kpack.dll", 181248L),
                new RocmDll(RocmDll.Role.ORIGAMI, "origami.dll", 368128L),
                new RocmDll(RocmDll.Role.ROCSOLVER, "rocsolver.dll", 24983040L)), List.of(
                new RuntimeLoadedDll("amdhip64_7.dll", "amd_comgr*.dll", "TheRock's amdhip64_7.dll imports amd_comgr.dll and CLR's Comgr::LoadLib also opens it by name (ROCm/rocm-systems projects/clr/rocclr/device/comgrctx.cpp; CMake COMGR_DLL_NAME \"amd_comgr.dll\"); the runtime, comgr and kpack of one build ship together (lemonade PR #3462), so every amd_comgr*.dll of the installation's bin ships.")), List.of()));
    }

    private static List<SizedFile> crtDlls() {
        return List.of(
            new SizedFile("MSVCP140.dll", 575568L, false),
            new SizedFile("VCRUNTIME140.dll", 124544L, false),
            new SizedFile("VCRUNTIME140_1.dll", 49776L, false));
    }

    private static List<SizedFile> executables() {
        return List.of(
            new SizedFile("audiocpp_cli.exe", 83886080L, true),
            new SizedFile("audiocpp_server.exe", 83886080L, true));
    }

    private static ZipRatio zipRatio() {
        return new ZipRatio(0.54, 0.69);
    }

    private static List<KernelLibrarySizes> kernelSizes() {
        return List.of(
            new KernelLibrarySizes("6.4", KernelLibrary.ROCBLAS, List.of(
                new KernelSize("gfx1100", 279.6, false),
                new KernelSize("gfx1101", 156.5, false),
                new KernelSize("gfx1102", 159.4, false),
                new KernelSize("gfx1103", 0.0, false),
                new KernelSize("gfx1150", 159.4, false),
                new KernelSize("gfx1151", 8.6, false),
                new KernelSize("gfx1200", 9.1, false),
                new KernelSize("gfx1201", 9.1, false),
                new KernelSize("gfx1030", 147.9, false),
                new KernelSize("gfx1031", 0.0, false),
                new KernelSize("gfx1032", 0.0, false),
                new KernelSize("gfx906", 130.1, false)), 1.45, false),
            new KernelLibrarySizes("6.4", KernelLibrary.HIPBLASLT, List.of(
                new KernelSize("gfx1100", 16.0, false),
                new KernelSize("gfx1101", 17.0, false),
                new KernelSize("gfx1102", 16.0, false),
                new KernelSize("gfx1103", 16.0, false),
                new KernelSize("gfx1150", 16.0, false),
                new KernelSize("gfx1151", 16.0, false),
                new KernelSize("gfx1200", 23.0, false),
                new KernelSize("gfx1201", 27.0, false),
                new KernelSize("gfx1030", 0.0, false),
                new KernelSize("gfx1031", 0.0, false),
                new KernelSize("gfx1032", 0.0, false)), 1.4, true),
            new KernelLibrarySizes("7.1", KernelLibrary.ROCBLAS, List.of(
                new KernelSize("gfx1100", 52.0, true),
                new KernelSize("gfx1101", 28.2, true),
                new KernelSize("gfx1102", 28.7, true),
                new KernelSize("gfx1103", 0.0, false),
                new KernelSize("gfx1150", 28.7, true),
                new KernelSize("gfx1151", 1.55, true),
                new KernelSize("gfx1200", 1.55, true),
                new KernelSize("gfx1201", 1.55, true),
                new KernelSize("gfx1030", 26.0, true),
                new KernelSize("gfx1031", 0.0, false),
                new KernelSize("gfx1032", 0.0, false),
                new KernelSize("gfx906", 22.0, true)), 0.3, true),
            new KernelLibrarySizes("7.1", KernelLibrary.HIPBLASLT, List.of(
                new KernelSize("gfx1100", 17.0, false),
                new KernelSize("gfx1101", 19.0, false),
                new KernelSize("gfx1102", 0.0, false),
                new KernelSize("gfx1103", 17.0, false),
                new KernelSize("gfx1150", 17.0, false),
                new KernelSize("gfx1151", 17.0, false),
                new KernelSize("gfx1200", 189.0, false),
                new KernelSize("gfx1201", 131.0, false),
                new KernelSize("gfx1030", 0.0, false),
                new KernelSize("gfx1031", 0.0, false),
                new KernelSize("gfx1032", 0.0, false)), 1.4, true),
            new KernelLibrarySizes("7.2", KernelLibrary.ROCBLAS, List.of(
                new KernelSize("gfx1100", 52.0, true),
                new KernelSize("gfx1101", 28.2, true),
                new KernelSize("gfx1102", 28.7, true),
                new KernelSize("gfx1103", 0.0, true),
                new KernelSize("gfx1150", 28.7, true),
                new KernelSize("gfx1151", 1.55, true),
                new KernelSize("gfx1200", 1.55, true),
                new KernelSize("gfx1201", 1.55, true),
                new KernelSize("gfx1030", 26.0, true),
                new KernelSize("gfx1031", 0.0, true),
                new KernelSize("gfx1032", 0.0, true),
                new KernelSize("gfx906", 22.0, true)), 0.3, true),
            new KernelLibrarySizes("7.2", KernelLibrary.HIPBLASLT, List.of(
                new KernelSize("gfx1100", 17.0, true),
                new KernelSize("gfx1101", 19.0, true),
                new KernelSize("gfx1102", 0.0, true),
                new KernelSize("gfx1103", 17.0, true),
                new KernelSize("gfx1150", 17.0, true),
                new KernelSize("gfx1151", 17.0, true),
                new KernelSize("gfx1200", 189.0, true),
                new KernelSize("gfx1201", 131.0, true),
                new KernelSize("gfx1030", 0.0, true),
                new KernelSize("gfx1031", 0.0, true),
                new KernelSize("gfx1032", 0.0, true)), 1.4, true),
            new KernelLibrarySizes("10.0", KernelLibrary.ROCBLAS, List.of(
                new KernelSize("gfx1100", 52.0, true),
                new KernelSize("gfx1101", 28.2, true),
                new KernelSize("gfx1102", 28.7, true),
                new KernelSize("gfx1103", 28.2, true),
                new KernelSize("gfx1150", 28.7, true),
                new KernelSize("gfx1151", 1.55, true),
                new KernelSize("gfx1200", 1.55, true),
                new KernelSize("gfx1201", 1.55, true),
                new KernelSize("gfx1030", 0.0, true),
                new KernelSize("gfx1031", 0.0, true),
                new KernelSize("gfx1032", 0.0, true),
                new KernelSize("gfx906", 0.0, true)), 0.3, true),
            new KernelLibrarySizes("10.0", KernelLibrary.HIPBLASLT, List.of(
                new KernelSize("gfx1100", 17.0, true),
                new KernelSize("gfx1101", 19.0, true),
                new KernelSize("gfx1102", 17.0, true),
                new KernelSize("gfx1103", 17.0, true),
                new KernelSize("gfx1150", 17.0, true),
                new KernelSize("gfx1151", 17.0, true),
                new KernelSize("gfx1200", 189.0, true),
                new KernelSize("gfx1201", 131.0, true),
                new KernelSize("gfx1030", 0.0, true),
                new KernelSize("gfx1031", 0.0, true),
                new KernelSize("gfx1032", 0.0, true)), 1.4, true));
    }
}
