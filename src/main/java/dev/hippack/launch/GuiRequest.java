package dev.hippack.launch;

import java.nio.file.Path;

/**
 * What the CLI asks of the wizard when started without a subcommand: show the sample
 * environment ({@code --demo}) or a described host ({@code --host DIR}, null for this machine).
 */
public record GuiRequest(boolean demo, Path hostDir) { }
