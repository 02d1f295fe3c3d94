/**
 * The engine of HIP Packager. Nothing here imports JavaFX (a test enforces it); long operations
 * report through {@link dev.hippack.core.progress.OperationListener} and never know about threads
 * or a UI.
 */
package dev.hippack.core;
