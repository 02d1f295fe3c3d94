package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C on {@code hip-packager build}: the real launcher started as a child JVM gets SIGINT in the
 * middle of the stand-in build; its shutdown hook cancels, the stand-in (a grandchild) is ended
 * and the log says so before the JVM exits.
 */
class BuildCommandCtrlCTest {

    @Test
    void ctrlCCancelsTheBuildAndLeavesNoProcessBehind() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send SIGINT (a Unix machine)");
        String modulePath = System.getProperty("jdk.module.path");
        assumeTrue(modulePath != null, "needs the module path to start hip-packager as a child JVM");
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process p = new ProcessBuilder(java, "--module-path", modulePath, "--module", "dev.hippack/dev.hippack.Main",
                "--demo", "build", "--stand-in-pace", "40").redirectErrorStream(true).start();
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
        assertThat(code).isNotZero();
        assertThat(out).anySatisfy(l -> assertThat(l).contains("Cancel requested"));
        assertThat(out).anySatisfy(l -> assertThat(l).contains("No process of the build is left running"));
        assertThat(out).noneSatisfy(l -> assertThat(l).contains("Build succeeded"));
    }
}
