/**
 * Release profiles: a {@link dev.hippack.core.plan.ReleasePlan} saved as JSON and loaded back,
 * with errors that name the file, line, column and JSON path. (The CI workflow export lives here
 * too.) Uses the catalog, the plan, {@code core.json} (the strict reading policy) and
 * {@code core.io} (saving through AtomicFile); must not depend on build, stage, audit, archive or
 * any UI.
 */
package dev.hippack.core.profile;
