/**
 * The wizard's frame: the steps, the typed draft they fill in, the view-model that moves between
 * them, and the main window that shows them. View-models here use only javafx.beans and
 * javafx.collections; only {@code WizardWindow} and its {@code StepListView} build nodes.
 */
package dev.hippack.ui.wizard;
