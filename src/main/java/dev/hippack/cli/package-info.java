/**
 * The command line: one picocli subcommand per capability, each a thin shell over the same
 * core services the wizard uses. Subcommands extend {@code BaseCommand} (help, version, the
 * global options, the catalog, Ctrl-C), print findings through {@code FindingsText}, and leave
 * the exit code of a failure to {@code Cli}, the one place that maps outcomes to 0, 1 and 2.
 * Uses core and launch; never JavaFX or the wizard.
 */
package dev.hippack.cli;
