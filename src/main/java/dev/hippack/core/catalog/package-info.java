/**
 * Facts as data: GPU architectures, tracks, ROCm generations and the guide's measured sizes,
 * read from JSON resources under {@code dev/hippack/catalog/} by the strict policy of
 * {@code core.json}. Depends only on Jackson, {@code core.json} and
 * {@link dev.hippack.core.PackagerException}.
 */
package dev.hippack.core.catalog;
