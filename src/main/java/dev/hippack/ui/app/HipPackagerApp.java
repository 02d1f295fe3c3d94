package dev.hippack.ui.app;

import dev.hippack.core.finding.Severity;
import dev.hippack.launch.ApplicationVersion;
import dev.hippack.ui.common.AppIcons;
import dev.hippack.ui.common.FailureDialog;
import dev.hippack.ui.common.Icons;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.settings.SettingsStore;
import dev.hippack.ui.settings.WindowBounds;
import dev.hippack.ui.wizard.ThemeChoice;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.event.EventHandler;
import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The JavaFX application: the wizard window for this machine, a described host, or the sample
 * environment. The window's size and position, the last checkout, output folder and theme are
 * remembered in the user's config folder.
 */
public final class HipPackagerApp extends Application {

    /**
     * Set (to anything) to print the wall-clock instant the first window was shown (after the first
     * layout pulse that followed showing it) and exit: the startup benchmark (bench/startup.sh)
     * subtracts the instant it launched the image (docs/design.md §10.7). The process's own start
     * instant is not used: on Linux it is derived from the boot time, which the kernel reports in
     * whole seconds, so it can be up to a second early.
     */
    public static final String EXIT_WHEN_SHOWN = "hippack.exitWhenShown";
    static final double MIN_WIDTH = 1000;
    static final double MIN_HEIGHT = 680;
    /** Set to a folder to take a screenshot of every step there and exit (tools/screenshots.sh). */
    public static final String SCREENSHOT_DIR = "hippack.screenshotDir";

    private static final System.Logger LOG = System.getLogger("dev.hippack.ui");

    private SettingsStore store;
    private AppSettings settings;
    private UiTaskRunner runner;
    private Wizard wizard;

    /**
     * Runs on JavaFX's launcher thread once the toolkit has started, before {@link #start} on the
     * FX thread: the icon font is read meanwhile on a thread of its own (docs/design.md §10.1).
     */
    @Override
    public void init() {
        WizardLauncher.background(Icons::preload);
    }

    @Override
    public void start(Stage stage) {
        Preparation prepared = WizardLauncher.preparation();
        store = prepared.store();
        settings = prepared.settings();
        // Jobs started with the window (the first detection) run at once, but their results are
        // applied after the window's first frame, so that frame (the step's "Detecting" mask) does
        // not wait for the nodes of the result (docs/design.md §10.2).
        WizardLauncher.Started made = WizardLauncher.take(prepared);
        runner = made.runner();
        // A fault on the FX thread is a bug of ours: log it and show it, never lose it silently.
        FailureDialog crashes = new FailureDialog(() -> stage, ApplicationVersion.version());
        Thread.currentThread().setUncaughtExceptionHandler((t, e) -> {
            LOG.log(System.Logger.Level.ERROR, "Unexpected error on the JavaFX thread", e);
            crashes.report("HIP Packager ran into an internal error",
                    "Something inside HIP Packager failed; what you chose is still there. The details were written to the log.", e);
        });
        wizard = new Wizard(Preparation.await(made.models()), path -> getHostServices().showDocument(path.toUri().toString()),
                (title, question) -> confirm(stage, title, question), stage::close, prepared.systemDark());
        WizardWindow window = wizard.window();
        window.themeChoiceProperty().set(ThemeChoice.fromSettings(settings.theme()));

        stage.setScene(window.scene());
        stage.titleProperty().bind(wizard.titleProperty());
        placeWindow(stage, settings.window());
        stage.setOnHidden(e -> saveSettings(stage, window));
        String screenshots = System.getProperty(SCREENSHOT_DIR);
        if (System.getProperty(EXIT_WHEN_SHOWN) != null) {
            // bench/EmptyWindow.java, the benchmark's baseline, takes the same instant the same way.
            // Registered before the work that waits for the first frame (the held detection results,
            // the window's icons), so the instant is the frame's, not the end of that work.
            afterFirstFrame(stage, window.scene(), () -> {
                System.out.println("first-window-shown-at-epoch-ms " + System.currentTimeMillis());
                Platform.exit();
            });
        }
        afterFirstFrame(stage, window.scene(), runner::release);
        // A settings file that could not be read was kept aside (or is left alone): say so, once the window is there.
        prepared.settingsProblem().ifPresent(problem -> {
            LOG.log(System.Logger.Level.WARNING, problem);
            afterFirstFrame(stage, window.scene(), () -> window.notifier().show(new Notifier.Notice(Severity.WARNING, "Settings not read", problem)));
        });
        // The window's icons are decoded (on a thread of their own) and handed to it after its
        // first frame, which does not show them: GTK converts each size on the FX thread
        // (docs/design.md §10.2).
        afterFirstFrame(stage, window.scene(), () -> CompletableFuture.supplyAsync(AppIcons::images, WizardLauncher::background)
                .whenCompleteAsync((images, error) -> {
                    if (error != null) {
                        LOG.log(System.Logger.Level.WARNING, "The window's icon could not be read", error);
                    } else {
                        stage.getIcons().setAll(images);
                    }
                }, Platform::runLater));
        stage.show();
        if (screenshots != null) {
            new ScreenshotTour(wizard, stage, Path.of(screenshots)).start();
        }
    }

    /**
     * Runs {@code action} once the stage's first frame has been shown: when the stage is shown,
     * after the scene's next layout pulse, in a {@code runLater} (so the pulse, including handing
     * the frame to the renderer, has ended).
     */
    static void afterFirstFrame(Stage stage, Scene scene, Runnable action) {
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, new EventHandler<WindowEvent>() {
            @Override
            public void handle(WindowEvent e) {
                stage.removeEventHandler(WindowEvent.WINDOW_SHOWN, this);
                scene.addPostLayoutPulseListener(new Runnable() {
                    @Override
                    public void run() {
                        scene.removePostLayoutPulseListener(this);
                        Platform.runLater(action);
                    }
                });
            }
        });
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
        List<Screen> screens = Double.isFinite(b.x()) && Double.isFinite(b.y())
                ? Screen.getScreensForRectangle(new Rectangle2D(b.x(), b.y(), Math.min(b.width(), 200), 50))
                : List.of();
        boolean onScreen = !screens.isEmpty();
        // Never larger than the screen it opens on (the default size is more than a 1024x700 one has).
        Rectangle2D area = (onScreen ? screens.get(0) : Screen.getPrimary()).getVisualBounds();
        Dimension2D min = minimumSize(area);
        stage.setMinWidth(min.getWidth());
        stage.setMinHeight(min.getHeight());
        stage.setWidth(Math.min(b.width(), area.getWidth()));
        stage.setHeight(Math.min(b.height(), area.getHeight()));
        if (onScreen) {
            stage.setX(b.x());
            stage.setY(b.y());
        } else {
            stage.centerOnScreen();
        }
        stage.setMaximized(b.maximized());
    }

    /**
     * The window's minimum size on a screen's work area: the size the steps are laid out for
     * (1000x680), but never more than the area, which on a 1366x768 laptop at 125 % is about
     * 1093x584 logical pixels (less the taskbar); a larger minimum would push the buttons off screen.
     */
    static Dimension2D minimumSize(Rectangle2D area) {
        return new Dimension2D(Math.min(MIN_WIDTH, area.getWidth()), Math.min(MIN_HEIGHT, area.getHeight()));
    }

    private void saveSettings(Stage stage, WizardWindow window) {
        WindowBounds bounds = stage.isMaximized()
                ? new WindowBounds(settings.window().x(), settings.window().y(), settings.window().width(), settings.window().height(), true)
                : new WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), false);
        AppSettings updated = wizard.rememberedChoices(settings)
                .withWindow(bounds)
                .withTheme(window.themeChoiceProperty().get().settingsValue());
        store.save(updated);
    }

    /** A yes/no question whose default (Enter, Esc) is No: a stray Enter never closes or cancels anything. */
    static boolean confirm(Window owner, String title, String question) {
        return confirmation(owner, title, question).showAndWait().filter(b -> b == ButtonType.YES).isPresent();
    }

    /** The question's dialog, not shown yet: the application's icon, No as the default and the focus. */
    static Alert confirmation(Window owner, String title, String question) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, ButtonType.YES, ButtonType.NO);
        alert.setTitle(title);
        alert.setHeaderText(null);
        AppIcons.apply(alert, owner);
        for (ButtonType type : List.of(ButtonType.YES, ButtonType.NO)) {
            Button b = (Button) alert.getDialogPane().lookupButton(type);
            b.setDefaultButton(type == ButtonType.NO);
        }
        alert.setOnShown(e -> alert.getDialogPane().lookupButton(ButtonType.NO).requestFocus());
        return alert;
    }
}
