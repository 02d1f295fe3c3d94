package dev.hippack.core.build;

import dev.hippack.core.build.standin.StandInBuild;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The command that starts the stand-in build as a child JVM: this JVM's own java executable,
 * with our module path (none in the jlink image, whose runtime holds the module; the class path
 * when we run from one), so the stand-in is the same code in any installation.
 */
public final class StandInLauncher {

    private final Duration pace;

    /** @param pace the time one ninja step takes in the stand-in; zero for tests */
    public StandInLauncher(Duration pace) {
        this.pace = pace;
    }

    public Duration pace() {
        return pace;
    }

    /**
     * @param hostDir  the host.json folder of a described machine, or null for this machine
     * @param checkout the checkout as a host path
     */
    public List<String> command(Path hostDir, String checkout) {
        List<String> c = new ArrayList<>();
        c.add(javaExecutable());
        c.add("-Xmx64m");
        c.add("-XX:TieredStopAtLevel=1");
        c.add("-D" + StandInBuild.HOST + "=" + (hostDir == null ? "" : hostDir.toAbsolutePath()));
        c.add("-D" + StandInBuild.CHECKOUT + "=" + checkout);
        c.add("-D" + StandInBuild.PACE + "=" + pace.toMillis());
        String hold = System.getProperty(StandInBuild.HOLD);
        if (hold != null) {
            // A test's hold on the stand-in (StandInBuild.HOLD), set in this JVM, reaches the child.
            c.add("-D" + StandInBuild.HOLD + "=" + hold);
        }
        String modulePath = System.getProperty("jdk.module.path");
        if (StandInLauncher.class.getModule().isNamed()) {
            // Without a module path the module is linked into the runtime (the jlink image), and
            // the child's java finds it there.
            if (modulePath != null && !modulePath.isBlank()) {
                c.add("--module-path");
                // Absolute, so the child finds the module whatever folder it is started in.
                c.add(Arrays.stream(modulePath.split(File.pathSeparator))
                        .map(e -> Path.of(e).toAbsolutePath().toString())
                        .collect(Collectors.joining(File.pathSeparator)));
            }
            c.add("--module");
            c.add(StandInLauncher.class.getModule().getName() + "/" + StandInBuild.class.getName());
        } else {
            c.add("-cp");
            c.add(System.getProperty("java.class.path"));
            c.add(StandInBuild.class.getName());
        }
        return c;
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
