package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Writes the sample environment for {@code --demo} into a fresh temporary folder and says where. */
final class SampleEnvironmentLauncher {

    private SampleEnvironmentLauncher() { }

    static Path createTemporary(PrintWriter err) throws PackagerException {
        throw new PackagerException("--demo is not available yet: the sample environment (core/demo) has not landed.");
    }
}
