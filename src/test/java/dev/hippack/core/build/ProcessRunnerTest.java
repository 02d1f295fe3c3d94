package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner against real /bin/sh children: order, decoding, cancel of the tree, bounded memory. */
class ProcessRunnerTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void needsShell() {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "these tests start /bin/sh children; not found on this machine");
    }

    private static List<String> sh(String script) {
        return List.of("/bin/sh", "-c", script);
    }

    @Test
    void linesKeepTheirOrderPerStreamAndAllReachTheLogFile() throws IOException {
        List<LogLine> seen = Collections.synchronizedList(new ArrayList<>());
        Path log = dir.resolve("build.log");
        ProcessSpec spec = ProcessSpec.of(sh("i=1; while [ $i -le 3000 ]; do echo \"out $i\"; echo \"err $i\" >&2; i=$((i+1)); done"),
                StandardCharsets.UTF_8).loggingTo(log);

        ProcessResult result = new ProcessRunner(Duration.ofSeconds(2)).run(spec, new OperationListener() {
            @Override public void log(LogLine line) {
                seen.add(line);
            }
        }, CancellationToken.none());

        assertThat(result.succeeded()).isTrue();
        assertThat(result.stdoutLines()).isEqualTo(3000);
        assertThat(result.stderrLines()).isEqualTo(3000);
        List<String> out = seen.stream().filter(l -> l.source() == LogLine.Source.STDOUT).map(LogLine::text).toList();
        List<String> err = seen.stream().filter(l -> l.source() == LogLine.Source.STDERR).map(LogLine::text).toList();
        List<String> expectedOut = new ArrayList<>();
        List<String> expectedErr = new ArrayList<>();
        for (int i = 1; i <= 3000; i++) {
            expectedOut.add("out " + i);
            expectedErr.add("err " + i);
        }
        assertThat(out).isEqualTo(expectedOut);
        assertThat(err).isEqualTo(expectedErr);

        List<String> fileLines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(fileLines).hasSize(6000);
        assertThat(fileLines.stream().filter(l -> l.contains(" out out ")).map(l -> l.substring(l.indexOf(" out out ") + 5)).toList())
                .isEqualTo(expectedOut);
        assertThat(fileLines.stream().filter(l -> l.contains(" err err ")).map(l -> l.substring(l.indexOf(" err err ") + 5)).toList())
                .isEqualTo(expectedErr);
    }

    @Test
    void legacyCodePagesDecodeWithTheChosenCharset() throws IOException {
        // "Größe µ" as cp850 (console code page of western Europe) and as windows-1252.
        assertThat(decode("\\107\\162\\224\\341\\145 \\346", Charset.forName("IBM850"))).isEqualTo("Größe µ");
        assertThat(decode("\\107\\162\\366\\337\\145 \\265", Charset.forName("windows-1252"))).isEqualTo("Größe µ");
    }

    private String decode(String octalBytes, Charset charset) throws IOException {
        List<String> lines = new CopyOnWriteArrayList<>();
        ProcessSpec spec = ProcessSpec.of(sh("printf '" + octalBytes + "\\r\\n'"), charset);
        new ProcessRunner(Duration.ofSeconds(2)).run(spec, new OperationListener() {
            @Override public void log(LogLine line) {
                lines.add(line.text());
            }
        }, CancellationToken.none());
        assertThat(lines).hasSize(1);
        return lines.get(0);
    }

    @Test
    void cancelEndsTheWholeTreeIncludingChildrenThatIgnoreTerm() throws Exception {
        // A child that ignores SIGTERM forces the forcible second step; a nested shell gives grandchildren.
        String script = "sh -c 'trap \"\" TERM; sleep 600 & sleep 600; wait' & "
                + "sh -c 'sleep 600 & sleep 600 & wait' & "
                + "sleep 600 & "
                + "echo ready; wait";
        CancellationToken token = new CancellationToken();
        List<ProcessHandle> tree = new CopyOnWriteArrayList<>();
        List<String> tool = new CopyOnWriteArrayList<>();
        long[] rootPid = new long[1];
        ProcessSpec spec = ProcessSpec.of(sh(script), StandardCharsets.UTF_8).loggingTo(dir.resolve("cancel.log"));
        ProcessResult result = new ProcessRunner(Duration.ofSeconds(1)).run(spec, new OperationListener() {
            @Override public void log(LogLine line) {
                if (line.source() == LogLine.Source.TOOL) {
                    tool.add(line.text());
                }
                if (line.text().equals("ready")) {
                    Thread t = new Thread(() -> {
                        ProcessHandle root = ProcessHandle.current().children()
                                .filter(h -> h.info().commandLine().orElse("").contains("echo ready")).findFirst().orElseThrow();
                        rootPid[0] = root.pid();
                        waitForDescendants(root, 6);
                        tree.add(root);
                        root.descendants().forEach(tree::add);
                        token.cancel();
                    });
                    t.start();
                }
            }
        }, token);

        assertThat(result.cancelled()).isTrue();
        assertThat(result.leftAlive()).isZero();
        assertThat(tree).hasSizeGreaterThanOrEqualTo(7);
        assertThat(tree).allSatisfy(h -> assertThat(h.isAlive()).as("pid %d alive", h.pid()).isFalse());
        assertThat(tool).anySatisfy(t -> assertThat(t).contains("ending them forcibly"));
        assertThat(tool).anySatisfy(t -> assertThat(t).contains("No process of the build is left running"));
        assertThat(Files.readString(dir.resolve("cancel.log"))).contains("Cancel requested").contains("Cancelled.");
    }

    /** Waits until the shell has started its children: the test must not cancel half a tree. */
    static void waitForDescendants(ProcessHandle root, long atLeast) {
        while (root.descendants().count() < atLeast) {
            Thread.onSpinWait();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Test
    void aMillionLinesDoNotGrowTheRetainedHeap() throws IOException {
        Runtime memory = Runtime.getRuntime();
        AtomicLong count = new AtomicLong();
        long[] retained = new long[2];
        ProcessSpec spec = ProcessSpec.of(sh("awk 'BEGIN { for (i = 1; i <= 1000000; i++) printf \"[%d/1000000] Building HIP object ggml/src/ggml-cuda/CMakeFiles/ggml-hip.dir/file-%d.cu.obj\\n\", i, i }'"),
                StandardCharsets.UTF_8).loggingTo(dir.resolve("million.log"));

        OperationListener counting = new OperationListener() {
            @Override public void log(LogLine line) {
                long n = count.incrementAndGet();
                if (n == 10_000) {
                    retained[0] = retainedAfterGc(memory);
                } else if (n == 990_000) {
                    retained[1] = retainedAfterGc(memory);
                }
            }
        };
        // The build's own chain: the log analyzer (progress, findings, tail) in front of the listener.
        BuildLogAnalyzer analyzer = new BuildLogAnalyzer(counting, "audiocpp_cli", "C:\\Program Files\\AMD\\ROCm\\6.4");
        ProcessResult result = new ProcessRunner(Duration.ofSeconds(2)).run(spec, analyzer, CancellationToken.none());

        assertThat(result.succeeded()).isTrue();
        assertThat(count.get()).isEqualTo(1_000_000);
        assertThat(analyzer.done()).isEqualTo(1_000_000);
        assertThat(analyzer.tail()).hasSize(BuildLogAnalyzer.TAIL_LINES);
        // 980,000 lines of ~90 characters would retain well over 100 MB if they were kept.
        assertThat(retained[1] - retained[0]).as("heap growth while reading 980,000 lines").isLessThan(24L * 1024 * 1024);
        assertThat(Files.size(dir.resolve("million.log"))).isGreaterThan(90_000_000L);
    }

    private static long retainedAfterGc(Runtime memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.totalMemory() - memory.freeMemory();
    }

    @Test
    void exitCodeOfAFailingChildIsReported() throws IOException {
        ProcessResult result = new ProcessRunner(Duration.ofSeconds(2))
                .run(ProcessSpec.of(sh("echo failing >&2; exit 3"), StandardCharsets.UTF_8), OperationListener.NONE, CancellationToken.none());
        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.succeeded()).isFalse();
        assertThat(result.cancelled()).isFalse();
    }

    @Test
    void environmentIsReplacedWhenAsked() throws IOException {
        List<String> lines = new CopyOnWriteArrayList<>();
        ProcessSpec spec = ProcessSpec.of(sh("echo \"[$HIPPACK_PROBE][$HOME]\""), StandardCharsets.UTF_8)
                .withEnvironment(java.util.Map.of("HIPPACK_PROBE", "x=y"), true);
        new ProcessRunner(Duration.ofSeconds(2)).run(spec, new OperationListener() {
            @Override public void log(LogLine line) {
                lines.add(line.text());
            }
        }, CancellationToken.none());
        assertThat(lines).containsExactly("[x=y][]");
    }
}
