package dev.hippack.core.audit;

import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What to audit: a staged package folder or a finished zip, and the plan it was made from when
 * known (its targets, generation, options and kernel policy then decide what the package needs).
 * {@code kernels} says which architectures the SDK the package came from ships kernels for (the
 * scanned inventory of the plan's SDK); without it the catalog's figures for the plan's ROCm
 * version are used, or for the package's ROCm generation. Never the track's id: a custom
 * selection on ROCm 6.4 needs exactly what the rocm6 preset needs.
 */
public record AuditRequest(Path input, Optional<ReleasePlan> plan, Optional<KernelSizes> kernels) {

    public AuditRequest {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A request without a scanned SDK: the catalog decides per-architecture needs. */
    public AuditRequest(Path input, Optional<ReleasePlan> plan) {
        this(input, plan, Optional.empty());
    }
}
