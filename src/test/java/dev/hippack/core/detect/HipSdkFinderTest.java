package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventoryScanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HipSdkFinderTest {

    @TempDir
    Path dir;

    private final HipSdkFinder finder = new HipSdkFinder(CatalogLoader.embedded(), new KernelInventoryScanner(new KernelFileClassifier()));

    private Host host(Map<String, String> env) {
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), env, "C:\\", Map.of());
    }

    private Path sdk(String version) throws Exception {
        Path p = dir.resolve("Program Files/AMD/ROCm").resolve(version);
        Files.createDirectories(p);
        return p;
    }

    private static void touch(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, "x");
    }

    @Test
    void sdkFolderWithoutBinIsReportedWithThePathInsteadOfCrashing() throws Exception {
        sdk("6.4");
        List<Finding> findings = new ArrayList<>();
        List<HipSdk> sdks = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), findings);
        assertThat(sdks).singleElement().satisfies(s -> {
            assertThat(s.version()).isEqualTo("6.4");
            assertThat(s.usable()).isFalse();
            assertThat(s.findings()).anySatisfy(f -> {
                assertThat(f.isError()).isTrue();
                assertThat(f.message()).contains("C:\\Program Files\\AMD\\ROCm\\6.4").contains("no bin folder");
            });
        });
    }

    @Test
    void sdksAreListedNewestFirstComparingVersionsAsNumbers() throws Exception {
        for (String v : List.of("6.4", "6.10", "7.1", "custom-build")) {
            sdk(v);
        }
        List<HipSdk> sdks = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), new ArrayList<>());
        // 6.10 is newer than 6.4 although it sorts before it as text; a folder of no version goes last.
        assertThat(sdks).extracting(HipSdk::version).containsExactly("7.1", "6.10", "6.4", null);
    }

    @Test
    void partialSdkListsTheMissingDllsOfItsGeneration() throws Exception {
        Path bin = sdk("7.1").resolve("bin");
        touch(bin.resolve("amdhip64_7.dll"));
        touch(bin.resolve("clang++.exe"));
        touch(bin.resolve("ROCBLAS.DLL"));
        List<Finding> findings = new ArrayList<>();
        HipSdk s = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), findings).get(0);
        assertThat(s.generation()).isEqualTo(7);
        assertThat(s.dlls()).containsExactly("amdhip64_7.dll", "rocblas.dll");
        assertThat(s.missing()).containsExactly("amd_comgr_3.dll", "libhipblas.dll", "libhipblaslt.dll");
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.message()).contains("libhipblaslt.dll"));
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.message()).contains("kernel library"));
        assertThat(s.libraries()).allSatisfy(l -> assertThat(l.present()).isFalse());
        assertThat(s.amdgpuArch()).isFalse();
    }

    @Test
    void anSdkWithoutTheVersionedComgrIsUsableAndOnlyNoted() throws Exception {
        // Only hipRTC opens amd_comgr0604.dll, and that every SDK carries it is not established:
        // its absence is a note, never a reason to call the SDK unusable.
        Path bin = sdk("6.4").resolve("bin");
        for (String dll : List.of("amdhip64_6.dll", "amd_comgr_2.dll", "hipblas.dll", "rocblas.dll", "hipblaslt.dll", "clang++.exe")) {
            touch(bin.resolve(dll));
        }
        for (String lib : List.of("rocblas", "hipblaslt")) {
            touch(bin.resolve(lib).resolve("library").resolve("TensileLibrary_lazy_gfx1100.dat"));
            touch(bin.resolve(lib).resolve("library").resolve("Kernels.so-000-gfx1100.hsaco"));
        }
        HipSdk s = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), new ArrayList<>()).get(0);
        assertThat(s.missing()).isEmpty();
        assertThat(s.usable()).as(s.findings().toString()).isTrue();
        assertThat(s.findings()).filteredOn(f -> f.message().contains("amd_comgr0604.dll"))
                .singleElement().satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.INFO));

        touch(bin.resolve("amd_comgr0604.dll"));
        HipSdk with = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), new ArrayList<>()).get(0);
        assertThat(with.dlls()).contains("amd_comgr0604.dll");
        assertThat(with.findings()).noneMatch(f -> f.message().contains("amd_comgr0604.dll"));
    }

    @Test
    void everyHipPathVariableIsFollowedAndOneFolderGivesOneEntry() throws Exception {
        sdk("6.4");
        Path other = dir.resolve("opt/rocm-7.1");
        Files.createDirectories(other.resolve("include/hip"));
        Files.writeString(other.resolve("include/hip/hip_version.h"),
                "#define HIP_VERSION_MAJOR 7\n#define HIP_VERSION_MINOR 1\n#define HIP_VERSION_PATCH 51803\n");
        Host host = host(Map.of("ProgramFiles", "C:\\Program Files",
                "HIP_PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\",
                "hip_path_64", "c:\\program files\\amd\\rocm\\6.4\\",
                "HIP_PATH_71", "C:\\opt\\rocm-7.1\\"));
        List<HipSdk> sdks = finder.find(host, new ArrayList<>());
        assertThat(sdks).extracting(HipSdk::version).containsExactly("7.1", "6.4");
        assertThat(sdks.get(0).foundBy()).containsExactly("HIP_PATH_71");
        assertThat(sdks.get(0).fullVersion()).isEqualTo("7.1.51803");
        assertThat(sdks.get(1).foundBy()).containsExactly("Program Files", "HIP_PATH", "HIP_PATH_64");
    }

    @Test
    void staleHipPathIsAWarningNamingTheVariable() throws Exception {
        List<Finding> findings = new ArrayList<>();
        List<HipSdk> sdks = finder.find(host(Map.of("HIP_PATH_62", "C:\\Program Files\\AMD\\ROCm\\6.2\\")), findings);
        assertThat(sdks).isEmpty();
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("HIP_PATH_62").contains("6.2");
            assertThat(f.file()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\6.2");
        });
    }

    @Test
    void unknownGenerationIsAWarningNotACrash() throws Exception {
        touch(sdk("5.7").resolve("bin/clang++.exe"));
        HipSdk s = finder.find(host(Map.of("ProgramFiles", "C:\\Program Files")), new ArrayList<>()).get(0);
        assertThat(s.generation()).isEqualTo(5);
        assertThat(s.findings()).anySatisfy(f -> assertThat(f.message()).contains("5.7").contains("does not know"));
    }

    @Test
    void pathsWithSpacesAndNonAsciiLettersWork() throws Exception {
        Path sdk = dir.resolve("Programme Ü/AMD/ROCm/6.4");
        touch(sdk.resolve("bin/clang++.exe"));
        Host host = host(Map.of("ProgramFiles", "C:\\Programme Ü"));
        HipSdk s = finder.find(host, new ArrayList<>()).get(0);
        assertThat(s.path()).isEqualTo("C:\\Programme Ü\\AMD\\ROCm\\6.4");
        assertThat(s.compiler()).isTrue();
    }

    @Test
    void inspectingAGivenFolderThatDoesNotExistIsAnError() {
        HipSdk s = finder.inspect(host(Map.of()), "D:\\nowhere\\");
        assertThat(s.path()).isEqualTo("D:\\nowhere");
        assertThat(s.findings()).singleElement().satisfies(f -> assertThat(f.message()).contains("D:\\nowhere").contains("does not exist"));
    }
}
