package dev.hippack.ui.common;

import javafx.scene.control.TableColumnBase;

/** Table and tree-table columns as the steps size them. */
public final class Columns {

    private Columns() { }

    /**
     * A column exactly {@code width} wide, whatever the window: for short texts (sizes, kinds,
     * architectures) that must never be cut while a wide column of data gives way.
     */
    public static void fixed(TableColumnBase<?, ?> column, double width) {
        column.setMinWidth(width);
        column.setPrefWidth(width);
        column.setMaxWidth(width);
    }
}
