package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.build.standin.SampleExecutables;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * binaries.gpu-targets: the audit reads which GPU targets each executable was compiled for out of
 * the executable, with a plan, with only the package's README, and out of a zip.
 */
class GpuCodeCheckTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    private Path rocm6() throws Exception {
        return TestPackages.good(tmp.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
    }

    /** The sample's server executable as a build for {@code targets} links it. */
    private static void builtFor(Path exe, List<String> targets) throws Exception {
        byte[] template = Files.readAllBytes(PeFixtures.sample("rocm6/audiocpp_server.exe"));
        Files.write(exe, SampleExecutables.withTargets(exe.getFileName().toString(), template, targets));
    }

    private static List<Finding> gpu(AuditReport r) {
        return r.findings().stream().filter(f -> f.id().equals(GpuCodeCheck.GPU_TARGETS)).toList();
    }

    @Test
    void executablesHoldingEveryTargetPass() throws Exception {
        Path pkg = rocm6();
        assertThat(gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))))).isEmpty();
        assertThat(gpu(auditor.audit(pkg, Optional.empty()))).isEmpty();
        // A subset of the executable's targets is served too.
        assertThat(gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6").withTargets(List.of("gfx1151")))))).isEmpty();
    }

    @Test
    void anExecutableBuiltForOneTargetOfEightIsAnErrorNamingItAndTheMissingTargets() throws Exception {
        Path pkg = rocm6();
        builtFor(pkg.resolve("audiocpp_server.exe"), List.of("gfx1151"));
        AuditReport r = auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6")));
        assertThat(TestPackages.withoutStandingFindings(r)).extracting(Finding::id).containsExactly(GpuCodeCheck.GPU_TARGETS);
        Finding f = r.findings().get(0);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.file()).isEqualTo("audiocpp_server.exe");
        assertThat(f.message()).startsWith("audiocpp_server.exe has no GPU code for gfx1100, gfx1101, gfx1102, gfx1103, gfx1150,"
                + " gfx1200, gfx1201 (it holds gfx1151)").contains("the plan's targets").contains("invalid device function");
        assertThat(r.passed()).isFalse();
    }

    @Test
    void withoutAPlanTheTargetsTheReadmeNamesAreChecked() throws Exception {
        Path pkg = rocm6();
        builtFor(pkg.resolve("audiocpp_cli.exe"), List.of("gfx1100", "gfx1101"));
        List<Finding> found = gpu(auditor.audit(pkg, Optional.empty()));
        assertThat(found).hasSize(1);
        assertThat(found.get(0).message()).contains("audiocpp_cli.exe has no GPU code for gfx1102, gfx1103")
                .contains("the targets its README names");
    }

    @Test
    void anExecutableWithoutAnyOffloadBundleIsAnError() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("x64-exe-imports.exe"), pkg.resolve("audiocpp_cli.exe"));
        List<Finding> found = gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))));
        assertThat(found).hasSize(1);
        assertThat(found.get(0).severity()).isEqualTo(Severity.ERROR);
        assertThat(found.get(0).message()).isEqualTo(
                "audiocpp_cli.exe carries no GPU code (no clang offload bundle): it cannot run a kernel on any GPU.");
    }

    @Test
    void aZstdCompressedBundleIsAWarningThatTheTargetsWereNotReadNeverAPass() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("offload-zstd.exe"), pkg.resolve("audiocpp_cli.exe"));
        List<Finding> found = gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))));
        assertThat(found).hasSize(1);
        assertThat(found.get(0).severity()).isEqualTo(Severity.WARNING);
        assertThat(found.get(0).message()).contains("compressed (zstd): targets not read");
    }

    @Test
    void aZlibCompressedBundleIsReadAndChecked() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("offload-zlib.exe"), pkg.resolve("audiocpp_cli.exe"));
        List<Finding> found = gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6").withTargets(List.of("gfx1100",
                "gfx1151", "gfx1201")))));
        assertThat(found).extracting(Finding::message).singleElement().asString()
                .startsWith("audiocpp_cli.exe has no GPU code for gfx1201 (it holds gfx1100, gfx1151)");
    }

    @Test
    void aTargetInOnlySomeBundlesIsMissing() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("offload-two-bundles.exe"), pkg.resolve("audiocpp_cli.exe"));
        List<Finding> found = gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6").withTargets(List.of("gfx1100",
                "gfx1151")))));
        assertThat(found).extracting(Finding::message).singleElement().asString()
                .contains("no GPU code for gfx1151 (it holds gfx1100; gfx1151 only in some of its 2 bundles)");
    }

    @Test
    void aDamagedBundleIsAnErrorNamingTheProblem() throws Exception {
        Path pkg = rocm6();
        Path exe = pkg.resolve("audiocpp_cli.exe");
        byte[] b = Files.readAllBytes(exe);
        long at = new PeReader().offloadBundles(exe).bundles().get(0).fileOffset();
        b[(int) at + 24 + 7] = 0x7F; // an entry count of about 2^62
        Files.write(exe, b);
        List<Finding> found = gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))));
        assertThat(found).extracting(Finding::message).singleElement().asString()
                .startsWith("audiocpp_cli.exe: its GPU code could not be read: is damaged:").contains("entries");
    }

    @Test
    void aZipIsReadInPlaceWithTheSameFindings() throws Exception {
        Path pkg = rocm6();
        builtFor(pkg.resolve("audiocpp_server.exe"), List.of("gfx1151"));
        Path zip = TestPackages.zip(pkg, tmp.resolve("audiocpp-windows-hip-rocm6.zip"), "audiocpp-windows-hip-rocm6");
        List<Finding> fromZip = gpu(auditor.audit(zip, Optional.of(TestPackages.plan("rocm6"))));
        assertThat(fromZip).isEqualTo(gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6")))));
        assertThat(fromZip).hasSize(1);
    }

    @Test
    void anExecutableThatIsNotOneOfThePackagesBinariesIsNotHeldToTheTargets() throws Exception {
        Path pkg = rocm6();
        TestPackages.copy(PeFixtures.test("x64-exe-imports.exe"), pkg.resolve("helper.exe"));
        assertThat(gpu(auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))))).isEmpty();
    }
}
