/**
 * The scan of an SDK's {@code bin\rocblas\library} and {@code bin\hipblaslt\library}: every file
 * classified by GPU architecture. Used by detection, estimates, staging and the audit. Depends
 * only on the catalog and host packages.
 */
package dev.hippack.core.inventory;
