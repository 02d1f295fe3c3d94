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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --demo} writes its sample machine into a temporary folder and removes it when the
 * command ends: after success, after bad input, and after Ctrl-C once the build has stopped.
 * What the user asked for ({@code --out}) stays.
 */
class DemoSampleCleanupTest {

    private static final Pattern SAMPLE = Pattern.compile("SAMPLE Windows build machine in (\\S+) \\(");

    @TempDir
    Path tmp;

    private static Path sampleOf(String stderr) {
        Matcher m = SAMPLE.matcher(stderr);
        assertThat(m.find()).as("the sample is announced: %s", stderr).isTrue();
        return Path.of(m.group(1));
    }

    @Test
    void theSampleIsGoneWhenTheCommandEnds() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "detect", "--json");

        assertThat(r.exitCode()).isIn(Cli.OK, Cli.FAILED);
        Path machine = sampleOf(r.err());
        assertThat(machine.getParent().getFileName().toString()).startsWith("hip-packager-demo-");
        assertThat(machine.getParent()).doesNotExist();
        assertThat(r.err()).contains("removed the sample machine " + machine);
    }

    @Test
    void stagingUnderDemoNeedsAnOutputOutsideTheSampleAndKeepsIt() throws Exception {
        CliTestSupport.Result noOut = CliTestSupport.run("--demo", "stage");
        assertThat(noOut.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(noOut.err()).contains("--demo: give --out DIR");
        assertThat(sampleOf(noOut.err()).getParent()).doesNotExist();

        Path out = tmp.resolve("release");
        CliTestSupport.Result staged = CliTestSupport.run("--demo", "package", "--skip-build", "--out", out.toString());
        assertThat(staged.exitCode()).as(staged.err()).isEqualTo(Cli.OK);
        assertThat(sampleOf(staged.err()).getParent()).doesNotExist();
        // Staged files were hard links into the sample; removing the sample leaves them whole.
        Path exe = out.resolve("audiocpp-windows-hip-rocm6/audiocpp_cli.exe");
        assertThat(exe).isRegularFile();
        assertThat(Files.size(exe)).isGreaterThan(1_000_000);
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).isRegularFile();
    }

    @Test
    void ctrlCRemovesTheSampleAfterTheBuildHasStopped() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send SIGINT (a Unix machine)");
        String modulePath = System.getProperty("jdk.module.path");
        assumeTrue(modulePath != null, "needs the module path to start hip-packager as a child JVM");
        Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, "-Djava.io.tmpdir=" + javaTmp, "--module-path", modulePath,
                "--module", "dev.hippack/dev.hippack.Main", "--demo", "build", "--stand-in-pace", "40").redirectErrorStream(true);
        pb.environment().put(RunLog.FOLDER_VARIABLE, tmp.resolve("logs").toString());
        Process p = pb.start();
        p.getOutputStream().close();
        List<String> out = new ArrayList<>();
        List<ProcessHandle> tree = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
                if (line.startsWith("[3/") && tree.isEmpty()) {
                    p.descendants().forEach(tree::add);
                    new ProcessBuilder("/bin/kill", "-INT", Long.toString(p.pid())).inheritIO().start().waitFor();
                }
            }
        }
        int code = p.waitFor();

        assertThat(code).isNotZero();
        assertThat(tree).as("the stand-in build was running").isNotEmpty();
        assertThat(tree).allSatisfy(h -> assertThat(h.isAlive()).isFalse());
        Path machine = sampleOf(String.join("\n", out));
        assertThat(machine).startsWithRaw(javaTmp);
        assertThat(machine.getParent()).doesNotExist();
        try (Stream<Path> left = Files.list(javaTmp)) {
            assertThat(left.map(f -> f.getFileName().toString()).filter(n -> n.contains("hip-packager-demo"))).isEmpty();
        }
    }
}
