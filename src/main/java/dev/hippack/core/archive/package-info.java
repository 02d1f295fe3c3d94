/**
 * The package zip and its checksum file: a deterministic, parallel-deflated zip with one
 * top-level folder, written beside its final name under a temporary one, read back and verified
 * while it is written, then renamed, and {@code SHA256SUMS} beside it. Writes through
 * {@code dev.hippack.core.io} (temporary files, the output folder's lock); otherwise depends on
 * progress and Commons Compress only, and knows nothing of plans, SDKs or staging, so it can zip
 * any folder.
 */
package dev.hippack.core.archive;
