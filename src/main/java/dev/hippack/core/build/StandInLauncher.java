package dev.hippack.core.build;

import dev.hippack.core.build.standin.StandInBuild;
import dev.hippack.core.host.OperatingSystem;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The command that starts the stand-in build as a child JVM: the runtime's own {@code bin/java}
 * (under {@code java.home}), with our module path (none in the jlink image, whose runtime holds
 * the module; the class path when we run from one), so the stand-in is the same code in any
 * installation.
 * <p>
 * Not the current process's executable: in the installed app that is the jpackage launcher
 * ({@code HIP Packager.exe}), which passes every argument to {@code main}, so the child would
 * get {@code -Xmx64m} as a command-line option and exit 2 (issue 32).
 */
public final class StandInLauncher {

    private final Duration pace;
    private final Path javaHome;
    private final boolean windows;

    /** @param pace the time one ninja step takes in the stand-in; zero for tests */
    public StandInLauncher(Duration pace) {
        this(pace, Path.of(System.getProperty("java.home")), OperatingSystem.current().isWindows());
    }

    /**
     * @param javaHome the runtime whose {@code bin/java} starts the child (this JVM's {@code java.home})
     * @param windows  true where the executable is {@code bin\java.exe}
     */
    public StandInLauncher(Duration pace, Path javaHome, boolean windows) {
        this.pace = pace;
        this.javaHome = javaHome;
        this.windows = windows;
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

    /** The runtime's java: present in a JDK, in our jlink image and in the jpackage image's runtime folder. */
    public String javaExecutable() {
        return javaHome.resolve("bin").resolve(windows ? "java.exe" : "java").toAbsolutePath().toString();
    }
}
