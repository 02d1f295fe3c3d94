package dev.hippack.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --profile FILE}, the release profile of the commands that work on one (plan, build, stage, package, ci-workflow). */
final class ProfileOption {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON). With --demo it defaults to the sample's profiles/rocm6.json.")
    Path file;
}
