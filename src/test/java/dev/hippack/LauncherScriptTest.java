package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image's shell launcher, src/main/dist/bin/hip-packager, run for real by sh from a copy of
 * the image's bin folder whose {@code java} only writes down the arguments it was given: the
 * wizard's launches get the desktop JVM options, every command keeps the JVM's defaults, and
 * HIP_PACKAGER_JAVA_OPTS and the user's arguments pass through unchanged.
 */
class LauncherScriptTest {

    private static final Path LAUNCHER = Path.of("src", "main", "dist", "bin", "hip-packager");
    private static final List<String> DESKTOP = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final List<String> MAIN = List.of("-m", "dev.hippack/dev.hippack.Main");

    @TempDir
    Path image;

    @BeforeEach
    void copyLauncher() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs sh");
        Path bin = Files.createDirectories(image.resolve("bin"));
        Files.copy(LAUNCHER, bin.resolve("hip-packager"));
        // Stands in for the runtime's java: one argument per line into args.txt.
        Files.writeString(bin.resolve("java"), "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname \"$0\")/args.txt\"\n");
        for (String name : List.of("hip-packager", "java")) {
            Files.setPosixFilePermissions(bin.resolve(name), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void theWizardGetsTheDesktopOptions() throws Exception {
        assertThat(run(null)).isEqualTo(concat(DESKTOP, MAIN));
        assertThat(run(null, "--demo")).isEqualTo(concat(DESKTOP, MAIN, List.of("--demo")));
        assertThat(run(null, "--host", "/some dir")).isEqualTo(concat(DESKTOP, MAIN, List.of("--host", "/some dir")));
        assertThat(run(null, "--host=/d")).isEqualTo(concat(DESKTOP, MAIN, List.of("--host=/d")));
    }

    @Test
    void commandsKeepTheJvmDefaults() throws Exception {
        assertThat(run(null, "zip", "pkg dir", "--out", "a.zip")).isEqualTo(concat(MAIN, List.of("zip", "pkg dir", "--out", "a.zip")));
        assertThat(run(null, "--demo", "release")).isEqualTo(concat(MAIN, List.of("--demo", "release")));
        assertThat(run(null, "--version")).isEqualTo(concat(MAIN, List.of("--version")));
        assertThat(run(null, "--host", "/d", "detect")).isEqualTo(concat(MAIN, List.of("--host", "/d", "detect")));
    }

    @Test
    void theUsersJavaOptionsComeAfterTheDesktopOnes() throws Exception {
        assertThat(run("-XX:TieredStopAtLevel=4 -Dx=y")).isEqualTo(concat(DESKTOP, List.of("-XX:TieredStopAtLevel=4", "-Dx=y"), MAIN));
        assertThat(run("-Dx=y", "detect")).isEqualTo(concat(List.of("-Dx=y"), MAIN, List.of("detect")));
    }

    /** The arguments the launcher handed to java. */
    private List<String> run(String javaOpts, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("/bin/sh", image.resolve("bin/hip-packager").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("HIP_PACKAGER_JAVA_OPTS");
        if (javaOpts != null) {
            pb.environment().put("HIP_PACKAGER_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return Files.readAllLines(image.resolve("bin/args.txt"));
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> p : parts) {
            all.addAll(p);
        }
        return all;
    }
}
