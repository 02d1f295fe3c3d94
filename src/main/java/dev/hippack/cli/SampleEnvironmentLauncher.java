package dev.hippack.cli;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the sample environment for {@code --demo} into a fresh temporary folder and says where. */
final class SampleEnvironmentLauncher {

    private SampleEnvironmentLauncher() { }

    static Path createTemporary(Catalog catalog, PrintWriter err) throws PackagerException {
        Path dir;
        try {
            dir = Files.createTempDirectory("hip-packager-demo-");
        } catch (IOException e) {
            throw new OperationFailedException("--demo: could not create a temporary folder for the sample environment: " + e.getMessage());
        }
        new SampleEnvironmentWriter(catalog).write(dir);
        err.println("hip-packager: --demo: working on the SAMPLE Windows build machine in " + dir
                + " (generated, not this machine).");
        err.flush();
        return dir;
    }
}
