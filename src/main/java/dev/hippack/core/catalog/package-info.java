/**
 * Facts as data: GPU architectures, tracks, ROCm generations and the guide's measured sizes,
 * read from JSON resources under {@code dev/hippack/catalog/}. Depends only on Jackson and
 * {@link dev.hippack.core.PackagerException}.
 */
package dev.hippack.core.catalog;
