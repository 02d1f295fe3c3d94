/**
 * The wizard's frame: the steps, the typed draft they fill in, the view-model that moves between
 * them, and the main window that shows them. View-models here use only javafx.beans and
 * javafx.collections; only {@code WizardWindow} builds nodes.
 */
package dev.hippack.ui.wizard;
