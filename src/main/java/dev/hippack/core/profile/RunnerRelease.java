package dev.hippack.core.profile;

import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.ReleasePlan;

/**
 * One track of an exported workflow. {@code plan} is the profile as the runner will load it,
 * except that its {@code source}, {@code vsInstance} and {@code outputDir} hold the placeholders
 * {@link CiWorkflowExporter#SOURCE}, {@link CiWorkflowExporter#VS_INSTANCE} and
 * {@link CiWorkflowExporter#OUTPUT_DIR}, which the workflow fills in with runner paths.
 */
public record RunnerRelease(Track track, ReleasePlan plan) { }
