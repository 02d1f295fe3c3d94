/**
 * The application root: starts JavaFX, wires the engine's services into the step view-models
 * once, restores and saves the window and settings. The only place that knows every step.
 */
package dev.hippack.ui.app;
