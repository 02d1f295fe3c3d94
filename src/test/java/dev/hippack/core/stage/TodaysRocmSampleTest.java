package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample's HIP SDK 7.2 and TheRock 10.0 (issue 29; docs/distribution-rules.md §12): what a
 * package holds is read from the SDK, its names included, and the staged package passes the audit.
 */
class TodaysRocmSampleTest {

    @TempDir
    static Path temp;

    static final Catalog CATALOG = CatalogLoader.embedded();
    static SampleEnvironment sample;

    @BeforeAll
    static void writeSample() throws Exception {
        sample = SharedSample.copyTo(temp.resolve("sample"));
    }

    private static ReleasePlan profile(String track) throws Exception {
        return new ProfileStore(CATALOG).load(sample.profile(track));
    }

    private static List<String> rocmDlls(PackageLayout layout) {
        return layout.files(StagedFile.Kind.ROCM_DLL).stream().map(StagedFile::path).sorted().toList();
    }

    private AuditReport stageAndAudit(ReleasePlan plan, String out) throws Exception {
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(plan, sample.host());
        StageResult staged = new Stager().run(new StageRequest(layout, temp.resolve(out)), OperationListener.NONE,
                CancellationToken.none());
        return new PackageAuditor(CATALOG).audit(staged.packageDir(), Optional.of(plan));
    }

    @Test
    void hipSdk72ShipsItsOwnNamesAndEveryComgrOfItsBin() throws Exception {
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(profile("rocm7.2"), sample.host());
        assertThat(rocmDlls(layout)).containsExactly("amd_comgr0702.dll", "amdhip64_7.dll", "hipblas.dll", "libhipblaslt.dll",
                "rocblas.dll");
        assertThat(layout.files()).anyMatch(f -> f.path().startsWith("hipblaslt/library/"));
        assertThat(layout.files()).anyMatch(f -> f.path().startsWith("rocblas/library/"));
    }

    @Test
    void hipSdk72PackagePassesTheAudit() throws Exception {
        AuditReport report = stageAndAudit(profile("rocm7.2"), "out72");
        assertThat(report.findings()).filteredOn(Finding::isError).isEmpty();
    }

    @Test
    void theOtherReportedNameOf72sHipblasltDllShipsItsKernelLibraryToo() throws Exception {
        ReleasePlan plan = profile("rocm7.2");
        Path sdkBin = sample.host().resolve(sample.host().join(plan.sdk(), "bin"));
        Path exe = sample.host().resolve(sample.host().join(LayoutPlanner.buildDir(plan, sample.host()), "bin"))
                .resolve("audiocpp_cli.exe");
        Path kept = exe.resolveSibling("audiocpp_cli.exe.kept");
        // the variant: hipblaslt.dll in the SDK, and an executable that imports that name
        Files.delete(sdkBin.resolve("libhipblaslt.dll"));
        copyResource("/pe/rocm7.2-hipblaslt/hipblaslt.dll", sdkBin.resolve("hipblaslt.dll"));
        Files.move(exe, kept);
        copyResource("/pe/rocm7.2-hipblaslt/audiocpp_cli.exe", exe);
        try {
            PackageLayout layout = new LayoutPlanner(CATALOG).plan(plan.withBinaries(List.of("audiocpp_cli")), sample.host());
            assertThat(rocmDlls(layout)).contains("hipblaslt.dll").doesNotContain("libhipblaslt.dll");
            assertThat(layout.files()).anyMatch(f -> f.path().startsWith("hipblaslt/library/"));
        } finally {
            Files.delete(sdkBin.resolve("hipblaslt.dll"));
            copyResource("/dev/hippack/sample/pe/rocm7.2/libhipblaslt.dll", sdkBin.resolve("libhipblaslt.dll"));
            Files.delete(exe);
            Files.move(kept, exe);
        }
    }

    @Test
    void theRockShipsTheImportClosureUsersReportWithItsUnversionedComgr() throws Exception {
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(profile("therock"), sample.host());
        assertThat(rocmDlls(layout)).containsExactly("amd_comgr.dll", "amdhip64_7.dll", "hipblas.dll", "libhipblaslt.dll",
                "origami.dll", "rocblas.dll", "rocm_kpack.dll", "rocsolver.dll");
        // hipBLASLt's per-GPU folders, kept for the ticked GPUs
        assertThat(layout.files()).anyMatch(f -> f.path().startsWith("hipblaslt/library/gfx1151/")
                && f.path().endsWith(".dat.zlib"));
    }

    private static void copyResource(String name, Path to) throws Exception {
        try (InputStream in = TodaysRocmSampleTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            Files.copy(in, to);
        }
    }
}
