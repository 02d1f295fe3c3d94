package dev.hippack.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --profile FILE [--package NAME]}, the release profile of the commands that work on one
 * package (plan, build, stage, package, audit). A profile of several packages (a release) needs
 * {@code --package} to say which; {@code release} and {@code ci-workflow} take the whole release.
 */
final class ProfileOption {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "The release profile (JSON). With --demo it defaults to the sample's profiles/rocm6.json.")
    Path file;

    @Option(names = "--package", paramLabel = "NAME",
            description = "The package of a profile that holds several (a release): its archiveName or its track, e.g. rocm7.")
    String packageName;
}
