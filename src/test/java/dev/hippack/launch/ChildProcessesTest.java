package dev.hippack.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hippack.core.host.OperatingSystem;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way out of the application ends the processes it started first: a real child JVM starts
 * a shell with a long command under it (as a build starts PowerShell, cmake, clang), then exits
 * through Main or is stopped by a signal; afterwards neither process may be alive. Without the
 * ending, both outlive the JVM ({@link #aPlainExitLeavesTheTreeRunningWhichIsWhyItIsEnded} shows it).
 */
class ChildProcessesTest {

    @TempDir
    Path dir;

    private final List<Long> started = new ArrayList<>();

    @BeforeEach
    void posixOnly() {
        assumeFalse(OperatingSystem.current().isWindows(), "the fixture's tree is a POSIX shell and sleep");
    }

    @AfterEach
    void endWhatATestLeft() {
        for (long pid : started) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Starts the fixture JVM; returns it and the pids of its shell and the shell's child. */
    private Process fixture(String mode, List<Long> tree) throws IOException, URISyntaxException {
        Path testClasses = Path.of(ExitPathFixture.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String classPath = Stream.of(testClasses.toString(), System.getProperty("jdk.module.path"), System.getProperty("java.class.path"))
                .filter(s -> s != null && !s.isBlank())
                .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + RunLog.FOLDER_PROPERTY + "=" + dir.resolve("logs"), "-Xshare:auto",
                "-cp", classPath, ExitPathFixture.class.getName(), mode)
                .redirectError(dir.resolve("fixture-stderr.txt").toFile())
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("the fixture's first line; its stderr is in " + dir.resolve("fixture-stderr.txt")).startsWith("tree ");
        for (String pid : line.substring(5).split(" ")) {
            tree.add(Long.parseLong(pid));
            started.add(Long.parseLong(pid));
        }
        if (mode.equals("signal")) {
            assertThat(out.readLine()).isEqualTo("waiting");
        }
        // The rest (the version line) is not needed; a drain thread keeps the pipe from filling.
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(OutputStream.nullOutputStream());
            } catch (IOException ignored) {
                // the fixture ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return p;
    }

    private static boolean alive(long pid) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        return h.isPresent() && h.get().isAlive();
    }

    @Test
    void mainEndsTheChildProcessTreeBeforeItExits() throws Exception {
        List<Long> tree = new ArrayList<>();
        Process p = fixture("main", tree);

        assertThat(p.waitFor()).isZero();

        assertThat(tree).hasSize(2).noneMatch(ChildProcessesTest::alive);
    }

    @Test
    void aSignalEndsTheChildProcessTreeThroughTheShutdownHook() throws Exception {
        List<Long> tree = new ArrayList<>();
        Process p = fixture("signal", tree);

        p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, as for Ctrl-C
        p.waitFor();

        assertThat(tree).hasSize(2).noneMatch(ChildProcessesTest::alive);
    }

    @Test
    void aPlainExitLeavesTheTreeRunningWhichIsWhyItIsEnded() throws Exception {
        List<Long> tree = new ArrayList<>();
        Process p = fixture("plain-exit", tree);

        p.waitFor();

        // Re-parented, still running: what a closed window left behind before (the test's clean-up ends them).
        assertThat(tree).hasSize(2).allMatch(ChildProcessesTest::alive);
    }
}
