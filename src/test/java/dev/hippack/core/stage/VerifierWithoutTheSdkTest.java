package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Verifying a package whose SDK cannot be scanned: the per-architecture check falls back to the
 * catalog's lists, and the report says so instead of looking as if the SDK had been read.
 */
class VerifierWithoutTheSdkTest {

    static SampleSelections machine;
    static ReleasePlan plan;
    static Path staged;

    @BeforeAll
    static void stage() throws Exception {
        machine = SampleSelections.get();
        plan = machine.selection("rocm6", List.of("gfx1100", "gfx1103"));
        Path out = Files.createDirectories(machine.root.resolve("verify-without-sdk"));
        staged = new Stager().run(new StageRequest(new LayoutPlanner(SampleSelections.CATALOG).plan(plan, machine.host), out),
                OperationListener.NONE, CancellationToken.none()).packageDir();
    }

    private static AuditReport verify(ReleasePlan p) throws Exception {
        return PackageVerifier.standard(SampleSelections.CATALOG).run(new VerifyRequest(staged, p, machine.host, true),
                OperationListener.NONE, CancellationToken.none());
    }

    @Test
    void theSdkItWasStagedFromIsReadAndNothingIsSaidAboutIt() throws Exception {
        assertThat(verify(plan).findings()).extracting(Finding::id).doesNotContain(PackageVerifier.SDK_KERNELS);
    }

    @Test
    void anSdkFolderWithoutKernelLibrariesIsANoteNamingTheFolder() throws Exception {
        String empty = "C:\\Program Files\\AMD\\ROCm\\6.4-empty";
        Files.createDirectories(machine.host.resolve(empty));
        AuditReport report = verify(plan.withSdk(empty));
        assertThat(report.findings()).filteredOn(f -> f.id().equals(PackageVerifier.SDK_KERNELS)).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.INFO);
                    assertThat(f.message()).contains(empty).contains("catalog");
                });
    }

    /**
     * The package audited on a machine without the SDK it was staged from (the plan names a folder
     * that is not there): the note says the folder does not exist, not that it lacks kernels.
     */
    @Test
    void anSdkFolderThatIsNotThereIsANoteSayingSo() throws Exception {
        String gone = "C:\\Program Files\\AMD\\ROCm\\6.4-uninstalled";
        AuditReport report = verify(plan.withSdk(gone));
        assertThat(report.findings()).filteredOn(f -> f.id().equals(PackageVerifier.SDK_KERNELS)).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.INFO);
                    assertThat(f.message()).contains(gone).contains("does not exist").contains("catalog")
                            .doesNotContain("kernel library to compare");
                    assertThat(f.file()).isEqualTo(gone);
                });
    }
}
