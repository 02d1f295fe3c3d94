/**
 * What the wizard remembers between runs (window size and position, last checkout, output
 * folder, theme), as a JSON file in the user's config folder. A bad file means defaults, never a
 * crash. No JavaFX here; depends on Jackson's streaming parser and generator and {@code core.io} (the file is written through
 * AtomicFile) only.
 */
package dev.hippack.ui.settings;
