/**
 * The scan of an SDK's {@code bin\rocblas\library} and {@code bin\hipblaslt\library}: every file
 * classified by GPU architecture, in every layout their loaders read (flat, per-architecture folders,
 * {@code .dat.zlib}), and TheRock's {@code .kpack} archives with the one rule of where they are looked for
 * ({@link dev.hippack.core.inventory.KpackLayout}). Used by detection, estimates, staging and the audit. Depends
 * only on the catalog and host packages.
 */
package dev.hippack.core.inventory;
