package dev.hippack.ui.wizard;

import dev.hippack.ui.common.Css;
import dev.hippack.ui.common.HoverTooltip;
import dev.hippack.ui.common.Icons;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * The step list on the left: one row per step, its status icon and title; a click on a done step
 * goes back to it; a blocked row says why in a tooltip (made when hovered). Five fixed rows, so
 * plain labels in a box: a {@code ListView} builds a virtual flow, cells and scroll bars for them,
 * all styled and laid out for the first window (docs/design.md §10.3). (Its cells were also as wide
 * as the longest title and cut at the list's edge by a hidden scroll bar; a row here fits the
 * list.)
 */
final class StepListView {

    static final double ROW_HEIGHT = 44;

    private final WizardViewModel vm;
    private final VBox box = new VBox();
    private final List<Row> rows = new ArrayList<>();

    StepListView(WizardViewModel vm, String id, double width) {
        this.vm = vm;
        box.setId(id);
        box.getStyleClass().add(Css.STEP_LIST);
        box.setFillWidth(true);
        box.setPrefWidth(width);
        box.setMinWidth(width);
        for (StepViewModel s : vm.steps()) {
            Row row = new Row(s.id());
            rows.add(row);
            box.getChildren().add(row.label);
            vm.statusProperty(s.id()).addListener(o -> row.update());
        }
        vm.blockerProperty().addListener(o -> rows.forEach(Row::update));
        rows.forEach(Row::update);
    }

    VBox node() {
        return box;
    }

    /** One step's row; its look follows the step's status. */
    private final class Row {
        private final StepId id;
        private final Label label = new Label();
        private StepStatus shown;
        private String blockedTip;

        Row(StepId id) {
            this.id = id;
            label.setId("step-item-" + id.name().toLowerCase(Locale.ROOT));
            label.getStyleClass().add(Css.STEP_CELL);
            label.setText((id.ordinal() + 1) + "  " + id.title());
            label.setAlignment(Pos.CENTER_LEFT);
            label.setMaxWidth(Double.MAX_VALUE);
            label.setMinHeight(ROW_HEIGHT);
            label.setPrefHeight(ROW_HEIGHT);
            label.setMaxHeight(ROW_HEIGHT);
            label.setOnMouseClicked(e -> vm.goTo(id));
            HoverTooltip.install(label, () -> blockedTip);
        }

        void update() {
            StepStatus status = vm.statusProperty(id).get();
            if (status != shown) {
                label.getStyleClass().removeAll(Css.STEP_DONE, Css.STEP_CURRENT, Css.STEP_BLOCKED, Css.STEP_PENDING);
                label.getStyleClass().add(switch (status) {
                    case DONE -> Css.STEP_DONE;
                    case CURRENT -> Css.STEP_CURRENT;
                    case BLOCKED -> Css.STEP_BLOCKED;
                    case PENDING -> Css.STEP_PENDING;
                });
                label.setGraphic(Icons.of(switch (status) {
                    case DONE -> Icons.Glyph.STEP_DONE;
                    case CURRENT -> Icons.Glyph.STEP_CURRENT;
                    case BLOCKED -> Icons.Glyph.STEP_BLOCKED;
                    case PENDING -> Icons.Glyph.STEP_PENDING;
                }, Icons.STEP_LIST_SIZE));
                shown = status;
            }
            String state = switch (status) {
                case DONE -> "done";
                case CURRENT -> "current step";
                case BLOCKED -> "blocked: " + vm.blockerProperty().get();
                case PENDING -> "not yet";
            };
            label.setAccessibleText(id.title() + ", " + state);
            blockedTip = status == StepStatus.BLOCKED ? "Complete the current step first: " + vm.blockerProperty().get() : null;
            HoverTooltip.refresh(label);
        }
    }
}
