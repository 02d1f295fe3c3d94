package dev.hippack.bench;

import dev.hippack.ui.run.LogBuffer;
import dev.hippack.ui.run.LogView;

import dev.hippack.core.progress.LogLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Floods the real {@link LogView} with build-like lines (default 100,000 a second for 10 s) from
 * a worker thread while the window is shown, and measures what the user would feel: the gaps
 * between FX pulses (a stall shows as a long gap), how long a {@code runLater} waits, the heap
 * used, and how many lines stay on screen. Not a JMH benchmark because what matters is the FX
 * thread's behaviour over time, not a per-call cost.
 *
 * <p>Run: {@code ./mvnw -Pjmh test-compile exec:exec@log-stress} (headless through Monocle), or
 * with {@code -Dstress.rate=200000 -Dstress.seconds=5}. Exit code 1 when a target is missed.
 */
public final class LogViewStress {

    /** A daemon thread (not started) that runs {@code work} every {@code millis} until interrupted. */
    private static Thread every(String name, long millis, Runnable work) {
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                work.run();
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    public static void main(String[] args) throws Exception {
        int rate = Integer.getInteger("stress.rate", 100_000);
        int seconds = Integer.getInteger("stress.seconds", 10);
        int capacity = Integer.getInteger("stress.capacity", 10_000);
        Path logFile = Files.createTempFile("log-stress-", ".log");

        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();

        LogBuffer buffer = new LogBuffer(capacity);
        buffer.writeTo(logFile);
        long[] gaps = new long[seconds * 1000];
        long[] gapEnds = new long[seconds * 1000];
        int[] gapCount = {0};
        AtomicLong lastPulse = new AtomicLong();
        CountDownLatch shown = new CountDownLatch(1);
        // The view settling after it is shown (its first layout, and the log view's rehearsal
        // of a flood, one step per pulse) is measured apart from the flood itself.
        long[] settle = {0, 0, 0};
        AnimationTimer settling = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long t = System.nanoTime();
                if (settle[0] != 0) {
                    settle[1] = Math.max(settle[1], t - settle[0]);
                    settle[2]++;
                }
                settle[0] = t;
            }
        };
        AnimationTimer pulses = new AnimationTimer() {
            @Override
            public void handle(long now) {
                long t = System.nanoTime();
                long prev = lastPulse.getAndSet(t);
                if (prev != 0 && gapCount[0] < gaps.length) {
                    gapEnds[gapCount[0]] = t;
                    gaps[gapCount[0]++] = t - prev;
                }
            }
        };
        boolean baseline = "textarea".equals(System.getProperty("stress.view", "logview"));
        int[] textAreaLines = {0};
        Platform.runLater(() -> {
            javafx.scene.Parent root = baseline ? textArea(buffer, capacity, textAreaLines)
                    : (javafx.scene.Parent) new LogView(buffer, p -> { }).root();
            Stage stage = new Stage();
            Scene scene = new Scene(root, 1000, 700);
            scene.getStylesheets().add(LogView.class.getResource("/dev/hippack/ui/css/tokens.css").toExternalForm());
            scene.getStylesheets().add(LogView.class.getResource("/dev/hippack/ui/css/app.css").toExternalForm());
            stage.setScene(scene);
            stage.show();
            settling.start();
            shown.countDown();
        });
        shown.await();
        Thread.sleep(500);

        // A runLater every 20 ms, timed from posting to running: what a click would wait.
        AtomicLong maxLatency = new AtomicLong();
        Thread pinger = every("pinger", 20, () -> {
            long posted = System.nanoTime();
            Platform.runLater(() -> maxLatency.accumulateAndGet(System.nanoTime() - posted, Math::max));
        });
        Runtime rt = Runtime.getRuntime();
        AtomicLong maxHeap = new AtomicLong();
        Thread heapWatch = every("heap-watch", 50, () -> maxHeap.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max));

        Platform.runLater(() -> {
            settling.stop();
            pulses.start();
        });
        pinger.start();
        heapWatch.start();

        long total = (long) rate * seconds;
        long t0 = System.nanoTime();
        long sent = 0;
        int step = 0;
        while (sent < total) {
            long due = (long) ((System.nanoTime() - t0) / 1e9 * rate);
            while (sent < Math.min(due, total)) {
                step++;
                LogLine.Level level = step % 97 == 0 ? LogLine.Level.WARN : step % 991 == 0 ? LogLine.Level.ERROR : LogLine.Level.INFO;
                buffer.offer(new LogLine(Instant.now(), level, LogLine.Source.STDOUT,
                        "[" + step + "/" + total + "] Building HIP object ggml/src/ggml-cuda/CMakeFiles/ggml-cuda.dir/template-instances/fattn-vec-f16-instance-" + step + ".cu.obj"));
                sent++;
            }
            // Sleep between bursts like a real child's pipe reader, leaving the CPU to the FX thread.
            Thread.sleep(1);
        }
        double producedSeconds = (System.nanoTime() - t0) / 1e9;
        Thread.sleep(500);
        pinger.interrupt();
        heapWatch.interrupt();
        CountDownLatch stopped = new CountDownLatch(1);
        int[] onScreen = {0};
        Platform.runLater(() -> {
            pulses.stop();
            onScreen[0] = baseline ? textAreaLines[0] : buffer.lines().size();
            stopped.countDown();
        });
        stopped.await();
        Path written = buffer.file();
        long fileLines;
        try (var lines = Files.lines(written)) {
            fileLines = lines.count();
        }
        buffer.close();
        Files.deleteIfExists(logFile);

        // The five longest gaps and when they ended (seconds after the flood started), so a
        // stall can be matched with a GC log (-Xlog:gc) or with the warm-up.
        Integer[] order = new Integer[gapCount[0]];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(gaps[b], gaps[a]));
        StringBuilder longest = new StringBuilder();
        for (int i = 0; i < Math.min(5, order.length); i++) {
            longest.append(String.format(Locale.ROOT, " %.0f ms at %.2f s;", gaps[order[i]] / 1e6, (gapEnds[order[i]] - t0) / 1e9));
        }
        long[] g = Arrays.copyOf(gaps, gapCount[0]);
        Arrays.sort(g);
        double maxGapMs = g.length == 0 ? Double.NaN : g[g.length - 1] / 1e6;
        double p99GapMs = g.length == 0 ? Double.NaN : g[(int) Math.min(g.length - 1, Math.floor(g.length * 0.99))] / 1e6;
        double latencyMs = maxLatency.get() / 1e6;
        double heapMb = maxHeap.get() / (1024.0 * 1024.0);

        Path loadavg = Path.of("/proc/loadavg");
        System.out.println(baseline ? "view                   a TextArea fed the same batches every 50 ms, the oldest lines cut (baseline)"
                : "view                   HIP Packager's LogView");
        System.out.printf(Locale.ROOT, "machine                %d cores, load average %s%n", rt.availableProcessors(),
                Files.isReadable(loadavg) ? Files.readString(loadavg).strip() : "unknown");
        System.out.printf(Locale.ROOT, "lines offered          %d in %.2f s (%.0f lines/s)%n", sent, producedSeconds, sent / producedSeconds);
        System.out.printf(Locale.ROOT, "lines in the log file  %d%n", fileLines);
        System.out.printf(Locale.ROOT, "lines on screen        %d (capacity %d, %d dropped from the screen only)%n",
                onScreen[0], capacity, buffer.droppedFromScreen());
        System.out.printf(Locale.ROOT, "settling after show    %d pulses in the 0.5 s before the flood, gap max %.1f ms%n", settle[2], settle[1] / 1e6);
        System.out.printf(Locale.ROOT, "FX pulses              %d, gap max %.1f ms, p99 %.1f ms%n", g.length, maxGapMs, p99GapMs);
        System.out.printf(Locale.ROOT, "longest gaps          %s%n", longest);
        System.out.printf(Locale.ROOT, "runLater wait max      %.1f ms%n", latencyMs);
        System.out.printf(Locale.ROOT, "heap used max          %.0f MiB (max heap %d MiB)%n", heapMb, rt.maxMemory() / (1024 * 1024));
        boolean ok = maxGapMs < 100 && onScreen[0] <= capacity && fileLines == sent;
        if (baseline) {
            System.out.printf(Locale.ROOT, "BASELINE: the same flood in a TextArea, longest pulse gap %.0f ms%n", maxGapMs);
        } else {
            System.out.println(ok ? "PASS: pulse gaps < 100 ms, screen bounded, every line in the file"
                    : "FAIL: a target was missed (see above)");
        }
        Platform.exit();
        System.exit(ok || baseline ? 0 : 1);
    }

    /**
     * The way a log is often shown in JavaFX, as the comparison: a TextArea that gets each batch
     * of the buffer appended every 50 ms and loses its oldest lines past {@code capacity}.
     */
    private static javafx.scene.Parent textArea(LogBuffer buffer, int capacity, int[] shownLines) {
        javafx.scene.control.TextArea area = new javafx.scene.control.TextArea();
        area.setEditable(false);
        area.setStyle("-fx-font-family: monospace; -fx-font-size: 12px;");
        java.util.ArrayDeque<Integer> lengths = new java.util.ArrayDeque<>();
        javafx.animation.Timeline pump = new javafx.animation.Timeline(new javafx.animation.KeyFrame(javafx.util.Duration.millis(50), e -> {
            int added = buffer.flush();
            if (added == 0) {
                return;
            }
            java.util.List<LogLine> lines = buffer.lines();
            StringBuilder text = new StringBuilder();
            for (LogLine l : lines.subList(Math.max(0, lines.size() - added), lines.size())) {
                text.append(l.text()).append('\n');
                lengths.addLast(l.text().length() + 1);
            }
            area.appendText(text.toString());
            int cut = 0;
            while (lengths.size() > capacity) {
                cut += lengths.removeFirst();
            }
            if (cut > 0) {
                area.deleteText(0, cut);
            }
            shownLines[0] = lengths.size();
        }));
        pump.setCycleCount(javafx.animation.Animation.INDEFINITE);
        pump.play();
        return new javafx.scene.layout.StackPane(area);
    }
}
