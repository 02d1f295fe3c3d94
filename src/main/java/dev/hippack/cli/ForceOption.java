package dev.hippack.cli;

import picocli.CommandLine.Option;

/** {@code --force}, declared once for the commands that refuse to replace an output that exists. */
final class ForceOption {

    @Option(names = "--force",
            description = "Replace outputs that exist already; without it, an existing output is refused (exit 2).")
    boolean on;
}
