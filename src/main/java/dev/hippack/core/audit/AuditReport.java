package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of auditing one package.
 *
 * @param target            the folder or zip audited
 * @param architectures     the GPU architectures the package was checked for
 * @param architecturesFrom where they came from: {@code plan}, {@code readme} or {@code kernel-files}
 * @param findings          every finding, errors first within each check
 * @param errors            how many findings are errors (the package must not ship)
 * @param warnings          how many are warnings
 */
public record AuditReport(String target, List<String> architectures, String architecturesFrom,
                          List<Finding> findings, int errors, int warnings) {

    public AuditReport {
        architectures = List.copyOf(architectures);
        findings = List.copyOf(findings);
    }

    static AuditReport of(String target, List<String> architectures, String from, List<Finding> findings) {
        int errors = (int) findings.stream().filter(Finding::isError).count();
        int warnings = (int) findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
        return new AuditReport(target, architectures, from, findings, errors, warnings);
    }

    /** This report with more findings (e.g. the build-flag check's) added after its own. */
    public AuditReport plus(List<Finding> more) {
        List<Finding> all = new ArrayList<>(findings);
        all.addAll(more);
        return of(target, architectures, architecturesFrom, all);
    }

    /** True when nothing stops the package from shipping. */
    public boolean passed() {
        return errors == 0;
    }
}
