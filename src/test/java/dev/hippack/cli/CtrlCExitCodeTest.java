package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.launch.RunLog;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on the commands that run long exits 130 (128 + SIGINT, the shell's convention, as
 * docs/cli.md says for every command), after the work has cleaned up: no zip, package or sample
 * folder is left under its final name. Each runs the real launcher in a child JVM and sends it
 * SIGINT once the work has begun ({@code build}'s own test, BuildCommandCtrlCTest, checks its process tree).
 */
class CtrlCExitCodeTest {

    private static final int CTRL_C = 130;

    @TempDir
    Path tmp;

    @BeforeEach
    void needsSignals() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send SIGINT (a Unix machine)");
        String undeliverable = InterruptSignal.whyNotDeliverable();
        assumeTrue(undeliverable == null, undeliverable);
    }

    private record Run(int code, List<String> out, boolean signalled) { }

    /** Runs hip-packager with {@code args} and sends it SIGINT when a line of its output matches {@code when}. */
    private Run interrupted(Predicate<String> when, String... args) throws Exception {
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        List<String> command = new ArrayList<>(ChildJvm.command(args));
        command.add(1, "-Djava.io.tmpdir=" + javaTmp);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put(RunLog.FOLDER_VARIABLE, Files.createDirectories(tmp.resolve("logs")).toString());
        Process p = pb.start();
        p.getOutputStream().close();
        List<String> out = new ArrayList<>();
        boolean signalled = false;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
                if (!signalled && when.test(line)) {
                    signalled = true;
                    new ProcessBuilder("/bin/kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
                }
            }
        }
        return new Run(p.waitFor(), out, signalled);
    }

    private static List<String> names(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void packageExits130AndLeavesNoZip() throws Exception {
        Path out = tmp.resolve("out");

        Run run = interrupted(l -> l.startsWith("Compressing"), "--demo", "package", "--skip-build", "--no-start-check",
                "--out", out.toString());

        assertThat(run.signalled()).as("SIGINT was sent while compressing: %s", run.out()).isTrue();
        assertThat(run.code()).as("%s", run.out()).isEqualTo(CTRL_C);
        assertThat(run.out()).contains("hip-packager: cancelled.");
        assertThat(names(out)).noneMatch(n -> n.endsWith(".zip") || n.equals("SHA256SUMS"));
    }

    @Test
    void releaseExits130AndWritesNoNotes() throws Exception {
        Path out = tmp.resolve("out");

        Run run = interrupted(l -> l.startsWith("Compressing"), "--demo", "release", "--skip-build", "--no-start-check",
                "--out", out.toString());

        assertThat(run.signalled()).as("SIGINT was sent while compressing: %s", run.out()).isTrue();
        assertThat(run.code()).as("%s", run.out()).isEqualTo(CTRL_C);
        assertThat(names(out)).noneMatch(n -> n.endsWith(".zip") || n.endsWith(".md") || n.equals("SHA256SUMS"));
    }

    @Test
    void zipExits130AndLeavesNoZip() throws Exception {
        Path staged = tmp.resolve("staged");
        CliTestSupport.Result stage = CliTestSupport.run("--demo", "stage", "--out", staged.toString());
        assertThat(stage.exitCode()).as(stage.err()).isZero();
        Path pkg;
        try (Stream<Path> dirs = Files.list(staged)) {
            pkg = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Path zip = tmp.resolve("zips").resolve("package.zip");

        Run run = interrupted(l -> l.startsWith("Compressing"), "zip", pkg.toString(), "--out", zip.toString(), "--threads", "1");

        assertThat(run.signalled()).as("SIGINT was sent while compressing: %s", run.out()).isTrue();
        assertThat(run.code()).as("%s", run.out()).isEqualTo(CTRL_C);
        assertThat(run.out()).contains("hip-packager: cancelled.");
        assertThat(names(zip.getParent())).noneMatch(n -> n.endsWith(".zip") || n.equals("SHA256SUMS"));
    }

    @Test
    void demoEnvExits130AndLeavesNoSampleUnderItsName() throws Exception {
        Path parent = Files.createDirectories(tmp.resolve("samples"));
        Path target = parent.resolve("sample");
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        List<String> command = new ArrayList<>(ChildJvm.command("demo-env", target.toString()));
        command.add(1, "-Djava.io.tmpdir=" + javaTmp);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(tmp.resolve("demo-env.out").toFile());
        pb.environment().put(RunLog.FOLDER_VARIABLE, Files.createDirectories(tmp.resolve("logs")).toString());
        Process p = pb.start();
        p.getOutputStream().close();
        // demo-env prints only when done, so the signal goes once its partial folder has appeared beside the target.
        boolean writing = false;
        while (!writing && p.isAlive()) {
            writing = names(parent).stream().anyMatch(n -> n.startsWith(".sample.partial-"));
            Thread.sleep(writing ? 0 : 20);
        }
        if (writing) {
            new ProcessBuilder("/bin/kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
        }
        int code = p.waitFor();
        String out = Files.readString(tmp.resolve("demo-env.out"));

        assertThat(writing).as("SIGINT was sent while the sample was written: %s", out).isTrue();
        assertThat(code).as(out).isEqualTo(CTRL_C);
        assertThat(target).doesNotExist();
        assertThat(out).doesNotContain("Wrote the sample");
    }
}
