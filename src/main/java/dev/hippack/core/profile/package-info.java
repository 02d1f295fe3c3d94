/**
 * Release profiles: a {@link dev.hippack.core.plan.ReleasePlan} saved as JSON and loaded back,
 * with errors that name the file, line, column and JSON path. (The CI workflow export lives here
 * too.) Uses the catalog and the plan; must not depend on build, stage, audit, archive or any UI.
 */
package dev.hippack.core.profile;
