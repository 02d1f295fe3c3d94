package dev.hippack.ui.app;

import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.UiTaskRunner;
import dev.hippack.ui.settings.ConfigFolder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Application;

/**
 * Starts the JavaFX application; called by {@code Main} when no subcommand is given. What the
 * first window needs besides JavaFX is made meanwhile, on threads of its own: what it reads
 * ({@link Preparation}), then the wizard's engine and view-models ({@link Wizard.Models}), so that
 * the FX thread only builds the window (docs/design.md §10.1).
 */
public final class WizardLauncher {

    private static volatile GuiRequest request = new GuiRequest(false, null);
    private static volatile CompletableFuture<Preparation> preparation;
    /** The models made by {@link #launch} and the runner they were made with; taken by the window that starts. */
    private static volatile Started started;

    /** The runner the wizard's jobs run on (held until its first frame) and the models made with it. */
    record Started(UiTaskRunner runner, CompletableFuture<Wizard.Models> models) { }

    private WizardLauncher() { }

    public static void launch(GuiRequest r) {
        request = r;
        prepare();
        UiTaskRunner runner = UiTaskRunner.heldUntilReleased();
        started = new Started(runner, preparation.thenApplyAsync(
                p -> new Wizard.Models(r, p.catalog(), runner, p.settings()), WizardLauncher::background));
        Application.launch(HipPackagerApp.class);
    }

    /**
     * Starts reading what the first window needs ({@link Preparation}) on a thread of its own,
     * unless that has started already. {@code Main} calls it first thing when the arguments open
     * the wizard, so the reading runs while the main thread sets up the run's log instead of
     * competing with JavaFX's start-up (docs/design.md §10.1). The reading logs nothing, so it may
     * run before the log is set up.
     */
    public static void prepare() {
        if (preparation == null) {
            preparation = Preparation.start(ConfigFolder.settingsFile());
        }
    }

    /** Runs one piece of start-up work on a daemon thread of its own (the window does not wait for it to end). */
    static void background(Runnable work) {
        onDaemonThread("hip-packager-start").execute(work);
    }

    /** Runs each piece of work given to it on a new daemon thread named {@code name}. */
    static Executor onDaemonThread(String name) {
        return work -> {
            Thread t = new Thread(work, name);
            t.setDaemon(true);
            t.start();
        };
    }

    /**
     * The runner and the models {@link #launch} made while JavaFX started, once: a window started
     * without it, or a second one, gets a new runner and makes its models now, from {@code prepared}.
     * What went wrong making them is thrown here, as it would have been in place.
     */
    static Started take(Preparation prepared) {
        Started made = started;
        started = null;
        if (made != null) {
            return made;
        }
        UiTaskRunner runner = UiTaskRunner.heldUntilReleased();
        return new Started(runner, CompletableFuture.completedFuture(
                new Wizard.Models(request, prepared.catalog(), runner, prepared.settings())));
    }

    /** The settings, catalog and theme, read while JavaFX started (or now, if nothing started reading them). */
    static Preparation preparation() {
        CompletableFuture<Preparation> started = preparation;
        return started == null ? Preparation.read() : Preparation.await(started);
    }
}
