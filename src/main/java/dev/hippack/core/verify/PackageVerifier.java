package dev.hippack.core.verify;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.detect.HipSdk;
import dev.hippack.core.detect.HipSdkFinder;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.inventory.LibraryInventory;
import dev.hippack.core.launch.StartCheck;
import dev.hippack.core.launch.StartCheckRequest;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything that must hold before a staged package is zipped, in one report: the audit of the
 * folder (with the per-architecture facts of the plan's SDK, scanned, else the catalog's for its
 * ROCm version), then whether the binaries were built for this plan ({@link BuiltBinariesCheck}),
 * then the start check ({@link StartCheck}). An error in any of them stops the zip, in the
 * wizard's Review as in {@code hip-packager package}.
 */
public final class PackageVerifier {

    /** The id of the note saying the per-architecture check used the catalog, not the SDK's own files. */
    public static final String SDK_KERNELS = "verify.sdk-kernels";

    private final PackageAuditor auditor;
    private final BuiltBinariesCheck binaries;
    private final StartCheck start;
    private final HipSdkFinder sdks;

    public PackageVerifier(PackageAuditor auditor, BuiltBinariesCheck binaries, StartCheck start, HipSdkFinder sdks) {
        this.auditor = auditor;
        this.binaries = binaries;
        this.start = start;
        this.sdks = sdks;
    }

    /** The verifier as packaging uses it. */
    public static PackageVerifier standard(Catalog catalog) {
        return new PackageVerifier(new PackageAuditor(catalog), new BuiltBinariesCheck(new CheckoutInspector()::revision), new StartCheck(catalog),
                new HipSdkFinder(catalog, new KernelInventoryScanner(new KernelFileClassifier())));
    }

    public AuditReport run(VerifyRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        listener.status("Auditing " + request.packageDir().getFileName());
        List<Finding> notes = new ArrayList<>();
        AuditReport report = auditor.run(new AuditRequest(request.packageDir(), Optional.of(request.plan()),
                scannedKernels(request, notes)), listener, token).plus(notes);
        token.throwIfCancelled();
        listener.status("Checking the binaries against the plan");
        report = report.plus(binaries.check(request.plan(), request.host()));
        token.throwIfCancelled();
        listener.status("Start check");
        return report.plus(start.run(new StartCheckRequest(request.packageDir(), request.host(), request.skipStartCheck()),
                listener, token));
    }

    /**
     * The kernel inventory of the plan's SDK, when it can be scanned. Otherwise the audit uses the
     * catalog's figures for the SDK's ROCm version, and {@code notes} says why: a check that read
     * the catalog instead of the SDK must not look as if it had read the SDK.
     */
    private Optional<KernelSizes> scannedKernels(VerifyRequest request, List<Finding> notes) {
        String folder = request.plan().sdk();
        if (folder == null) {
            return Optional.empty();
        }
        try {
            HipSdk sdk = sdks.inspect(request.host(), folder);
            if (sdk.libraries().stream().anyMatch(LibraryInventory::present)) {
                return Optional.of(sdk.inventory());
            }
            // What detection would say about the folder (it does not exist, it is no SDK) comes first.
            String why = sdk.findings().stream().filter(Finding::isError).map(Finding::message).findFirst()
                    .map(m -> m + " So the per-architecture check used the catalog's file lists instead of the SDK's.")
                    .orElse("The HIP SDK at " + folder + " has no rocBLAS or hipBLASLt kernel library to compare the "
                            + "package with: the per-architecture check used the catalog's file lists instead.");
            notes.add(Finding.info(SDK_KERNELS, why,
                    "Run the check on the machine that has the SDK the package was staged from.").withFile(folder));
        } catch (RuntimeException e) {
            notes.add(Finding.warning(SDK_KERNELS, "The kernel libraries of the HIP SDK at " + folder + " could not be read ("
                    + e.getMessage() + "): the per-architecture check used the catalog's file lists instead.",
                    "Check that the SDK folder is readable (hip-packager detect shows what is wrong with it), then audit again.")
                    .withFile(folder));
        }
        return Optional.empty();
    }
}
