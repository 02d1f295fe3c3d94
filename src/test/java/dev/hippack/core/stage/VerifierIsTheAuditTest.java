package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.LibraryCheck;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.detect.HipSdk;
import dev.hippack.core.detect.HipSdkFinder;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 §1b: the checks before a zip is written are the audit's with the plan, one code path:
 * what {@code audit --profile} finds in the package, the verifier finds before zipping, whatever
 * the SDK folder holds. An SDK that lost a kernel index is a detection error naming the file, and
 * the package staged from it is refused before it is zipped.
 */
class VerifierIsTheAuditTest {

    private static final String INDEX = "rocblas\\library\\TensileLibrary_lazy_gfx1100.dat";

    static SampleSelections machine;
    static ReleasePlan plan;
    static Path staged;

    @TempDir
    Path temp;

    @BeforeAll
    static void stage() throws Exception {
        machine = SampleSelections.get();
        plan = machine.selection("rocm6", List.of("gfx1100", "gfx1103"));
        Path out = Files.createDirectories(machine.root.resolve("verify-is-the-audit"));
        staged = new Stager().run(new StageRequest(new LayoutPlanner(SampleSelections.CATALOG).plan(plan, machine.host), out),
                OperationListener.NONE, CancellationToken.none()).packageDir();
    }

    private static AuditReport verify(Path dir, ReleasePlan p, Host host) throws Exception {
        return PackageVerifier.standard(SampleSelections.CATALOG).run(new VerifyRequest(dir, p, host, true),
                OperationListener.NONE, CancellationToken.none());
    }

    /** The verifier's first {@code n} findings: the audit's part of its report. */
    private static List<Finding> leading(AuditReport report, int n) {
        return report.findings().subList(0, Math.min(n, report.findings().size()));
    }

    private static List<Finding> audit(Path dir, ReleasePlan p) throws Exception {
        return new PackageAuditor(SampleSelections.CATALOG).audit(dir, Optional.of(p)).findings();
    }

    @Test
    void theVerifierReportsWhatTheAuditWithThePlanReportsWhateverTheSdkFolderHolds() throws Exception {
        List<Finding> audited = audit(staged, plan);
        assertThat(leading(verify(staged, plan, machine.host), audited.size())).isEqualTo(audited);
        String gone = "C:\\Program Files\\AMD\\ROCm\\6.4-uninstalled";
        assertThat(leading(verify(staged, plan.withSdk(gone), machine.host), audited.size())).isEqualTo(audited);
        assertThat(audit(staged, plan.withSdk(gone))).isEqualTo(audited);
    }

    @Test
    void anSdkWithoutAKernelIndexIsADetectionErrorAndItsPackageIsRefusedBeforeTheZip() throws Exception {
        SampleEnvironment sample = new SampleEnvironmentWriter(SampleSelections.CATALOG).write(temp.resolve("m"));
        Host host = sample.host();
        String sdk = SampleEnvironmentWriter.ROCM_ROOT + "\\6.4";
        Path index = host.resolve(sdk + "\\bin\\" + INDEX);
        HipSdkFinder finder = new HipSdkFinder(SampleSelections.CATALOG, new KernelInventoryScanner(new KernelFileClassifier()));
        assertThat(finder.inspect(host, sdk).findings()).noneMatch(Finding::isError);
        Files.delete(index);

        HipSdk damaged = finder.inspect(host, sdk);
        assertThat(damaged.findings()).filteredOn(Finding::isError).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(HipSdkFinder.FINDING_ID);
            assertThat(f.message()).contains("damaged").contains(sdk + "\\bin\\" + INDEX + " is missing");
            assertThat(f.fix()).contains("Repair or reinstall");
            assertThat(f.file()).isEqualTo(sdk + "\\bin\\" + INDEX);
        });

        ReleasePlan rocm6 = new ProfileStore(SampleSelections.CATALOG).load(sample.profile("rocm6"));
        Path out = Files.createDirectories(temp.resolve("out"));
        Path dir = new Stager().run(new StageRequest(new LayoutPlanner(SampleSelections.CATALOG).plan(rocm6, host), out),
                OperationListener.NONE, CancellationToken.none()).packageDir();
        AuditReport verified = verify(dir, rocm6, host);
        assertThat(verified.passed()).isFalse();
        assertThat(verified.findings()).filteredOn(f -> f.id().equals(LibraryCheck.LIBS_PER_ARCH) && f.isError())
                .singleElement().satisfies(f -> assertThat(f.file()).isEqualTo(INDEX));
        List<Finding> audited = audit(dir, rocm6);
        assertThat(audited).anyMatch(f -> f.id().equals(LibraryCheck.LIBS_PER_ARCH) && INDEX.equals(f.file()));
        assertThat(leading(verified, audited.size())).isEqualTo(audited);

        // Not a regular file (a folder in its place) is the same damage.
        Files.createDirectories(index);
        assertThat(finder.inspect(host, sdk).findings()).filteredOn(Finding::isError).singleElement()
                .satisfies(f -> assertThat(f.message()).contains(INDEX + " is not a regular file"));
    }
}
