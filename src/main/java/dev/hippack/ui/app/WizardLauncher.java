package dev.hippack.ui.app;

import dev.hippack.launch.GuiRequest;
import java.util.concurrent.CompletableFuture;
import dev.hippack.ui.settings.ConfigFolder;
import javafx.application.Application;

/**
 * Starts the JavaFX application; called by {@code Main} when no subcommand is given. What the
 * first window needs besides JavaFX ({@link Preparation}) is read meanwhile, on a thread of its own.
 */
public final class WizardLauncher {

    private static volatile GuiRequest request = new GuiRequest(false, null);
    private static volatile CompletableFuture<Preparation> preparation;

    private WizardLauncher() { }

    public static void launch(GuiRequest r) {
        request = r;
        prepare();
        Application.launch(HipPackagerApp.class);
    }

    /**
     * Starts reading what the first window needs ({@link Preparation}) on a thread of its own,
     * unless that has started already. {@code Main} calls it first thing when the arguments open
     * the wizard: the reading (Jackson's first use, most of it) then has the second core to itself
     * while the main thread sets up the run's log, instead of competing with JavaFX's start-up for
     * it (bench/README.md, "First window, seventh round"). The reading logs nothing, so it may run
     * before the log is set up.
     */
    public static void prepare() {
        if (preparation == null) {
            preparation = Preparation.start(ConfigFolder.settingsFile());
        }
    }

    /** Runs one piece of start-up work on a daemon thread of its own (the window does not wait for it to end). */
    static void background(Runnable work) {
        Thread t = new Thread(work, "hip-packager-start");
        t.setDaemon(true);
        t.start();
    }

    static GuiRequest request() {
        return request;
    }

    /** The settings, catalog and theme, read while JavaFX started (or now, if nothing started reading them). */
    static Preparation preparation() {
        CompletableFuture<Preparation> started = preparation;
        return started == null ? Preparation.read() : Preparation.await(started);
    }
}
