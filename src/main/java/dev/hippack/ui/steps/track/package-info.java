/** Step 2: the release track, the hardware matrix, the live size estimate and the plan's findings. */
package dev.hippack.ui.steps.track;
