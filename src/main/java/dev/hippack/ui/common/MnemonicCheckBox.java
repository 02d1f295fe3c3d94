package dev.hippack.ui.common;

import javafx.event.ActionEvent;
import javafx.scene.control.CheckBox;

/**
 * A check box whose mnemonic (Alt and the underlined letter) ticks it. JavaFX answers a mnemonic by
 * focusing the box and sending it an action event, which runs its action handlers but leaves the
 * box as it was (found by WizardEndToEndTest's keyboard walk); here such an event, one not sent by
 * {@link #fire()} itself, fires the box, so the keyboard does what a click does (action handlers
 * see the mnemonic's event as well; the views here bind the box's selection instead).
 */
public final class MnemonicCheckBox extends CheckBox {

    private boolean firing;

    public MnemonicCheckBox(String text) {
        super(text);
        setMnemonicParsing(true);
        addEventHandler(ActionEvent.ACTION, e -> {
            if (!firing) {
                e.consume();
                fire();
            }
        });
    }

    @Override
    public void fire() {
        firing = true;
        try {
            super.fire();
        } finally {
            firing = false;
        }
    }
}
