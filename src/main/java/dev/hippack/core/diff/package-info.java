/**
 * What changed between two packages (folders or zips, read in place by
 * {@link dev.hippack.core.audit.PackageSnapshotReader}): files added, removed and changed,
 * sizes per component and per GPU architecture, ROCm DLLs whose version or size changed,
 * targets gained and lost. Used by {@code hip-packager diff} and by the release notes.
 */
package dev.hippack.core.diff;
