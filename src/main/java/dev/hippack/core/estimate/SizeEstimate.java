package dev.hippack.core.estimate;

import dev.hippack.core.PackagePart;
import dev.hippack.core.finding.Finding;
import java.util.List;

/**
 * What a plan's package will weigh, and what the rules say about the plan.
 *
 * @param source       "catalog" (the measured figures of docs/distribution-rules.md §9) or "measured"
 *                     (a scanned SDK's kernel files)
 * @param track        the plan's track
 * @param targets      the plan's target architectures, in order
 * @param components   bytes per part of the package, in the order of {@link PackagePart#ESTIMATED}
 * @param archs        kernel bytes per target architecture, in target order
 * @param totalBytes   the sum of the components: the unpacked package
 * @param zipBytes     the expected zip size range
 * @param approximate  true when any figure used is derived rather than measured
 * @param findings     the plan rules' findings
 */
public record SizeEstimate(
        String source,
        String track,
        List<String> targets,
        List<ComponentSize> components,
        List<ArchSize> archs,
        long totalBytes,
        ZipRange zipBytes,
        boolean approximate,
        List<Finding> findings) {

    public SizeEstimate {
        targets = List.copyOf(targets);
        components = List.copyOf(components);
        archs = List.copyOf(archs);
        findings = List.copyOf(findings);
    }

    /** The bytes of the part {@code id}; 0 for a part the estimate does not hold. */
    public long bytes(PackagePart id) {
        for (ComponentSize c : components) {
            if (c.id() == id) {
                return c.bytes();
            }
        }
        return 0;
    }

    public boolean hasErrors() {
        return findings.stream().anyMatch(Finding::isError);
    }
}
