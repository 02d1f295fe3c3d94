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
 * wizard's launches get the desktop JVM options (one compiler thread more on a machine of one or
 * two cores), every command keeps the JVM's defaults, and HIP_PACKAGER_JAVA_OPTS and the user's
 * arguments pass through unchanged. An {@code nproc} of the test's own, first on the PATH, says
 * how many cores the machine has.
 */
class LauncherScriptTest {

    private static final Path LAUNCHER = Path.of("src", "main", "dist", "bin", "hip-packager");
    private static final List<String> DESKTOP = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final List<String> ONE_COMPILER_THREAD = List.of("-XX:CICompilerCount=1");
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
        Path tools = Files.createDirectories(image.resolve("tools"));
        Files.writeString(tools.resolve("nproc"), "#!/bin/sh\ncat \"$(dirname \"$0\")/cores.txt\"\n");
        cores("8");
        for (Path p : List.of(bin.resolve("hip-packager"), bin.resolve("java"), tools.resolve("nproc"))) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** What the machine's {@code nproc} prints. */
    private void cores(String count) throws IOException {
        Files.writeString(image.resolve("tools/cores.txt"), count + "\n");
    }

    @Test
    void theWizardGetsTheDesktopOptions() throws Exception {
        assertThat(run(null)).isEqualTo(concat(DESKTOP, MAIN));
        assertThat(run(null, "--demo")).isEqualTo(concat(DESKTOP, MAIN, List.of("--demo")));
        assertThat(run(null, "--host", "/some dir")).isEqualTo(concat(DESKTOP, MAIN, List.of("--host", "/some dir")));
        assertThat(run(null, "--host=/d")).isEqualTo(concat(DESKTOP, MAIN, List.of("--host=/d")));
    }

    @Test
    void onOneOrTwoCoresTheWizardGetsOneCompilerThread() throws Exception {
        cores("2");
        assertThat(run(null)).isEqualTo(concat(DESKTOP, ONE_COMPILER_THREAD, MAIN));
        assertThat(run(null, "--demo")).isEqualTo(concat(DESKTOP, ONE_COMPILER_THREAD, MAIN, List.of("--demo")));
        assertThat(run(null, "zip", "pkg")).isEqualTo(concat(MAIN, List.of("zip", "pkg")));
        cores("1");
        assertThat(run(null)).isEqualTo(concat(DESKTOP, ONE_COMPILER_THREAD, MAIN));
        cores("3");
        assertThat(run(null)).isEqualTo(concat(DESKTOP, MAIN));
        // An nproc that says nothing useful leaves the choice to the JVM.
        cores("many");
        assertThat(run(null)).isEqualTo(concat(DESKTOP, MAIN));
        cores("");
        assertThat(run(null)).isEqualTo(concat(DESKTOP, MAIN));
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
        pb.environment().put("PATH", image.resolve("tools") + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
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
