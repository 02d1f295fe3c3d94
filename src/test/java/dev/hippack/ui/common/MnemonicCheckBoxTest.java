package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.event.ActionEvent;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Alt and the underlined letter tick the box once, as a click does; a plain JavaFX box only takes the focus. */
@ExtendWith(ApplicationExtension.class)
class MnemonicCheckBoxTest {

    private MnemonicCheckBox box;
    private CheckBox plain;
    private final AtomicInteger toggles = new AtomicInteger();

    @Start
    void start(Stage stage) {
        box = new MnemonicCheckBox("I have read the _warnings");
        box.selectedProperty().addListener((o, was, is) -> toggles.incrementAndGet());
        plain = new CheckBox("_Plain");
        plain.setMnemonicParsing(true);
        stage.setScene(new Scene(new VBox(plain, box), 300, 120));
        stage.show();
    }

    @Test
    void altAndTheLetterTicksAndUnticksTheBox(FxRobot robot) {
        robot.press(KeyCode.ALT).type(KeyCode.W).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).isTrue();
        assertThat(box.isFocused()).isTrue();
        assertThat(toggles.get()).isEqualTo(1);
        robot.press(KeyCode.ALT).type(KeyCode.W).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).isFalse();
    }

    @Test
    void aClickOrFireTogglesOnceAndAnActionEventFromAMnemonicToggles(FxRobot robot) {
        robot.clickOn(box);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).isTrue();
        assertThat(toggles.get()).isEqualTo(1);
        robot.interact(() -> box.fireEvent(new ActionEvent()));
        assertThat(box.isSelected()).isFalse();
        assertThat(toggles.get()).isEqualTo(2);
    }

    @Test
    void aPlainCheckBoxOnlyTakesTheFocusOnItsMnemonicWhichIsWhyThisClassExists(FxRobot robot) {
        robot.press(KeyCode.ALT).type(KeyCode.P).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(plain.isFocused()).isTrue();
        assertThat(plain.isSelected()).isFalse();
    }
}
