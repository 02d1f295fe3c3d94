package dev.hippack.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json}, declared once for every command that can print its result as JSON (docs/cli.md
 * gives each command's shape), so the flag reads and behaves the same everywhere.
 */
final class JsonOption {

    @Option(names = "--json", description = "Print the result as JSON on stdout instead of text; docs/cli.md gives its shape.")
    boolean on;
}
