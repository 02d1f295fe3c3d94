package dev.hippack.ui.wizard;

/** Asks the user a yes/no question; a seam so tests can answer without a dialog. */
@FunctionalInterface
public interface Confirmation {
    boolean ask(String title, String question);
}
