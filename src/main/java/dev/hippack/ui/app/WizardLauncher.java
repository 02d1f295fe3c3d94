package dev.hippack.ui.app;

import dev.hippack.launch.GuiRequest;
import javafx.application.Application;

/** Starts the JavaFX application; called by {@code Main} when no subcommand is given. */
public final class WizardLauncher {

    private static volatile GuiRequest request = new GuiRequest(false, null);

    private WizardLauncher() { }

    public static void launch(GuiRequest r) {
        request = r;
        Application.launch(HipPackagerApp.class);
    }

    static GuiRequest request() {
        return request;
    }
}
