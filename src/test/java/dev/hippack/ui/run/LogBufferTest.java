package dev.hippack.ui.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.progress.LogLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogBufferTest {

    @TempDir
    Path dir;

    @Test
    void flushMovesQueuedLinesInOneBatch() {
        LogBuffer b = new LogBuffer(100);
        AtomicInteger changes = new AtomicInteger();
        b.lines().addListener((ListChangeListener<LogLine>) c -> changes.incrementAndGet());
        for (int i = 0; i < 50; i++) {
            b.offer(LogLine.info("line " + i));
        }
        assertThat(b.lines()).isEmpty();
        assertThat(b.flush()).isEqualTo(50);
        assertThat(changes.get()).isEqualTo(1);
        assertThat(b.lines()).extracting(LogLine::text).startsWith("line 0").endsWith("line 49");
        assertThat(b.flush()).isZero();
    }

    @Test
    void screenKeepsOnlyTheNewestLinesUpToCapacity() {
        LogBuffer b = new LogBuffer(10);
        for (int i = 0; i < 8; i++) {
            b.offer(LogLine.info("a" + i));
        }
        b.flush();
        for (int i = 0; i < 5; i++) {
            b.offer(LogLine.info("b" + i));
        }
        b.flush();
        assertThat(b.lines()).hasSize(10);
        assertThat(b.lines().get(0).text()).isEqualTo("a3");
        assertThat(b.lines().get(9).text()).isEqualTo("b4");
        assertThat(b.droppedFromScreen()).isEqualTo(3);

        for (int i = 0; i < 25; i++) {
            b.offer(LogLine.info("c" + i));
        }
        b.flush();
        assertThat(b.lines()).extracting(LogLine::text).containsExactly(
                "c15", "c16", "c17", "c18", "c19", "c20", "c21", "c22", "c23", "c24");
    }

    @Test
    void queueStopsGrowingWhenNobodyFlushes() {
        LogBuffer b = new LogBuffer(10);
        for (int i = 0; i < 1000; i++) {
            b.offer(LogLine.info("x" + i));
        }
        assertThat(b.queued()).isLessThanOrEqualTo(40);
        b.flush();
        assertThat(b.lines()).hasSize(10);
        assertThat(b.lines().get(9).text()).isEqualTo("x999");
        assertThat(b.received()).isEqualTo(1000);
    }

    @Test
    void theFileKeepsEveryLineEvenThoseDroppedFromTheScreen() throws Exception {
        LogBuffer b = new LogBuffer(5);
        Path log = dir.resolve("logs/build.log");
        b.writeTo(log);
        for (int i = 0; i < 100; i++) {
            b.offer(new LogLine(java.time.Instant.now(), i % 2 == 0 ? LogLine.Level.INFO : LogLine.Level.ERROR,
                    LogLine.Source.STDOUT, "line " + i));
        }
        b.flush();
        assertThat(b.file()).isEqualTo(log);
        List<String> written = Files.readAllLines(log);
        assertThat(written).hasSize(100);
        assertThat(written.get(1)).endsWith("ERROR line 1");
        assertThat(b.lines()).hasSize(5);
        b.close();
    }

    @Test
    void linesFromManyThreadsAllArrive() throws Exception {
        LogBuffer b = new LogBuffer(100_000);
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            int id = t;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 5000; i++) {
                    b.offer(LogLine.info(id + ":" + i));
                }
            });
            threads[t].start();
        }
        int seen = 0;
        for (Thread t : threads) {
            t.join();
        }
        seen += b.flush();
        assertThat(seen).isEqualTo(20_000);
        assertThat(b.lines()).hasSize(20_000);
    }

    @Test
    void unwritableLogFileIsReportedAndTheScreenLogStillWorks() throws Exception {
        Path blocker = dir.resolve("file");
        Files.writeString(blocker, "x");
        LogBuffer b = new LogBuffer(5);
        b.writeTo(blocker.resolve("build.log"));
        assertThat(b.fileError()).contains(blocker.resolve("build.log").toString());
        b.offer(LogLine.info("still shown"));
        b.flush();
        assertThat(b.lines()).extracting(LogLine::text).containsExactly("still shown");
    }
}
