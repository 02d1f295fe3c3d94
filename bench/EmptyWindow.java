import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * The baseline of bench/startup.sh: an empty JavaFX window, a Stage with one Label at the wizard's
 * default size, started with the image's own bin/java. It says when its first frame was laid out
 * exactly as the wizard does with -Dhippack.exitWhenShown (HipPackagerApp): when the Stage is
 * shown it waits for the scene's next layout pulse, then prints the wall clock after that pulse
 * and exits.
 */
public final class EmptyWindow extends Application {

    @Override
    public void start(Stage stage) {
        Scene scene = new Scene(new Label("HIP Packager"), 1180, 780);
        stage.setTitle("Empty window");
        stage.setScene(scene);
        stage.setOnShown(e -> scene.addPostLayoutPulseListener(new Runnable() {
            @Override
            public void run() {
                scene.removePostLayoutPulseListener(this);
                Platform.runLater(() -> {
                    System.out.println("first-window-shown-at-epoch-ms " + System.currentTimeMillis());
                    Platform.exit();
                });
            }
        }));
        stage.show();
    }

    public static void main(String[] args) {
        launch(args);
    }
}
