package dev.hippack.core.audit;

import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What to audit: a staged package folder or a finished zip, and the plan it was made from when
 * known (its targets, generation, options and kernel policy then decide what the package needs).
 */
public record AuditRequest(Path input, Optional<ReleasePlan> plan) {

    public AuditRequest {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(plan, "plan");
    }
}
