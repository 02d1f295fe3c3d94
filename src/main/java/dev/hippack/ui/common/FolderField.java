package dev.hippack.ui.common;

import java.io.File;
import java.nio.file.Path;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.DirectoryChooser;

/**
 * A read-only field showing a folder and a button that picks it with the system's folder
 * chooser, both bound to one {@code ObjectProperty<Path>} of a view-model. The chooser opens at
 * the current folder when it exists.
 */
public record FolderField(TextField field, Button choose) {

    public static FolderField of(String id, ObjectProperty<Path> folder, String buttonText, String dialogTitle) {
        TextField field = new TextField();
        field.setId(id);
        field.setEditable(false);
        field.textProperty().bind(Bindings.createStringBinding(
                () -> folder.get() == null ? "" : folder.get().toString(), folder));
        HBox.setHgrow(field, Priority.ALWAYS);
        Button choose = new Button(buttonText, Icons.of(Icons.Glyph.FOLDER));
        choose.setMnemonicParsing(true);
        choose.setOnAction(e -> {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle(dialogTitle);
            Path current = folder.get();
            if (current != null && current.toFile().isDirectory()) {
                dc.setInitialDirectory(current.toFile());
            }
            File f = dc.showDialog(choose.getScene().getWindow());
            if (f != null) {
                folder.set(f.toPath());
            }
        });
        return new FolderField(field, choose);
    }
}
