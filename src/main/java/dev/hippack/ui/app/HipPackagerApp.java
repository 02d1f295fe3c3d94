package dev.hippack.ui.app;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.settings.ConfigFolder;
import dev.hippack.ui.settings.SettingsStore;
import dev.hippack.ui.settings.WindowBounds;
import dev.hippack.ui.wizard.Theme;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The JavaFX application: the wizard window for this machine, a described host, or the sample
 * environment. The window's size and position, the last checkout, output folder and theme are
 * remembered in the user's config folder.
 */
public final class HipPackagerApp extends Application {

    /**
     * Set (to anything) to print the wall-clock instant the first window was shown and exit: the
     * startup benchmark (bench/startup.sh) subtracts the instant it launched the image. The
     * process's own start instant is not used: on Linux it is derived from the boot time, which
     * the kernel reports in whole seconds, so it can be up to a second early.
     */
    public static final String EXIT_WHEN_SHOWN = "hippack.exitWhenShown";
    /** Set to a folder to take a screenshot of every step there and exit (tools/screenshots.sh). */
    public static final String SCREENSHOT_DIR = "hippack.screenshotDir";

    private SettingsStore store;
    private AppSettings settings;
    private UiTaskRunner runner;
    private Wizard wizard;

    @Override
    public void start(Stage stage) {
        GuiRequest request = WizardLauncher.request();
        store = new SettingsStore(ConfigFolder.settingsFile());
        settings = store.load();
        Catalog catalog = CatalogLoader.embedded();
        runner = new UiTaskRunner();
        wizard = new Wizard(request, catalog, runner, Platform::runLater,
                path -> getHostServices().showDocument(path.toUri().toString()), settings,
                HipPackagerApp::confirm, stage::close);
        WizardWindow window = wizard.window();
        window.themeProperty().set("dark".equals(settings.theme()) ? Theme.DARK : Theme.LIGHT);

        wizard.notifyWith(new PopupNotifier(stage));
        stage.setScene(window.scene());
        stage.titleProperty().bind(wizard.titleProperty());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        placeWindow(stage, settings.window());
        stage.setOnHidden(e -> saveSettings(stage, window));
        String screenshots = System.getProperty(SCREENSHOT_DIR);
        if (System.getProperty(EXIT_WHEN_SHOWN) != null) {
            stage.setOnShown(e -> Platform.runLater(() -> {
                System.out.println("first-window-shown-at-epoch-ms " + System.currentTimeMillis());
                Platform.exit();
            }));
        }
        stage.show();
        if (screenshots != null) {
            new ScreenshotTour(wizard, stage, Path.of(screenshots)).start();
        }
    }

    @Override
    public void stop() {
        if (wizard != null) {
            wizard.close();
        }
        if (runner != null) {
            runner.close();
        }
    }

    private static void placeWindow(Stage stage, WindowBounds b) {
        stage.setWidth(b.width());
        stage.setHeight(b.height());
        boolean onScreen = Double.isFinite(b.x()) && Double.isFinite(b.y())
                && !Screen.getScreensForRectangle(new Rectangle2D(b.x(), b.y(), Math.min(b.width(), 200), 50)).isEmpty();
        if (onScreen) {
            stage.setX(b.x());
            stage.setY(b.y());
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(b.maximized());
    }

    private void saveSettings(Stage stage, WizardWindow window) {
        WindowBounds bounds = stage.isMaximized()
                ? new WindowBounds(settings.window().x(), settings.window().y(), settings.window().width(), settings.window().height(), true)
                : new WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), false);
        AppSettings updated = wizard.rememberedChoices(settings)
                .withWindow(bounds)
                .withTheme(window.themeProperty().get() == Theme.DARK ? "dark" : "light");
        store.save(updated);
    }

    private static boolean confirm(String title, String question) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, ButtonType.YES, ButtonType.NO);
        alert.setTitle(title);
        alert.setHeaderText(null);
        return alert.showAndWait().filter(b -> b == ButtonType.YES).isPresent();
    }
}
