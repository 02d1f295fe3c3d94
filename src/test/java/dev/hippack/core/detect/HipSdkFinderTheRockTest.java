package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.SparseFiles;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventoryScanner;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Today's ROCm installations, laid out in temp folders from the real public listings (test
 * resources {@code inventory/listings}, each naming its source): a TheRock tarball at the documented
 * {@code C:\TheRock\build} or named by {@code HIP_PATH}, TheRock's wheels in a Python environment,
 * and classic HIP SDKs of any version (7.2 with both reported hipBLASLt names).
 */
class HipSdkFinderTheRockTest {

    @TempDir
    Path dir;

    private final HipSdkFinder finder = new HipSdkFinder(CatalogLoader.embedded(), new KernelInventoryScanner(new KernelFileClassifier()));

    private Host host(Map<String, String> env) {
        Map<String, String> all = new LinkedHashMap<>(Map.of("ProgramFiles", "C:\\Program Files", "SystemDrive", "C:"));
        all.putAll(env);
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), all, "C:\\", Map.of());
    }

    /** name -> bytes of a listing; comment lines and the header skipped. */
    private static Map<String, Long> listing(String file) throws IOException {
        try (InputStream in = HipSdkFinderTheRockTest.class.getResourceAsStream("/dev/hippack/inventory/listings/" + file)) {
            assertThat(in).as(file).isNotNull();
            Map<String, Long> rows = new LinkedHashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#") && !line.equals("name\tbytes")) {
                    String[] cols = line.split("\t");
                    rows.put(cols[0], Long.parseLong(cols[1].strip()));
                }
            }
            return rows;
        }
    }

    /** The ROCm DLLs of llama.cpp issue #26964's listing (TheRock 7.14-era files): its non-ROCm files left out. */
    private static Map<String, Long> theRockDlls() throws IOException {
        Map<String, Long> out = new LinkedHashMap<>(listing("llamacpp-issue26964-last-hip-build-vs-b10373-rocm-7.14.tsv"));
        out.keySet().removeIf(n -> !n.endsWith(".dll") || n.startsWith("ggml-"));
        return out;
    }

    private static void lay(Path file, long bytes) throws IOException {
        Files.createDirectories(file.getParent());
        SparseFiles.create(file, new byte[0], bytes);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** Kernel files in TheRock's layouts: rocBLAS flat, hipBLASLt per GPU with .dat.zlib, and the .kpack archive of the listing. */
    private static void kernels(Path libraries) throws IOException {
        write(libraries.resolve("bin/rocblas/library/TensileLibrary_lazy_gfx1151.dat"), "x");
        write(libraries.resolve("bin/rocblas/library/TensileLibrary_Type_HH_Contraction_gfx1151.co"), "x");
        write(libraries.resolve("bin/rocblas/library/TensileManifest.txt"), "x");
        write(libraries.resolve("bin/hipblaslt/library/gfx1151/TensileLibrary_lazy_gfx1151.dat.zlib"), "x");
        write(libraries.resolve("bin/hipblaslt/library/gfx1151/Kernels.so-000-gfx1151.hsaco"), "x");
        lay(libraries.resolve(".kpack/blas_lib_gfx1151.kpack"), listing("misc-single-file-observations.tsv").get(".kpack/blas_lib_gfx1151.kpack"));
    }

    private Path theRockTarball(Path root, String version) throws IOException {
        for (Map.Entry<String, Long> dll : theRockDlls().entrySet()) {
            lay(root.resolve("bin").resolve(dll.getKey()), dll.getValue());
        }
        write(root.resolve(".info/version"), version + "\n");
        write(root.resolve("lib/llvm/bin/clang++.exe"), "x");
        kernels(root);
        return root;
    }

    @Test
    void aTarballAtTheDocumentedRootIsTheRockWithItsVersionFileItsDllsAndItsKernelLayout() throws Exception {
        theRockTarball(dir.resolve("TheRock/build"), "7.14.0");
        List<Finding> findings = new ArrayList<>();
        HipSdk s = finder.find(host(Map.of()), findings).get(0);
        assertThat(s.kind()).isEqualTo(SdkKind.THEROCK);
        assertThat(s.path()).isEqualTo("C:\\TheRock\\build");
        assertThat(s.foundBy()).containsExactly("TheRock default");
        assertThat(s.version()).isEqualTo("7.14");
        assertThat(s.fullVersion()).isEqualTo("7.14.0");
        assertThat(s.generation()).isEqualTo(7);
        assertThat(s.dlls()).contains("amdhip64_7.dll", "amd_comgr.dll", "hipblas.dll", "rocblas.dll", "libhipblaslt.dll",
                "rocm_kpack.dll", "origami.dll", "rocsolver.dll");
        assertThat(s.missing()).isEmpty();
        assertThat(s.compiler()).isTrue();
        assertThat(s.binFolders()).containsExactly("C:\\TheRock\\build\\bin");
        assertThat(s.kpack()).containsExactly("blas_lib_gfx1151.kpack");
        assertThat(s.kernelLayout()).isEqualTo("rocBLAS flat; hipBLASLt per-GPU folders (.dat.zlib); .kpack 1 archive");
        assertThat(s.usable()).as(s.findings().toString()).isTrue();
    }

    @Test
    void aTarballWithoutItsKpackReaderOrItsArchivesSaysWhatIsMissing() throws Exception {
        Path root = theRockTarball(dir.resolve("TheRock/build"), "7.14.0");
        Files.delete(root.resolve("bin/rocm_kpack.dll"));
        Files.delete(root.resolve(".kpack/blas_lib_gfx1151.kpack"));
        HipSdk s = finder.find(host(Map.of()), new ArrayList<>()).get(0);
        assertThat(s.kind()).isEqualTo(SdkKind.THEROCK);
        assertThat(s.missing()).containsExactly("rocm_kpack.dll");
        assertThat(s.usable()).isFalse();
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.message()).contains("lacks rocm_kpack.dll").contains("C:\\TheRock\\build\\bin"));
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.message()).contains("has no .kpack archives in C:\\TheRock\\build\\.kpack"));
    }

    @Test
    void aTarballNamedByHipPathAnywhereTakesItsVersionFromTheFileNotTheFolder() throws Exception {
        theRockTarball(dir.resolve("rocm/therock-dist-windows-gfx1151-10.0.0"), "10.0.0");
        HipSdk s = finder.find(host(Map.of("HIP_PATH", "C:\\rocm\\therock-dist-windows-gfx1151-10.0.0\\")), new ArrayList<>()).get(0);
        assertThat(s.kind()).isEqualTo(SdkKind.THEROCK);
        assertThat(s.foundBy()).containsExactly("HIP_PATH");
        assertThat(s.version()).isEqualTo("10.0");
        assertThat(s.generation()).isEqualTo(10);
        // A generation the catalog does not know is still judged by the roles of its DLLs.
        assertThat(s.missing()).isEmpty();
        assertThat(s.dlls()).contains("hipblas.dll", "rocm_kpack.dll");
    }

    private Path wheels(Path venv) throws IOException {
        Path sp = venv.resolve("Lib/site-packages");
        Map<String, Long> dlls = theRockDlls();
        for (String core : List.of("amdhip64_7.dll", "amd_comgr.dll", "rocm_kpack.dll")) {
            lay(sp.resolve("_rocm_sdk_core/bin").resolve(core), dlls.get(core));
        }
        for (String lib : List.of("hipblas.dll", "rocblas.dll", "libhipblaslt.dll", "origami.dll", "rocsolver.dll")) {
            lay(sp.resolve("_rocm_sdk_libraries/bin").resolve(lib), dlls.get(lib));
        }
        Files.createDirectories(sp.resolve("rocm_sdk_core-7.14.0.dist-info"));
        write(sp.resolve("_rocm_sdk_devel/lib/llvm/bin/clang++.exe"), "x");
        kernels(sp.resolve("_rocm_sdk_libraries"));
        return sp;
    }

    @Test
    void wheelsInThePythonEnvironmentAreOneInstallationWithTwoDllFoldersWhicheverFolderNamesThem() throws Exception {
        wheels(dir.resolve("work/venv"));
        Host host = host(Map.of("VIRTUAL_ENV", "C:\\work\\venv"));
        HipSdk s = finder.find(host, new ArrayList<>()).get(0);
        assertThat(s.kind()).isEqualTo(SdkKind.THEROCK_WHEELS);
        assertThat(s.path()).isEqualTo("C:\\work\\venv\\Lib\\site-packages");
        assertThat(s.foundBy()).containsExactly("VIRTUAL_ENV");
        assertThat(s.version()).isEqualTo("7.14");
        assertThat(s.fullVersion()).isEqualTo("7.14.0");
        assertThat(s.binFolders()).containsExactly("C:\\work\\venv\\Lib\\site-packages\\_rocm_sdk_core\\bin",
                "C:\\work\\venv\\Lib\\site-packages\\_rocm_sdk_libraries\\bin");
        assertThat(s.dlls()).contains("amdhip64_7.dll", "amd_comgr.dll", "hipblas.dll", "libhipblaslt.dll", "rocm_kpack.dll");
        assertThat(s.missing()).isEmpty();
        assertThat(s.compiler()).isTrue();
        assertThat(s.kpack()).containsExactly("blas_lib_gfx1151.kpack");
        assertThat(s.libraries()).allSatisfy(l -> assertThat(l.path()).startsWith("C:\\work\\venv\\Lib\\site-packages\\_rocm_sdk_libraries\\bin"));
        assertThat(s.usable()).as(s.findings().toString()).isTrue();
        // The environment, its site-packages and its core package name the same installation.
        for (String given : List.of("C:\\work\\venv", "C:\\work\\venv\\Lib\\site-packages\\", "C:\\work\\venv\\Lib\\site-packages\\_rocm_sdk_core")) {
            HipSdk g = finder.inspect(host, given);
            assertThat(g.path()).as(given).isEqualTo(s.path());
            assertThat(g.kind()).isEqualTo(SdkKind.THEROCK_WHEELS);
        }
    }

    @Test
    void wheelsWithoutTheLibrariesPackageOrTheDevelCompilerSayWhichWheelToInstall() throws Exception {
        Path sp = wheels(dir.resolve("venv"));
        dev.hippack.core.FileTrees.delete(sp.resolve("_rocm_sdk_libraries"));
        dev.hippack.core.FileTrees.delete(sp.resolve("_rocm_sdk_devel"));
        HipSdk s = finder.inspect(host(Map.of()), "C:\\venv");
        assertThat(s.usable()).isFalse();
        assertThat(s.missing()).contains("rocblas.dll");
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.fix()).contains("rocm[libraries]"));
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.fix()).contains("rocm[devel]"));
    }

    @Test
    void aClassicSdk72IsFoundByItsFolderAndEitherReportedHipblasltNameServes() throws Exception {
        for (String hipblaslt : List.of("hipblaslt.dll", "libhipblaslt.dll")) {
            Path bin = dir.resolve("Program Files/AMD/ROCm/7.2/bin");
            dev.hippack.core.FileTrees.delete(dir.resolve("Program Files"));
            for (String dll : List.of("amdhip64_7.dll", "amd_comgr0702.dll", "hipblas.dll", "rocblas.dll", hipblaslt)) {
                write(bin.resolve(dll), "x");
            }
            lay(bin.resolve("clang++.exe"), listing("misc-single-file-observations.tsv").get("HIP-SDK-7.2/bin/clang++.exe"));
            write(bin.resolve("rocblas/library/TensileLibrary_lazy_gfx1201.dat"), "x");
            write(bin.resolve("rocblas/library/TensileLibrary_gfx1201.co"), "x");
            write(bin.resolve("hipblaslt/library/TensileLibrary_lazy_gfx1201.dat"), "x");
            write(bin.resolve("hipblaslt/library/Kernels.so-000-gfx1201.hsaco"), "x");
            HipSdk s = finder.find(host(Map.of()), new ArrayList<>()).get(0);
            assertThat(s.kind()).isEqualTo(SdkKind.CLASSIC);
            assertThat(s.version()).isEqualTo("7.2");
            assertThat(s.dlls()).as(hipblaslt).contains("hipblas.dll", "amd_comgr0702.dll", hipblaslt);
            assertThat(s.missing()).as(hipblaslt).isEmpty();
            assertThat(s.kpack()).isEmpty();
            assertThat(s.kernelLayout()).isEqualTo("rocBLAS flat; hipBLASLt flat");
        }
    }

    @Test
    void aMachineWithSeveralOfEachListsThemAllNewestFirst() throws Exception {
        for (String v : List.of("6.4", "7.1", "7.2")) {
            write(dir.resolve("Program Files/AMD/ROCm").resolve(v).resolve("bin/clang++.exe"), "x");
        }
        theRockTarball(dir.resolve("TheRock/build"), "7.14.0");
        theRockTarball(dir.resolve("rocm10"), "10.0.0");
        wheels(dir.resolve("venv"));
        List<HipSdk> sdks = finder.find(host(Map.of("HIP_PATH", "C:\\rocm10", "VIRTUAL_ENV", "C:\\venv")), new ArrayList<>());
        assertThat(sdks).extracting(s -> s.kind() + " " + s.version()).containsExactly(
                "THEROCK 10.0", "THEROCK 7.14", "THEROCK_WHEELS 7.14", "CLASSIC 7.2", "CLASSIC 7.1", "CLASSIC 6.4");
    }
}
