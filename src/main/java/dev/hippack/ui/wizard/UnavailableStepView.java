package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.StepPage;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/** The view of a step that is not available in this build: its title and an honest sentence. */
public final class UnavailableStepView {

    private UnavailableStepView() { }

    public static Node of(UnavailableStepViewModel vm) {
        Label text = new Label(vm.explanation(), Icons.of(Icons.Glyph.INFO, Css.SEVERITY_INFO));
        text.setWrapText(true);
        text.getStyleClass().add(Css.NOT_AVAILABLE);
        text.setId(vm.id().viewId() + "-unavailable");
        text.setMaxWidth(Double.MAX_VALUE);
        return StepPage.of(vm.id().viewId(), vm.id().title(), "Not available in this build yet.", new VBox(text));
    }
}
