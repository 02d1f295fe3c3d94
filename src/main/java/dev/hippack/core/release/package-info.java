/**
 * A release: several packages cut together (rocm6 and rocm7, each with its own SDK and build
 * folder), with one {@code SHA256SUMS} for all zips and {@code RELEASE-NOTES.md} written for the
 * people who download them, compared with the previous release. Uses the single-package services
 * (build, stage, verify, archive) one package after the other; knows nothing of the command line
 * or the wizard.
 */
package dev.hippack.core.release;
