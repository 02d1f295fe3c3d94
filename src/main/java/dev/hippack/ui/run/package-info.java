/**
 * Running work and showing its log: a bounded, batched log buffer fed from worker threads, the
 * virtualized log view, and the file the whole log is written to. The buffer itself needs no
 * toolkit (tested with plain JUnit); only {@code LogView} builds nodes.
 */
package dev.hippack.ui.run;
