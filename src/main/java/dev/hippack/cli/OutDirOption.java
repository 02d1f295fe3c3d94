package dev.hippack.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out DIR}, the output folder of the commands that write a package (stage, package,
 * release); outside the sample it defaults to the profile's {@code outputDir}.
 */
final class OutDirOption {

    @Option(names = "--out", paramLabel = "DIR",
            description = "The output folder (DIR above); default: the outputDir the profile names.")
    Path dir;
}
