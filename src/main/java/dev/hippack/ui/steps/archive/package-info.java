/** Step 5: zip the staged package (verified after writing), show its checksum, save the release profile. */
package dev.hippack.ui.steps.archive;
