/**
 * Facts as data: GPU architectures, tracks, ROCm generations and measured sizes (each with its
 * source in docs/distribution-rules.md),
 * kept as JSON resources under {@code dev/hippack/catalog/} and read by the strict policy of
 * {@code core.json} with Jackson's streaming parser, so that starting builds no data binding.
 * Depends only on Jackson, {@code core.json} and {@link dev.hippack.core.PackagerException}.
 */
package dev.hippack.core.catalog;
