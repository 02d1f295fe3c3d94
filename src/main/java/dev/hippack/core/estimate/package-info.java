/**
 * Package sizes before anything is built: per component, per architecture, in total and
 * zipped, from the catalog or from a scanned SDK ({@link dev.hippack.core.catalog.KernelSizes}).
 * Uses the catalog and the plan rules; must not depend on build, stage, audit, archive or any UI.
 */
package dev.hippack.core.estimate;
