package dev.hippack.core.verify;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.audit.AuditRequest;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.launch.StartCheck;
import dev.hippack.core.launch.StartCheckRequest;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.util.Optional;

/**
 * Everything that must hold before a staged package is zipped, in one report: the audit of the
 * folder exactly as {@code hip-packager audit --profile} runs it on the zip (the same checks, the
 * per-architecture needs from the catalog for the plan's ROCm version, one code path, so a package
 * is never zipped that the audit of its zip would refuse), then whether the binaries were built for
 * this plan ({@link BuiltBinariesCheck}), then the start check ({@link StartCheck}). An error in any
 * of them stops the zip, in the wizard's Review as in {@code hip-packager package}. What is wrong
 * with the SDK itself (a kernel index missing) is detection's to say ({@code detect.sdk}).
 */
public final class PackageVerifier {

    private final PackageAuditor auditor;
    private final BuiltBinariesCheck binaries;
    private final StartCheck start;

    public PackageVerifier(PackageAuditor auditor, BuiltBinariesCheck binaries, StartCheck start) {
        this.auditor = auditor;
        this.binaries = binaries;
        this.start = start;
    }

    /** The verifier as packaging uses it. */
    public static PackageVerifier standard(Catalog catalog) {
        return new PackageVerifier(new PackageAuditor(catalog), new BuiltBinariesCheck(new CheckoutInspector()::revision),
                new StartCheck(catalog));
    }

    public AuditReport run(VerifyRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        listener.status("Auditing " + request.packageDir().getFileName());
        AuditReport report = auditor.run(new AuditRequest(request.packageDir(), Optional.of(request.plan())), listener, token);
        token.throwIfCancelled();
        listener.status("Checking the binaries against the plan");
        report = report.plus(binaries.check(request.plan(), request.host()));
        token.throwIfCancelled();
        listener.status("Start check");
        return report.plus(start.run(new StartCheckRequest(request.packageDir(), request.host(), request.skipStartCheck()),
                listener, token));
    }
}
