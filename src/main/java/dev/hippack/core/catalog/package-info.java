/**
 * Facts as data: GPU architectures, tracks, ROCm generations and measured sizes (each with its
 * source in docs/distribution-rules.md),
 * read from JSON resources under {@code dev/hippack/catalog/} by the strict policy of
 * {@code core.json}. Depends only on Jackson, {@code core.json} and
 * {@link dev.hippack.core.PackagerException}.
 */
package dev.hippack.core.catalog;
