package dev.hippack;

import dev.hippack.cli.Cli;
import dev.hippack.launch.ChildProcesses;
import dev.hippack.launch.GuiRequest;
import dev.hippack.launch.RunLog;
import dev.hippack.ui.app.WizardLauncher;
import java.util.List;

/**
 * Entry point. No subcommand starts the wizard; a subcommand runs the command line. The run's
 * log is started first, so the wizard and every command log to the same per-user folder (its
 * file is opened on a thread of its own, keeping the records logged meanwhile); only the reading
 * for the wizard's first window, which logs nothing, may start before it (docs/design.md §10.1). The
 * CLI never touches JavaFX, so {@code hip-packager --version} needs no display.
 */
public final class Main {

    private Main() { }

    public static void main(String[] args) {
        if (GuiRequest.withoutParsing(args).isPresent()) {
            // The wizard's first window needs the settings and the catalog: read them beside the log's set-up.
            WizardLauncher.prepare();
        }
        RunLog log = RunLog.startInBackground(RunLog.folder(), List.of(args));
        ChildProcesses children = ChildProcesses.ofThisProcess();
        // Ctrl-C and log-off do not come back here: the hook ends the builds they would leave running.
        children.endOnShutdown(ChildProcesses.HEAD_START);
        int code = new Cli(WizardLauncher::launch, log).execute(args, System.out, System.err);
        // The window closed or the command ended: on Windows a child process outlives us unless ended.
        children.end();
        log.close();
        System.exit(code);
    }
}
