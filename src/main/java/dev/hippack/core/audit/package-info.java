/**
 * The audit: the checks of docs/design.md §5 run on a finished build ({@link dev.hippack.core.audit.BuildFlagCheck},
 * from CMakeCache.txt) and on a staged package folder or a finished zip ({@code PackageAuditor}).
 * Results are {@code Finding}s. Uses the catalog, inventory, plan and the PE reader in
 * {@code audit.pe}; must not depend on detect, build, stage, archive or the UI.
 */
package dev.hippack.core.audit;
