package dev.hippack.launch;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the CLI asks of the wizard when started without a subcommand: show the sample
 * environment ({@code --demo}) or a described host ({@code --host DIR}, null for this machine).
 */
public record GuiRequest(boolean demo, Path hostDir) {

    /**
     * The wizard on this machine when {@code args} are none at all, as a double-click starts the
     * program: they open it without being parsed. {@code Cli} asks it first; so does {@code Main},
     * before the run's log is set up, to start reading what the first window needs at once.
     */
    public static Optional<GuiRequest> withoutParsing(String[] args) {
        return args.length == 0 ? Optional.of(new GuiRequest(false, null)) : Optional.empty();
    }
}
