package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code hip-packager demo-env DIR}: writes the sample Windows build machine. */
@Command(name = "demo-env",
        description = {
            "Writes a sample Windows build machine into DIR, which must be new or empty.",
            "The machine has HIP SDK 6.4 and 7.1, Visual Studio 2022 Build Tools (MSVC 14.44) and 2026 Community "
                + "(14.51), an audio.cpp checkout, host.json and the release profiles profiles/rocm6.json, "
                + "profiles/rocm7.json and profiles/release.json (both tracks). Large files are sparse: about 3 GB apparent, a few MB on disk."
        })
final class DemoEnvCommand extends BaseCommand {

    @Parameters(paramLabel = "DIR", description = "A new or empty folder.")
    Path dir;

    @Override
    protected int run() throws PackagerException {
        SampleEnvironment sample = new SampleEnvironmentWriter(catalog()).write(dir);
        PrintWriter out = out();
        out.println("Wrote the sample Windows build machine to " + sample.root());
        out.println("  host.json           drive C: is that folder");
        out.println("  profiles/rocm6.json release profile for ROCm 6.4");
        out.println("  profiles/rocm7.json release profile for ROCm 7.1");
        out.println("Try: hip-packager --host " + sample.root() + " detect");
        out.flush();
        return Cli.OK;
    }
}
