package dev.hippack.ui.app;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.host.CommandOutput;
import dev.hippack.core.host.Host;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.settings.ConfigFolder;
import dev.hippack.ui.settings.SettingsStore;
import dev.hippack.ui.settings.SystemTheme;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * What the wizard's first window needs that does not need JavaFX: the settings, the catalog and
 * whether the desktop is dark. Reading them takes the settings file (if there is one, through
 * Jackson's streaming parser), the catalog's JSON (the same parser) and a process or two (the
 * theme's question to the desktop), so {@link #start} does it on threads of its own
 * while JavaFX starts its toolkit, and the window only waits for what is not done by then
 * (docs/design.md §10.1).
 */
record Preparation(SettingsStore store, AppSettings settings, Catalog catalog, boolean systemDark) {

    /** What was wrong with the settings file, for the user (the window says it once it is shown); empty when nothing was. */
    Optional<String> settingsProblem() {
        return store.problem();
    }

    /**
     * Starts reading on daemon threads; {@link #await} gives the result. The desktop's theme is
     * asked on a thread of its own: that is mostly waiting for a process or two, and the JSON
     * need not wait for it.
     */
    static CompletableFuture<Preparation> start(Path settingsFile) {
        CompletableFuture<Boolean> dark = CompletableFuture.supplyAsync(Preparation::systemPrefersDark,
                WizardLauncher.onDaemonThread("hip-packager-theme"));
        return CompletableFuture.supplyAsync(() -> read(settingsFile, () -> await(dark)),
                WizardLauncher.onDaemonThread("hip-packager-prepare"));
    }

    /** The result of {@link #start}; what went wrong there is thrown here, as it would have been in place. */
    static <T> T await(CompletableFuture<T> started) {
        try {
            return started.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** Reads everything on the calling thread. */
    static Preparation read() {
        return read(ConfigFolder.settingsFile());
    }

    /** Reads everything on the calling thread, the settings from {@code settingsFile}. */
    static Preparation read(Path settingsFile) {
        return read(settingsFile, Preparation::systemPrefersDark);
    }

    private static Preparation read(Path settingsFile, Supplier<Boolean> systemDark) {
        SettingsStore store = new SettingsStore(settingsFile);
        AppSettings settings = store.load();
        Catalog catalog = CatalogLoader.embedded();
        return new Preparation(store, settings, catalog, systemDark.get());
    }

    /** Asks the desktop (registry, portal, gsettings) through this machine's command runner. */
    private static boolean systemPrefersDark() {
        Host local = Host.local();
        return new SystemTheme(System.getProperty("os.name"), System.getenv(), command -> {
            try {
                CommandOutput out = local.run(command, Duration.ofSeconds(2), StandardCharsets.UTF_8);
                return out.succeeded() ? Optional.of(out.stdout()) : Optional.empty();
            } catch (PackagerException | RuntimeException e) {
                return Optional.empty();
            }
        }).prefersDark();
    }
}
