package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.build.standin.StandInBuild;
import dev.hippack.core.host.OperatingSystem;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-in starts from the runtime's own java, never from the process's executable: in the
 * installed app that executable is the jpackage launcher, which would hand the JVM options to main.
 */
class StandInLauncherTest {

    @TempDir
    Path dir;

    @Test
    void commandStartsJavaUnderJavaHomeNotTheProcessExecutable() throws IOException {
        // A runtime folder that is not the one this JVM runs from, as in the app image where the
        // process is "HIP Packager.exe" and the runtime is runtime\bin\java.exe beside it.
        Path fakeHome = dir.resolve("app/runtime");
        Files.createDirectories(fakeHome.resolve("bin"));
        String before = System.getProperty("java.home");
        List<String> command;
        try {
            System.setProperty("java.home", fakeHome.toString());
            command = new StandInLauncher(Duration.ZERO).command(null, "/src/audio.cpp");
        } finally {
            System.setProperty("java.home", before);
        }

        String expected = fakeHome.resolve("bin").resolve(OperatingSystem.current().isWindows() ? "java.exe" : "java")
                .toAbsolutePath().toString();
        assertThat(command.get(0)).isEqualTo(expected);
        assertThat(command.get(0)).isNotEqualTo(ProcessHandle.current().info().command().orElse(""));
        assertThat(command).contains("-Xmx64m");
    }

    @Test
    void windowsRuntimeUsesJavaExe() {
        Path home = dir.resolve("runtime");
        StandInLauncher launcher = new StandInLauncher(Duration.ZERO, home, true);

        assertThat(launcher.javaExecutable()).isEqualTo(home.resolve("bin").resolve("java.exe").toAbsolutePath().toString());
    }

    @Test
    void fakeRuntimeJavaIsTheProgramThatReceivesTheJvmOptions() throws IOException, InterruptedException {
        assumeTrue(!OperatingSystem.current().isWindows(), "the fake java is a POSIX shell script");
        Path home = dir.resolve("runtime");
        Path java = home.resolve("bin").resolve("java");
        Files.createDirectories(java.getParent());
        Path received = dir.resolve("received.txt");
        // Records its arguments one a line, as a launcher that hands them to main would receive them.
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + received + "'\n",
                StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        List<String> command = new StandInLauncher(Duration.ofMillis(5), home, false).command(null, "/src/audio.cpp");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());

        assertThat(p.waitFor()).isZero();
        List<String> args = Files.readAllLines(received, StandardCharsets.UTF_8);
        assertThat(args).startsWith("-Xmx64m", "-XX:TieredStopAtLevel=1");
        assertThat(args).contains("-D" + StandInBuild.PACE + "=5");
    }
}
