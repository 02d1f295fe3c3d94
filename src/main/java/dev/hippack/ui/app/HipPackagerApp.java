package dev.hippack.ui.app;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** The JavaFX application. The five-step wizard replaces this first window (issue 7). */
public final class HipPackagerApp extends Application {

    @Override
    public void start(Stage stage) {
        Label title = new Label("HIP Packager");
        title.setStyle("-fx-font-size: 20px; -fx-font-weight: bold;");
        Label body = new Label("The release wizard is coming. Until then, every step runs from the command line:\n"
                + "hip-packager --help");
        VBox root = new VBox(12, title, body);
        root.setPadding(new Insets(24));
        stage.setTitle("HIP Packager");
        stage.setScene(new Scene(root, 560, 200));
        stage.show();
    }
}
