package dev.hippack.ui.wizard;

import javafx.scene.Node;
import javafx.scene.control.ButtonBase;

/** A step's nodes as the window needs them: the view, where the keyboard focus goes, and the step's own main action. */
public interface StepView {

    Node root();

    /** The control that gets the keyboard focus when the step is shown (never Cancel): by default the main action. */
    default Node initialFocus() {
        return mainAction();
    }

    /**
     * The step's own main action (Start build, Stage and audit, Write and verify zip), or null.
     * Enter runs it when Next is not possible and it is enabled.
     */
    default ButtonBase mainAction() {
        return null;
    }
}
