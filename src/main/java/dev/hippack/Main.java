package dev.hippack;

import dev.hippack.cli.Cli;
import dev.hippack.ui.app.WizardLauncher;

/**
 * Entry point. No subcommand starts the wizard; a subcommand runs the command line. The CLI
 * never touches JavaFX, so {@code hip-packager --version} needs no display.
 */
public final class Main {

    private Main() { }

    public static void main(String[] args) {
        int code = new Cli(WizardLauncher::launch).execute(args, System.out, System.err);
        System.exit(code);
    }
}
