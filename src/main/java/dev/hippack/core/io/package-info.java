/**
 * Writing outputs safely: {@link dev.hippack.core.io.AtomicFile} writes a file beside its target
 * under an unpredictable name, created exclusively and never through a link, forces it to disk and
 * moves it over the target in one step (or removes it on any failure), and
 * {@link dev.hippack.core.io.OutputLock} lets one run at a time write into an output folder.
 * Every file HIP Packager writes to be kept (zip, SHA256SUMS, profile, workflow, host.json,
 * settings, build record, the stand-in build's CMakeCache.txt and executables, screenshots) goes
 * through {@code AtomicFile}. Whole folders are the exception ({@code AtomicFile} is for one file):
 * the staged package and the sample environment are built in a {@code .partial} folder and renamed.
 * Every one of those renames goes through {@link dev.hippack.core.io.RetryingRename}, which waits
 * out (for a bounded time) a scanner that holds a file open on Windows, through the
 * {@link dev.hippack.core.io.FileMover} seam that tests replace.
 * Depends on the JDK and {@code dev.hippack.core} only.
 */
package dev.hippack.core.io;
