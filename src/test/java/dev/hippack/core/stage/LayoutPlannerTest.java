package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.FileTrees;
import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.detect.CrtRedist;
import dev.hippack.core.detect.VisualStudioFinder;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LayoutPlannerTest {

    @TempDir
    Path temp;

    BuildMachineFixture machine;
    LayoutPlanner planner;

    @BeforeEach
    void setUp() throws Exception {
        machine = new BuildMachineFixture(temp.resolve("machine"));
        planner = new LayoutPlanner(machine.catalog);
    }

    private static List<String> paths(PackageLayout layout, StagedFile.Kind kind) {
        return layout.files(kind).stream().map(StagedFile::path).toList();
    }

    @Test
    void rocmDllsAreTheImportClosureThroughTheSdkBin() throws Exception {
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        assertThat(paths(layout, StagedFile.Kind.EXECUTABLE)).containsExactly("audiocpp_cli.exe", "audiocpp_server.exe");
        // exe -> amdhip64_6, hipblas, hipblaslt; hipblas -> rocblas; amdhip64_6 loads amd_comgr_2 at run time.
        assertThat(paths(layout, StagedFile.Kind.ROCM_DLL)).containsExactlyInAnyOrder(
                "amdhip64_6.dll", "amd_comgr_2.dll", "hipblas.dll", "hipblaslt.dll", "rocblas.dll");
        // The SDK's versioned comgr is opened only by hipRTC, which nothing ships, so it is not shipped.
        assertThat(paths(layout, StagedFile.Kind.ROCM_DLL)).doesNotContain("amd_comgr0604.dll");
        assertThat(layout.runtimeLoaded()).extracting(r -> r.loader() + " -> " + r.dll())
                .containsExactly("amdhip64_6.dll -> amd_comgr_2.dll");
        assertThat(layout.windowsDlls()).contains("KERNEL32.dll", "ADVAPI32.dll", "WS2_32.dll")
                .noneMatch(d -> d.equalsIgnoreCase("amdhip64_6.dll"));
        assertThat(layout.files(StagedFile.Kind.ROCM_DLL)).allMatch(f -> f.source().startsWith(machine.sdkBin()));
    }

    @Test
    void aNewDependencyOfAnSdkDllIsPickedUp() throws Exception {
        // A rebuilt hipBLAS that imports roctx64.dll instead of rocblas.dll.
        BuildMachineFixture.renameImport(machine.sdkBin().resolve("hipblas.dll"), "rocblas.dll", "roctx64.dll");
        BuildMachineFixture.copyResource("rocm6/rocblas.dll", machine.sdkBin().resolve("roctx64.dll"));
        PackageLayout layout = planner.plan(machine.plan().withRocblasKernels(KernelPolicy.DROP), machine.host);
        assertThat(paths(layout, StagedFile.Kind.ROCM_DLL)).contains("roctx64.dll").doesNotContain("rocblas.dll");
    }

    @Test
    void aPackageLaidOutByImportsAloneWouldLackComgrSoStagingShipsWhatTheRuntimeLoads() throws Exception {
        // No import or delay-import table of the sample's SDK names amd_comgr_2.dll: only the
        // catalog's run-time loads bring it in.
        assertThat(new PeReader().read(machine.sdkBin().resolve("amdhip64_6.dll")).allDependencies())
                .noneMatch(d -> d.equalsIgnoreCase("amd_comgr_2.dll"));
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        assertThat(paths(layout, StagedFile.Kind.ROCM_DLL)).contains("amd_comgr_2.dll");
    }

    @Test
    void anSdkWithoutTheComgrItsRuntimeLoadsIsRefusedNamingBoth() throws Exception {
        Files.delete(machine.sdkBin().resolve("amd_comgr_2.dll"));
        assertThatThrownBy(() -> planner.plan(machine.plan(), machine.host)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("amdhip64_6.dll loads amd_comgr_2.dll at run time").hasMessageContaining("Repair or reinstall");
    }

    @Test
    void crtComesFromTheNewestRedistAtLeastAsNewAsTheToolset() throws Exception {
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        assertThat(layout.files(StagedFile.Kind.CRT_DLL)).extracting(StagedFile::path)
                .containsExactlyInAnyOrder("msvcp140.dll", "vcruntime140.dll", "vcruntime140_1.dll");
        assertThat(layout.files(StagedFile.Kind.CRT_DLL))
                .allMatch(f -> f.source().toString().contains("14.44.35112"));

        assertThatThrownBy(() -> planner.plan(machine.plan().withToolset("14.50"), machine.host))
                .isInstanceOf(PackagerException.class).hasMessageContaining("older than the build toolset 14.50");
    }

    @Test
    void crtComesFromARedistAsDetectionListsItForTheInstance() throws Exception {
        // 14.5.x is older than 14.44 although it sorts after it as text.
        Path old = machine.root.resolve("BuildTools/VC/Redist/MSVC/14.5.99999/x64/Microsoft.VC143.CRT");
        BuildMachineFixture.copyResource("crt/MSVCP140.dll", old.resolve("MSVCP140.dll"));
        List<CrtRedist> detected = new VisualStudioFinder().redists(machine.host, BuildMachineFixture.VS);
        assertThat(detected).extracting(CrtRedist::version).containsExactly("14.5.99999", "14.38.33135", "14.44.35112");

        CrtRedist newest = detected.get(2);
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        assertThat(layout.files(StagedFile.Kind.CRT_DLL)).isNotEmpty().allSatisfy(f -> assertThat(f.source())
                .isEqualTo(machine.host.resolve(machine.host.join(newest.path(), newest.dll(f.path()).orElseThrow()))));
    }

    @Test
    void visualStudioWithoutAnyRedistNamesTheFolderAndTheFix() throws Exception {
        FileTrees.delete(machine.root.resolve("BuildTools/VC/Redist"));
        assertThatThrownBy(() -> planner.plan(machine.plan(), machine.host)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("No MSVC CRT redist").hasMessageContaining("C:\\BuildTools\\VC\\Redist\\MSVC")
                .hasMessageContaining("'vsInstance'");
    }

    @Test
    void toolsetThatIsNoVersionIsRefusedNamingTheProfileKey() {
        assertThatThrownBy(() -> planner.plan(machine.plan().withToolset("latest"), machine.host))
                .isInstanceOf(PackagerException.class).hasMessageContaining("'latest'").hasMessageContaining("'toolset'");
    }

    @Test
    void kernelLibrariesKeepTheTargetsAndArchlessFilesOnly() throws Exception {
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        assertThat(paths(layout, StagedFile.Kind.ROCBLAS_KERNEL)).containsExactlyInAnyOrder(
                "rocblas/library/TensileLibrary_lazy_gfx1100.dat",
                "rocblas/library/TensileLibrary_lazy_gfx1101.dat",
                "rocblas/library/TensileLibrary_Type_HH_Contraction_l_Ailk_Bljk_Cijk_Dijk_gfx1100.co",
                "rocblas/library/TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_fallback_gfx1101.hsaco",
                "rocblas/library/TensileLibrary_Type_SS_Contraction_l_Alik_Bljk_Cijk_Dijk_fallback.dat",
                "rocblas/library/TensileManifest.txt");
        assertThat(paths(layout, StagedFile.Kind.HIPBLASLT_KERNEL)).containsExactlyInAnyOrder(
                "hipblaslt/library/TensileLibrary_lazy_gfx1100.dat",
                "hipblaslt/library/Kernels.so-000-gfx1100.hsaco",
                "hipblaslt/library/Kernels.so-000-gfx1101.hsaco",
                "hipblaslt/library/hipblasltTransform.hsaco");
        // gfx906 (twice), gfx1102 and the hipBLASLt gfx1030 file.
        assertThat(layout.droppedKernels()).isEqualTo(4);
    }

    @Test
    void dropPolicyLeavesOutTheRocblasLibraryButKeepsRocblasDll() throws Exception {
        PackageLayout layout = planner.plan(machine.plan().withRocblasKernels(KernelPolicy.DROP), machine.host);
        assertThat(layout.files(StagedFile.Kind.ROCBLAS_KERNEL)).isEmpty();
        assertThat(paths(layout, StagedFile.Kind.ROCM_DLL)).contains("rocblas.dll");
        assertThat(layout.files(StagedFile.Kind.HIPBLASLT_KERNEL)).isNotEmpty();
        assertThat(layout.findings()).extracting(Finding::id).contains("libs.drop-rocblas");
        assertThat(layout.findings()).filteredOn(f -> f.id().equals("libs.drop-rocblas"))
                .allMatch(f -> f.severity() == Severity.WARNING);
    }

    @Test
    void missingExecutableNamesTheFileAndTheFix() {
        ReleasePlan plan = machine.plan().withBuildDir("build\\hip71");
        assertThatThrownBy(() -> planner.plan(plan, machine.host)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("audiocpp_cli.exe").hasMessageContaining("hip-packager build");
    }

    @Test
    void readmeNamesTargetsRequirementsQuickStartAndNotes() throws Exception {
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        String readme = layout.generated().stream().filter(g -> g.path().equals("README.md")).findFirst().orElseThrow().content();
        assertThat(readme).contains("gfx1100", "RX 7900 XTX", "gfx1101", "64-bit Windows", "AMD graphics driver",
                "--backend hip", "--backend rocm", "--backend cpu", "audiocpp_server.exe --config", "HSA_OVERRIDE_GFX_VERSION",
                "next to the .exe", "update the AMD driver", "AMD EULA", "Visual Studio");
        String json = layout.generated().stream().filter(g -> g.path().equals("server.json")).findFirst().orElseThrow().content();
        JsonNode server = new ObjectMapper().readTree(json);
        assertThat(server.get("backend").asText()).isEqualTo("hip");
        assertThat(server.get("models")).isNotEmpty();
    }

    @Test
    void readmeListsEachShippedRocmDllWithItsFileVersion() throws Exception {
        // A DLL without a version resource is listed as such, never with a made-up version.
        Files.copy(Path.of("src/test/resources/pe/x64-exe-no-imports.exe"), machine.sdkBin().resolve("amd_comgr_2.dll"),
                StandardCopyOption.REPLACE_EXISTING);
        PackageLayout layout = planner.plan(machine.plan(), machine.host);
        String readme = generated(layout, "README.md");
        assertThat(readme).contains("## ROCm libraries in this package")
                .contains("| `amdhip64_6.dll` | 6.4.3665.0 |\n")
                .contains("| `hipblas.dll` | 2.4.0.0 |\n")
                .contains("| `rocblas.dll` | 4.4.0.0 |\n")
                .contains("| `hipblaslt.dll` | 0.12.0.0 |\n")
                .contains("| `amd_comgr_2.dll` | (no version resource) |\n")
                .contains("(Get-Item C:\\Windows\\System32\\amdhip64_6.dll).VersionInfo.FileVersion")
                .contains("Extract the zip to a short folder such as `C:\\audiocpp`");
        for (StagedFile f : layout.files()) {
            if (f.kind() == StagedFile.Kind.ROCM_DLL) {
                assertThat(readme).contains("| `" + f.path() + "` |");
            }
        }
    }

    @Test
    void packageWithoutGfx1102SendsRx7600UsersToTheRocm6Package() throws Exception {
        String withoutGfx1102 = new PackageReadme(machine.catalog).readme(
                ReleasePlan.forTrack(machine.catalog.track("rocm7").orElseThrow()), List.of("amdhip64_7.dll"));
        assertThat(withoutGfx1102).contains("RX 7600 series users").contains("`audiocpp-windows-hip-rocm6` has it");
        String withGfx1102 = new PackageReadme(machine.catalog).readme(
                ReleasePlan.forTrack(machine.catalog.track("rocm6").orElseThrow()), List.of("amdhip64_6.dll"));
        assertThat(withGfx1102).doesNotContain("RX 7600 series users").contains("gfx1102");
    }

    private static String generated(PackageLayout layout, String name) {
        return layout.generated().stream().filter(g -> g.path().equals(name)).findFirst().orElseThrow().content();
    }

    /** The notices with their wrapped lines joined, for phrases that may wrap. */
    private static String flat(String text) {
        return text.replaceAll("\r\n +", " ");
    }

    @Test
    void theCheckoutsLicenseIsCopiedAndTheNoticesNameEveryShippedComponent() throws Exception {
        PackageLayout layout = planner.plan(machine.plan(), machine.host, java.util.Optional.of("v0.4.3"));
        assertThat(paths(layout, StagedFile.Kind.LICENSE)).containsExactly("LICENSE");
        assertThat(layout.files(StagedFile.Kind.LICENSE).get(0).source()).isEqualTo(machine.root.resolve("src/audio.cpp/LICENSE"));
        assertThat(layout.generated()).extracting(GeneratedFile::path)
                .containsExactly("README.md", "server.json", "THIRD-PARTY-NOTICES.txt");
        String notices = generated(layout, "THIRD-PARTY-NOTICES.txt");
        assertThat(flat(notices)).contains("audio.cpp v0.4.3").contains("MIT. The full text is in LICENSE in this folder.")
                .contains("ggml").contains("https://github.com/ggml-org/ggml")
                .contains("rocBLAS").contains("hipBLASLt").contains("hipBLAS")
                .contains("amdhip64_6.dll").contains("amd_comgr_2.dll").contains("hipblas.dll").contains("hipblaslt.dll")
                .contains("rocblas.dll").contains("rocblas\\library").contains("hipblaslt\\library")
                .contains("AMD Software End User License Agreement").contains("must check")
                .contains("msvcp140.dll").contains("vcruntime140.dll").contains("vcruntime140_1.dll")
                .contains("Microsoft.VC143.CRT 14.44.35112")
                .contains("Visual Studio license terms")
                // Nothing of the SDK's own license files on this machine: said, with the upstream file.
                .contains("The SDK has no license file for rocBLAS (looked in share\\doc\\rocblas)")
                .contains("https://github.com/ROCm/rocBLAS/blob/develop/LICENSE.md")
                .doesNotContain("\n\n\n");
        assertThat(notices.replace("\r\n", "")).doesNotContain("\n");
        String readme = generated(layout, "README.md");
        assertThat(readme).contains("\naudio.cpp version: v0.4.3\n").contains("`LICENSE`").contains("THIRD-PARTY-NOTICES.txt");
        assertThat(layout.findings()).extracting(Finding::id).doesNotContain("license.audiocpp");
    }

    @Test
    void licenseTextsTheSdkAndTheVendoredLibrariesHoldAreReproduced() throws Exception {
        Path doc = machine.root.resolve("Program Files/AMD/ROCm/6.4/share/doc");
        Files.createDirectories(doc.resolve("rocblas"));
        Files.writeString(doc.resolve("rocblas/LICENSE.md"), "MIT License\n\nCopyright (c) rocBLAS test text\n");
        Path external = machine.root.resolve("src/audio.cpp/external");
        Files.createDirectories(external.resolve("ggml"));
        Files.writeString(external.resolve("ggml/LICENSE"), "MIT License\n\nCopyright (c) ggml test text\n");
        Files.createDirectories(external.resolve("miniaudio"));
        PackageLayout layout = planner.plan(machine.plan(), machine.host, java.util.Optional.empty());
        String notices = generated(layout, "THIRD-PARTY-NOTICES.txt");
        assertThat(flat(notices)).contains("Copyright (c) rocBLAS test text").contains("share\\doc\\rocblas\\LICENSE.md")
                .contains("Copyright (c) ggml test text").contains("external/ggml/LICENSE")
                .contains("miniaudio").contains("no license file in external/miniaudio")
                .contains("The SDK has no license file for hipBLASLt")
                .contains("version unknown");
        assertThat(generated(layout, "README.md")).doesNotContain("audio.cpp version:");
    }

    @Test
    void aCheckoutWithoutLicenseIsAWarningAndThePackageSaysSo() throws Exception {
        Files.delete(machine.root.resolve("src/audio.cpp/LICENSE"));
        PackageLayout layout = planner.plan(machine.plan(), machine.host, java.util.Optional.empty());
        assertThat(paths(layout, StagedFile.Kind.LICENSE)).isEmpty();
        assertThat(layout.findings()).filteredOn(f -> f.id().equals("license.audiocpp"))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.WARNING);
                    assertThat(f.message()).contains("C:\\src\\audio.cpp").contains("no LICENSE");
                });
        assertThat(flat(generated(layout, "THIRD-PARTY-NOTICES.txt"))).contains("had no LICENSE file");
    }

    @Test
    void theVersionNamesThePackageWhenArchiveNameAsksForIt() throws Exception {
        ReleasePlan plan = machine.plan().withArchiveName("audiocpp-windows-hip-rocm6-{version}");
        PackageLayout layout = planner.plan(plan, machine.host, java.util.Optional.of("release/0.4.3-2-gabc1234"));
        assertThat(layout.packageName()).isEqualTo("audiocpp-windows-hip-rocm6-release-0.4.3-2-gabc1234");
        assertThat(generated(layout, "README.md")).startsWith("# audiocpp-windows-hip-rocm6-release-0.4.3-2-gabc1234\n");
        assertThatThrownBy(() -> planner.plan(plan, machine.host, java.util.Optional.empty()))
                .isInstanceOf(PackagerException.class).hasMessageContaining("{version}").hasMessageContaining("not known");
        assertThatThrownBy(() -> planner.plan(plan, machine.host, java.util.Optional.of("v1<2>")))
                .isInstanceOf(PackagerException.class).hasMessageContaining("'v1<2>'").hasMessageContaining("cannot go into a file name");
        // Without the placeholder the name stays, whatever the version.
        assertThat(planner.plan(machine.plan(), machine.host, java.util.Optional.of("v9")).packageName())
                .isEqualTo("audiocpp-windows-hip-rocm6");
    }
}
