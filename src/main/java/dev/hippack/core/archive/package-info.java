/**
 * The package zip and its checksum file: a deterministic, parallel-deflated zip with one
 * top-level folder, written under a temporary name, read back and verified, then renamed, and
 * {@code SHA256SUMS} beside it. Depends on progress and Commons Compress only; knows nothing of
 * plans, SDKs or staging, so it can zip any folder.
 */
package dev.hippack.core.archive;
