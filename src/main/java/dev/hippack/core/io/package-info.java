/**
 * Writing outputs safely: {@link dev.hippack.core.io.AtomicFile} writes a file beside its target
 * under an unpredictable name, created exclusively and never through a link, forces it to disk and
 * moves it over the target in one step (or removes it on any failure), and
 * {@link dev.hippack.core.io.OutputLock} lets one run at a time write into an output folder.
 * Every service that writes a file the user keeps (zip, SHA256SUMS, profile, workflow, host.json,
 * settings, build record) goes through these. Depends on the JDK and {@code dev.hippack.core} only.
 */
package dev.hippack.core.io;
