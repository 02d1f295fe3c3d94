/** Step 4: stage the package, show it as a tree with sizes, and audit it (errors block, warnings need a yes). */
package dev.hippack.ui.steps.review;
