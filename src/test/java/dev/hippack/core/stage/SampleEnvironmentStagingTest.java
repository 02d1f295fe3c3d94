package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
        sample = SharedSample.copyTo(temp.resolve("sample"));
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
    void aPackageLaidOutByImportsAloneFailsTheAuditWithDepsRuntimeLoaded() throws Exception {
        ReleasePlan plan = profile("rocm6");
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(plan, sample.host());
        // What an import walk (imports and delay imports, transitively) reaches from the executables.
        PeReader reader = new PeReader();
        Map<String, StagedFile> byName = new HashMap<>();
        layout.files().forEach(f -> byName.put(f.path().toLowerCase(Locale.ROOT), f));
        Set<String> reached = new HashSet<>();
        Deque<StagedFile> queue = new ArrayDeque<>(layout.files(StagedFile.Kind.EXECUTABLE));
        while (!queue.isEmpty()) {
            for (String dep : reader.read(queue.poll().source()).allDependencies()) {
                StagedFile f = byName.get(dep.toLowerCase(Locale.ROOT));
                if (f != null && reached.add(f.path())) {
                    queue.add(f);
                }
            }
        }
        List<StagedFile> importsOnly = layout.files().stream()
                .filter(f -> f.kind() != StagedFile.Kind.ROCM_DLL && f.kind() != StagedFile.Kind.CRT_DLL || reached.contains(f.path()))
                .toList();
        assertThat(layout.files()).extracting(StagedFile::path).contains("amd_comgr_2.dll");
        assertThat(importsOnly).extracting(StagedFile::path).doesNotContain("amd_comgr_2.dll").contains("amdhip64_6.dll", "rocblas.dll");
        PackageLayout byImports = new PackageLayout(layout.packageName(), importsOnly, layout.generated(), layout.windowsDlls(),
                List.of(), layout.droppedKernels(), layout.findings());
        StageResult staged = new Stager().run(new StageRequest(byImports, temp.resolve("imports-only")), OperationListener.NONE,
                CancellationToken.none());

        AuditReport report = new PackageAuditor(CATALOG).audit(staged.packageDir(), Optional.of(plan));
        assertThat(report.passed()).isFalse();
        assertThat(report.findings()).filteredOn(Finding::isError).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo("deps.runtime-loaded");
            assertThat(f.file()).isEqualTo("amd_comgr_2.dll");
        });
    }

    @Test
    void theIssuesCustomSelectionGfx1100AndGfx1103OnRocm64PassesTheAudit() throws Exception {
        ReleasePlan plan = profile("rocm6").withTrack(ReleasePlan.CUSTOM_TRACK).withTargets(List.of("gfx1100", "gfx1103"));
        AuditReport report = stageAndAudit(plan, "outcustom");
        assertThat(report.findings()).filteredOn(Finding::isError).isEmpty();
        assertThat(report.findings()).noneMatch(f -> f.id().equals("libs.per-arch"));
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
