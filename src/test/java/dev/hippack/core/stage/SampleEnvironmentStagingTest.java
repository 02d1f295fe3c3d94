package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Staging on the sample build machine, judged by the package audit: the path `package --demo` takes. */
class SampleEnvironmentStagingTest {

    @TempDir
    static Path temp;

    static final Catalog CATALOG = CatalogLoader.embedded();
    static SampleEnvironment sample;

    @BeforeAll
    static void writeSample() throws Exception {
        sample = new SampleEnvironmentWriter(CATALOG).write(temp.resolve("sample"));
    }

    private AuditReport stageAndAudit(ReleasePlan plan, String out) throws Exception {
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(plan, sample.host());
        StageResult staged = new Stager().run(new StageRequest(layout, temp.resolve(out)), OperationListener.NONE,
                CancellationToken.none());
        return new PackageAuditor(CATALOG).audit(staged.packageDir(), Optional.of(plan));
    }

    private static ReleasePlan profile(String track) throws Exception {
        return new ProfileStore(CATALOG).load(sample.profile(track));
    }

    @Test
    void rocm6PackageStagedFromTheSamplePassesTheAudit() throws Exception {
        AuditReport report = stageAndAudit(profile("rocm6"), "out6");
        assertThat(report.findings()).filteredOn(Finding::isError).isEmpty();
        assertThat(report.passed()).isTrue();
        Path pkg = temp.resolve("out6/audiocpp-windows-hip-rocm6");
        assertThat(pkg.resolve("amdhip64_6.dll")).exists();
        assertThat(pkg.resolve("amd_comgr_2.dll")).exists();
        assertThat(pkg.resolve("amd_comgr0604.dll")).doesNotExist();
        assertThat(pkg.resolve("hipblaslt/library")).isDirectory();
    }

    @Test
    void rocm7PackageStagedFromTheSamplePassesTheAudit() throws Exception {
        AuditReport report = stageAndAudit(profile("rocm7"), "out7");
        assertThat(report.findings()).filteredOn(Finding::isError).isEmpty();
        Path pkg = temp.resolve("out7/audiocpp-windows-hip-rocm7");
        assertThat(pkg.resolve("libhipblas.dll")).exists();
        assertThat(pkg.resolve("hipblas.dll")).doesNotExist();
        assertThat(Files.readString(pkg.resolve("README.md"))).contains("RX 7600 series users");
    }

    @Test
    void droppedRocblasKernelsPassTheAuditWithTheWarning() throws Exception {
        ReleasePlan plan = profile("rocm6").withRocblasKernels(KernelPolicy.DROP);
        AuditReport report = stageAndAudit(plan, "outdrop");
        assertThat(report.findings()).filteredOn(Finding::isError).isEmpty();
        Path pkg = temp.resolve("outdrop/audiocpp-windows-hip-rocm6");
        assertThat(pkg.resolve("rocblas/library")).doesNotExist();
        assertThat(pkg.resolve("rocblas.dll")).exists();
    }
}
