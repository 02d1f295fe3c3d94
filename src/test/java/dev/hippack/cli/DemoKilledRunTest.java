package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.demo.DemoFolder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --demo} run killed with SIGKILL cannot remove its sample machine. The next {@code --demo}
 * run does, once the killed run's lock is free, and never while the run that owns a sample lives.
 * Real processes, a real kill, the system's temporary folder pointed at a test folder.
 */
class DemoKilledRunTest {

    @TempDir
    Path temp;

    private List<String> command(Path tmp, String... args) {
        List<String> command = new ArrayList<>(ChildJvm.command(args));
        command.add(1, "-Djava.io.tmpdir=" + tmp);
        return command;
    }

    private List<Path> demoFolders(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith(DemoFolder.PREFIX)).toList();
        }
    }

    /** The lock file as it would be a few minutes on: the settling time of a new folder is over. */
    private static void age(Path folder) throws IOException {
        Files.setLastModifiedTime(folder.resolve(".in-use"), FileTime.from(Instant.now().minus(Duration.ofMinutes(5))));
    }

    private int quickDemoRun(Path tmp) throws Exception {
        Process p = new ProcessBuilder(command(tmp, "--demo", "plan")).redirectErrorStream(true)
                .redirectOutput(temp.resolve("quick.log").toFile()).start();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    @Test
    void theNextRunRemovesTheSampleOfAKilledRunButNotOfALiveOne() throws Exception {
        Path tmp = Files.createDirectories(temp.resolve("tmp"));
        Process long1 = new ProcessBuilder(command(tmp, "--demo", "release", "--skip-build", "--out", temp.resolve("out").toString()))
                .redirectErrorStream(true).redirectOutput(temp.resolve("long.log").toFile()).start();
        try {
            Path folder = null;
            for (int i = 0; i < 1800 && folder == null; i++) {
                for (Path d : demoFolders(tmp)) {
                    if (Files.exists(d.resolve("machine/host.json"))) {
                        folder = d;
                    }
                }
                if (folder == null) {
                    assertThat(long1.isAlive()).as(Files.readString(temp.resolve("long.log"), StandardCharsets.UTF_8)).isTrue();
                    Thread.sleep(100);
                }
            }
            assertThat(folder).as("the first run's sample machine").isNotNull();
            age(folder);

            // While the first run lives, a second run leaves its sample alone.
            assertThat(long1.isAlive()).isTrue();
            quickDemoRun(tmp);
            assertThat(folder).isDirectory();

            long1.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(long1.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(folder).as("a killed run cannot clean up").isDirectory();

            assertThat(quickDemoRun(tmp)).isZero();
            assertThat(folder).as("removed by the next run").doesNotExist();
            assertThat(demoFolders(tmp)).as("and that run removed its own").isEmpty();
        } finally {
            long1.destroyForcibly();
        }
    }
}
