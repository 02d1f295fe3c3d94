package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import java.util.List;

/**
 * One check of the audit, run on a package that was read once ({@link PackageContents}).
 * {@link PackageAuditor#checks} lists them in the order their findings are reported, so adding a
 * check is one class implementing this and one line in that list. Each check holds its finding
 * ids as constants (as {@code PlanRules} does); they are the {@code --json} contract and the
 * audit table of docs/cli.md.
 */
interface PackageCheck {

    /** Every finding id this check can report, in the order of the table in docs/cli.md. */
    List<String> ids();

    /** The findings on {@code contents}; empty when the package passes this check. */
    List<Finding> check(PackageContents contents);
}
