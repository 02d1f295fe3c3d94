package dev.hippack;

import dev.hippack.cli.Cli;
import dev.hippack.launch.RunLog;
import dev.hippack.ui.app.WizardLauncher;
import java.util.List;

/**
 * Entry point. No subcommand starts the wizard; a subcommand runs the command line. The run's
 * log is started first, so the wizard and every command log to the same per-user folder (its
 * file is opened on a thread of its own, keeping the records logged meanwhile). The
 * CLI never touches JavaFX, so {@code hip-packager --version} needs no display.
 */
public final class Main {

    private Main() { }

    public static void main(String[] args) {
        RunLog log = RunLog.startInBackground(RunLog.folder(), List.of(args));
        int code = new Cli(WizardLauncher::launch, log).execute(args, System.out, System.err);
        log.close();
        System.exit(code);
    }
}
