/** Step 3: build options, the exact command lines, and the build itself with its streamed log. */
package dev.hippack.ui.steps.build;
