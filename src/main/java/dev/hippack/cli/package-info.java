/**
 * The command line: one picocli subcommand per capability, each a thin shell over the same
 * core services the wizard uses. Never imports JavaFX.
 */
package dev.hippack.cli;
