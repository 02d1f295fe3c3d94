package dev.hippack.core.release;

import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.stage.StageResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one package of a release ended: zipped, or failed with the reason (a failed build, a
 * refusal while staging such as an SDK lacking a DLL, audit errors, a full disk). A failed
 * package has no zip; the others are still zipped and reported.
 *
 * @param pkg      the package
 * @param zipped   it has a verified zip
 * @param reason   why it failed, one sentence for people (null when zipped)
 * @param build    its build, when one ran
 * @param stage    its staged folder, when staging got that far
 * @param audit    the verification of the staged folder (or the audit of a zip taken as it was)
 * @param zip      the zip, when written (or taken from the output folder)
 * @param findings what the build and staging found (the audit's findings are in {@code audit})
 */
public record PackageOutcome(ResolvedPackage pkg, boolean zipped, String reason, Optional<BuildResult> build,
                             Optional<StageResult> stage, Optional<AuditReport> audit, Optional<ZipResult> zip,
                             List<Finding> findings) {

    public PackageOutcome {
        Objects.requireNonNull(pkg, "pkg");
        if (zipped == (reason != null) || zipped != zip.isPresent()) {
            throw new IllegalArgumentException("a zipped package has a zip and no reason; a failed one a reason and no zip");
        }
        findings = List.copyOf(findings);
    }

    public static PackageOutcome zipped(ResolvedPackage pkg, Optional<BuildResult> build, Optional<StageResult> stage,
                                        AuditReport audit, ZipResult zip, List<Finding> findings) {
        return new PackageOutcome(pkg, true, null, build, stage, Optional.of(audit), Optional.of(zip), findings);
    }

    public static PackageOutcome failed(ResolvedPackage pkg, String reason, Optional<BuildResult> build,
                                        Optional<StageResult> stage, Optional<AuditReport> audit, List<Finding> findings) {
        return new PackageOutcome(pkg, false, reason, build, stage, audit, Optional.empty(), findings);
    }

    /** The zip file, when there is one. */
    public Optional<Path> zipFile() {
        return zip.map(ZipResult::zip);
    }
}
