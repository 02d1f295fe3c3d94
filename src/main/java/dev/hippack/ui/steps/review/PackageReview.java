package dev.hippack.ui.steps.review;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.stage.StageResult;
import dev.hippack.ui.common.SizeText;
import java.util.List;
import java.util.Objects;

/**
 * One package of a release of several as the Review step shows it: its staged folder read back
 * as a tree, its checks, and whether it will get a zip. A package whose staging was refused has
 * the reason and no tree; one whose checks found errors is staged but gets no zip.
 *
 * @param plan     the package's plan
 * @param stage    its staged folder (null when staging was refused)
 * @param audit    its checks (null when not staged)
 * @param tree     the staged folder as a tree (null when not staged)
 * @param findings the layout's and the checks' findings, errors first
 * @param error    why it could not be staged; empty when it was
 */
public record PackageReview(ReleasePlan plan, StageResult stage, AuditReport audit, PackageNode tree, List<Finding> findings,
                            String error) {

    public PackageReview {
        Objects.requireNonNull(plan, "plan");
        findings = List.copyOf(findings);
        error = error == null ? "" : error;
    }

    /** The package's name (its folder's and zip's). */
    public String name() {
        return plan.archiveName();
    }

    /** True when it was staged and its checks found no error: the Archive step zips it. */
    public boolean willZip() {
        return audit != null && audit.passed();
    }

    public long warnings() {
        return findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
    }

    /** One line for its tab: "12 files, 1.2 GiB, no error", "3 errors: no zip", "not staged: ...". */
    public String summary() {
        if (stage == null) {
            return "not staged: " + error;
        }
        String size = stage.files() + " files, " + SizeText.of(stage.bytes());
        return willZip() ? size + ", no error" + (warnings() == 0 ? "" : ", " + warnings() + (warnings() == 1 ? " warning" : " warnings"))
                : size + ", " + audit.errors() + (audit.errors() == 1 ? " error" : " errors") + ": this package gets no zip";
    }
}
