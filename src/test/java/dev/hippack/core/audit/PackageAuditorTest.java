package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.FileTrees;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Good and broken packages: each broken one gives exactly its finding, the good ones none. */
class PackageAuditorTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    private Path rocm6() throws Exception {
        return TestPackages.good(tmp.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
    }

    private List<String> ids(AuditReport r) {
        return TestPackages.withoutStandingFindings(r).stream().map(Finding::id).toList();
    }

    private AuditReport withPlan(Path pkg, String track) throws Exception {
        return auditor.audit(pkg, Optional.of(TestPackages.plan(track)));
    }

    private AuditReport withoutPlan(Path pkg) throws Exception {
        return auditor.audit(pkg, Optional.empty());
    }

    @Test
    void goodRocm6PackageHasNoFindingsWithOrWithoutThePlan() throws Exception {
        Path pkg = rocm6();
        AuditReport planned = withPlan(pkg, "rocm6");
        assertThat(TestPackages.withoutStandingFindings(planned)).isEmpty();
        assertThat(planned.passed()).isTrue();
        assertThat(planned.architecturesFrom()).isEqualTo("plan");
        AuditReport fromReadme = withoutPlan(pkg);
        assertThat(TestPackages.withoutStandingFindings(fromReadme)).isEmpty();
        assertThat(fromReadme.architecturesFrom()).isEqualTo("readme");
        assertThat(fromReadme.architectures()).isEqualTo(TestPackages.track("rocm6").targets());
    }

    @Test
    void goodRocm7PackageHasNoFindingsAndItsReadmeGfx1102LineIsNotATarget() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("rocm7"), "rocm7");
        assertThat(TestPackages.withoutStandingFindings(withPlan(pkg, "rocm7"))).isEmpty();
        AuditReport fromReadme = withoutPlan(pkg);
        assertThat(TestPackages.withoutStandingFindings(fromReadme)).isEmpty();
        assertThat(fromReadme.architectures()).doesNotContain("gfx1102").contains("gfx1103");
    }

    @Test
    void targetsComeFromKernelFilesWithoutPlanOrReadme() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("README.md"));
        AuditReport r = withoutPlan(pkg);
        assertThat(ids(r)).containsExactly("readme.track");
        assertThat(r.architecturesFrom()).isEqualTo("kernel-files");
        assertThat(r.architectures()).containsExactlyElementsOf(TestPackages.track("rocm6").targets());
    }

    @Test
    void goodPackageAsZipHasNoFindings() throws Exception {
        Path zip = TestPackages.zip(rocm6(), tmp.resolve("audiocpp-windows-hip-rocm6.zip"), "audiocpp-windows-hip-rocm6");
        assertThat(TestPackages.withoutStandingFindings(withPlan(zip, "rocm6"))).isEmpty();
        assertThat(TestPackages.withoutStandingFindings(withoutPlan(zip))).isEmpty();
    }

    @Test
    void missingHipblasltLibraryIsLibsPresent() throws Exception {
        Path pkg = rocm6();
        deleteTree(pkg.resolve("hipblaslt"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("libs.present");
        assertThat(r.findings().get(0).file()).isEqualTo("hipblaslt\\library");
        assertThat(r.passed()).isFalse();
    }

    @Test
    void exeImportingLibompIsDepsOpenmp() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("audiocpp_cli-openmp.exe"), pkg.resolve("audiocpp_cli.exe"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.openmp");
        Finding f = r.findings().get(0);
        assertThat(f.file()).isEqualTo("audiocpp_cli.exe");
        assertThat(f.message()).contains("libomp140.x86_64.dll");
        assertThat(f.fix()).contains("GGML_OPENMP=OFF");
    }

    @Test
    void delayLoadedVcompIsDepsOpenmpToo() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("x64-exe-vcomp.exe"), pkg.resolve("tool.exe"));
        assertThat(ids(withPlan(pkg, "rocm6"))).containsExactly("deps.openmp");
    }

    @Test
    void rocm6RuntimeBesideRocm7HipblasIsDepsOneRocm() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.sample("rocm7/libhipblas.dll"), pkg.resolve("libhipblas.dll"));
        Files.writeString(pkg.resolve(LicenseCheck.NOTICES), TestPackages.notices(pkg));
        for (AuditReport r : List.of(withPlan(pkg, "rocm6"), withoutPlan(pkg))) {
            assertThat(ids(r)).containsExactly("deps.one-rocm");
            assertThat(r.findings().get(0).file()).isEqualTo("libhipblas.dll");
            assertThat(r.findings().get(0).message()).contains("ROCm 7");
        }
    }

    @Test
    void targetWithoutItsLazyIndexIsLibsPerArch() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("hipblaslt/library/TensileLibrary_lazy_gfx1101.dat"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("libs.per-arch");
        assertThat(r.findings().get(0).file()).isEqualTo("hipblaslt\\library\\TensileLibrary_lazy_gfx1101.dat");
        assertThat(r.findings().get(0).message()).contains("gfx1101");
    }

    @Test
    void gfx1103NeedsNoRocblasKernelsButDoesNeedHipblaslt() throws Exception {
        Path pkg = rocm6();
        assertThat(Files.exists(pkg.resolve("rocblas/library/TensileLibrary_lazy_gfx1103.dat"))).isFalse();
        assertThat(TestPackages.withoutStandingFindings(withPlan(pkg, "rocm6"))).isEmpty();
        Files.delete(pkg.resolve("hipblaslt/library/Kernels.so-000-gfx1103.hsaco"));
        Files.delete(pkg.resolve("hipblaslt/library/extop_gfx1103.co"));
        Files.delete(pkg.resolve("hipblaslt/library/TensileLibrary_HH_HH_UA_Type_HH_HPA_Contraction_l_Ailk_Bjlk_Cijk_Dijk_gfx1103.co"));
        assertThat(ids(withPlan(pkg, "rocm6"))).containsExactly("libs.per-arch");
    }

    @Test
    void missingRocblasKernelsForACoveredTargetIsLibsPerArch() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("rocblas/library/TensileLibrary_lazy_gfx1200.dat"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("libs.per-arch");
        assertThat(r.findings().get(0).message()).contains("rocblas\\library").contains("gfx1200");
    }

    @Test
    void kernelFilesOfANonTargetArchAreLibsNoExtra() throws Exception {
        Path pkg = rocm6();
        TestPackages.rocblasFiles(pkg, "gfx906");
        for (AuditReport r : List.of(withPlan(pkg, "rocm6"), withoutPlan(pkg))) {
            assertThat(ids(r)).containsExactly("libs.no-extra");
            assertThat(r.findings().get(0).severity()).isEqualTo(Severity.WARNING);
            assertThat(r.findings().get(0).message()).contains("gfx906").contains("3 file(s)");
            assertThat(r.passed()).isTrue();
        }
    }

    @Test
    void planWithFewerTargetsFlagsTheOthersAsExtra() throws Exception {
        Path pkg = rocm6();
        ReleasePlan fewer = TestPackages.plan("rocm6").withTargets(TestPackages.track("rocm6").targets().stream()
                .filter(t -> !t.equals("gfx1201")).toList());
        AuditReport r = auditor.audit(pkg, Optional.of(fewer));
        assertThat(ids(r)).containsExactly("libs.no-extra", "libs.no-extra");
    }

    @Test
    void bundledKernel32IsDepsSystem() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("x64-dll-delay.dll"), pkg.resolve("KERNEL32.dll"));
        Files.writeString(pkg.resolve(LicenseCheck.NOTICES), TestPackages.notices(pkg));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.system");
        assertThat(r.findings().get(0).file()).isEqualTo("KERNEL32.dll");
    }

    @Test
    void bundledHsaRuntimeIsDepsSystem() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("x64-dll-delay.dll"), pkg.resolve("hsa-runtime64.dll"));
        // Put in by hand, so the notices do not name it either.
        assertThat(ids(withPlan(pkg, "rocm6"))).containsExactly("deps.system", "license.notices");
    }

    @Test
    void importedDllThatIsAbsentIsDepsClosure() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("hipblaslt.dll"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.closure");
        Finding f = r.findings().get(0);
        assertThat(f.file()).isEqualTo("hipblaslt.dll");
        assertThat(f.message()).contains("audiocpp_cli.exe").contains("audiocpp_server.exe");
    }

    @Test
    void comgrMissingBesideTheHipRuntimeIsDepsRuntimeLoadedAlthoughNoImportNamesIt() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("amd_comgr_2.dll"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.runtime-loaded");
        Finding f = r.findings().get(0);
        assertThat(f.isError()).isTrue();
        assertThat(f.file()).isEqualTo("amd_comgr_2.dll");
        assertThat(f.message()).contains("amdhip64_6.dll").contains("LoadLibrary").contains("COMGR_DYN_DLL");
        assertThat(f.fix()).contains("Copy amd_comgr_2.dll from the bin folder of the HIP SDK");
        // Without a plan too: the rule follows the bundled runtime, not the plan.
        assertThat(ids(withoutPlan(pkg))).containsExactly("deps.runtime-loaded");
    }

    @Test
    void comgrMissingFromAZipIsFoundInPlace() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("rocm7"), "rocm7");
        Files.delete(pkg.resolve("amd_comgr_3.dll"));
        Path zip = TestPackages.zip(pkg, tmp.resolve("audiocpp-windows-hip-rocm7.zip"), "audiocpp-windows-hip-rocm7");
        AuditReport r = withPlan(zip, "rocm7");
        assertThat(ids(r)).containsExactly("deps.runtime-loaded");
        assertThat(r.findings().get(0).message()).contains("amdhip64_7.dll").contains("amd_comgr_3.dll");
    }

    @Test
    void theImportsOfARuntimeLoadedDllMustBeInThePackageToo() throws Exception {
        // A comgr that imports a DLL nothing else imports and the package lacks: deps.closure
        // reaches it only by walking through the HIP runtime's run-time load.
        Path pkg = rocm6();
        Path comgr = pkg.resolve("amd_comgr_2.dll");
        byte[] bytes = Files.readAllBytes(comgr);
        String pe = new String(bytes, StandardCharsets.ISO_8859_1).replace("ADVAPI32.dll", "ADVAPI99.dll");
        Files.write(comgr, pe.getBytes(StandardCharsets.ISO_8859_1));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.closure");
        assertThat(r.findings().get(0).message()).startsWith("ADVAPI99.dll is imported by amd_comgr_2.dll but");
    }

    @Test
    void aCustomSelectionNeedsWhatItsRocmVersionShipsNotWhatItsTrackIsCalled() throws Exception {
        // gfx1100 + gfx1103 on ROCm 6.4, which the wizard calls "custom": rocBLAS has no gfx1103
        // kernels in any SDK, so none are asked for, exactly as for the rocm6 preset.
        Path pkg = tmp.resolve("custom");
        Files.createDirectories(pkg);
        Path full = rocm6();
        try (var files = Files.walk(full)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                String name = p.getFileName().toString();
                boolean otherArch = name.matches(".*gfx1(101|102|150|151|200|201).*");
                if (!otherArch) {
                    TestPackages.copy(p, pkg.resolve(full.relativize(p).toString()));
                }
            }
        }
        var custom = TestPackages.plan("rocm6").withTrack("custom").withTargets(List.of("gfx1100", "gfx1103"));
        Files.writeString(pkg.resolve("README.md"), Files.readString(pkg.resolve("README.md"))
                .replace(String.join(", ", TestPackages.track("rocm6").targets()), "gfx1100, gfx1103"));
        AuditReport r = auditor.audit(pkg, Optional.of(custom));
        assertThat(r.findings()).filteredOn(Finding::isError).isEmpty();
        assertThat(r.findings()).noneMatch(f -> f.id().equals("libs.per-arch"));
    }

    @Test
    void missingCrtDllIsDepsCrt() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("VCRUNTIME140_1.dll"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.crt");
        assertThat(r.findings().get(0).fix()).contains("Microsoft.VC14x.CRT");
    }

    @Test
    void crtOlderThanTheToolsetIsDepsCrt() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("crt-14.38/VCRUNTIME140.dll"), pkg.resolve("VCRUNTIME140.dll"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.crt");
        assertThat(r.findings().get(0).message()).contains("14.38.33135.0").contains("14.44");
        assertThat(r.findings().get(0).file()).isEqualTo("VCRUNTIME140.dll");
        // Without a plan the toolset is unknown, so the version is not judged.
        assertThat(TestPackages.withoutStandingFindings(withoutPlan(pkg))).isEmpty();
    }

    @Test
    void damagedDllIsReportedNotThrown() throws Exception {
        Path pkg = rocm6();
        Files.writeString(pkg.resolve("rocblas.dll"), "truncated download".repeat(10));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("deps.closure");
        assertThat(r.findings().get(0).message()).contains("rocblas.dll").contains("not a PE file");
    }

    @Test
    void rocm7ReadmeWithoutTheRx7600NoteIsReadmeTrack() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("rocm7"), "rocm7");
        String readme = Files.readString(pkg.resolve("README.md"));
        Files.writeString(pkg.resolve("README.md"), readme.replaceAll("RX 7600[^\\n]*\\n", ""));
        AuditReport r = withPlan(pkg, "rocm7");
        assertThat(ids(r)).containsExactly("readme.track");
        assertThat(r.findings().get(0).message()).contains("RX 7600");
    }

    @Test
    void readmeNotNamingAPlannedTargetIsReadmeTrack() throws Exception {
        Path pkg = rocm6();
        String readme = Files.readString(pkg.resolve("README.md"));
        Files.writeString(pkg.resolve("README.md"), readme.replace("gfx1151, ", ""));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("readme.track");
        assertThat(r.findings().get(0).message()).contains("gfx1151");
    }

    @Test
    void missingExecutableIsLayout() throws Exception {
        Path pkg = rocm6();
        Files.delete(pkg.resolve("audiocpp_server.exe"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("layout");
        assertThat(r.findings().get(0).file()).isEqualTo("audiocpp_server.exe");
    }

    @Test
    void strayLibraryFolderBesideRocblasIsALayoutError() throws Exception {
        Path pkg = rocm6();
        TestPackages.write(pkg.resolve("library/TensileLibrary_lazy_gfx1100.dat"));
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("layout");
        assertThat(r.findings().get(0).isError()).isTrue();
    }

    @Test
    void droppedRocblasKernelsWarnOnlyWhenThePlanAsks() throws Exception {
        Path pkg = rocm6();
        try (var files = Files.list(pkg.resolve("rocblas/library"))) {
            for (Path p : files.toList()) {
                if (p.getFileName().toString().contains("gfx")) {
                    Files.delete(p);
                }
            }
        }
        ReleasePlan drop = TestPackages.plan("rocm6").withRocblasKernels(KernelPolicy.DROP);
        AuditReport dropped = auditor.audit(pkg, Optional.of(drop));
        assertThat(ids(dropped)).containsExactly("libs.drop-rocblas");
        assertThat(dropped.passed()).isTrue();
        assertThat(ids(withPlan(pkg, "rocm6"))).containsExactly("libs.present");
    }

    @Test
    void symbolicLinkInAStagedFolderIsReportedNotFollowed() throws Exception {
        Path pkg = rocm6();
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "not part of the package");
        try {
            Files.createSymbolicLink(pkg.resolve("notes.txt"), outside);
        } catch (UnsupportedOperationException | IOException e) {
            org.junit.jupiter.api.Assumptions.abort("symbolic links cannot be made here: " + e);
        }
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("folder.not-a-file");
        assertThat(r.findings().get(0).severity()).isEqualTo(dev.hippack.core.finding.Severity.ERROR);
        assertThat(r.findings().get(0).message()).contains("symbolic link").contains("notes.txt");
        assertThat(r.passed()).isFalse();
        assertThat(Files.readString(outside)).isEqualTo("not part of the package");
    }

    @Test
    void fifoInAStagedFolderIsAnErrorAndIsNotOpened() throws Exception {
        Path pkg = rocm6();
        Path fifo = pkg.resolve("pipe.dll");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        org.junit.jupiter.api.Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo is not available; the FIFO case did not run");
        AuditReport r = withPlan(pkg, "rocm6");
        assertThat(ids(r)).containsExactly("folder.not-a-file");
        assertThat(r.findings().get(0).message()).contains("pipe.dll").contains("special file");
        assertThat(r.passed()).isFalse();
    }

    static void deleteTree(Path dir) throws Exception {
        FileTrees.delete(dir);
    }
}
