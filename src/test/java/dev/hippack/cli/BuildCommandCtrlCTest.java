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
 * Ctrl-C on {@code hip-packager build}: the real launcher started as a child JVM gets SIGINT in the
 * middle of the stand-in build; its shutdown hook cancels, the stand-in (a grandchild) is ended
 * and the log says so before the JVM exits, and then the temporary {@code --demo} sample is
 * removed. The launcher's run log and Java's temporary folder are folders of the test's.
 */
class BuildCommandCtrlCTest {

    private static final Pattern SAMPLE = Pattern.compile("SAMPLE Windows build machine in (\\S+) \\(");

    @TempDir
    Path logs;

    @TempDir
    Path javaTmp;

    @Test
    void ctrlCCancelsTheBuildAndLeavesNoProcessBehind() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send SIGINT (a Unix machine)");
        String undeliverable = InterruptSignal.whyNotDeliverable();
        assumeTrue(undeliverable == null, undeliverable);
        String modulePath = System.getProperty("jdk.module.path");
        assumeTrue(modulePath != null, "needs the module path to start hip-packager as a child JVM");
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder pb = new ProcessBuilder(java, "-Djava.io.tmpdir=" + javaTmp, "--module-path", modulePath,
                "--class-path", System.getProperty("java.class.path", ""), "--add-reads", "dev.hippack=ALL-UNNAMED",
                "--module", "dev.hippack/dev.hippack.Main", "--demo", "build", "--stand-in-pace", "40").redirectErrorStream(true);
        pb.environment().put(RunLog.FOLDER_VARIABLE, logs.toString());
        Process p = pb.start();
        p.getOutputStream().close();
        List<ProcessHandle> tree = new ArrayList<>();
        List<String> out = new ArrayList<>();
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

        assertThat(tree).as("the stand-in child JVM was running").isNotEmpty();
        assertThat(tree).allSatisfy(h -> assertThat(h.isAlive()).as("pid %d alive", h.pid()).isFalse());
        assertThat(code).as("Ctrl-C exits 130, as docs/cli.md says").isEqualTo(130);
        assertThat(out).anySatisfy(l -> assertThat(l).contains("Cancel requested"));
        assertThat(out).anySatisfy(l -> assertThat(l).contains("No process of the build is left running"));
        assertThat(out).noneSatisfy(l -> assertThat(l).contains("Build succeeded"));
        // The sample the build ran in is gone, and only after the build had stopped (its process tree is dead above).
        Matcher sample = SAMPLE.matcher(String.join("\n", out));
        assertThat(sample.find()).as("the sample is announced").isTrue();
        assertThat(Path.of(sample.group(1))).startsWithRaw(javaTmp);
        try (Stream<Path> left = Files.list(javaTmp)) {
            assertThat(left.map(f -> f.getFileName().toString()).filter(n -> n.contains("hip-packager-demo"))).isEmpty();
        }
        // Main started this run's log in the folder the environment named, before the command ran.
        try (Stream<Path> files = Files.list(logs)) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".log")).toList()).singleElement()
                    .satisfies(f -> assertThat(Files.readString(f)).contains("started with arguments [--demo, build"));
        }
    }
}
