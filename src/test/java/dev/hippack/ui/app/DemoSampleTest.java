package dev.hippack.ui.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The wizard's --demo sample machine is removed when the wizard closes, also when the window
 * closes while the sample is still being made: before this, a wizard closed at once left its
 * temporary folder behind (the startup benchmark's first-frame exit did, one launch in three).
 * The folders are real {@code DemoFolder}s in the system's temporary folder; the writer is the
 * test's, so that it can hold the making at a known point.
 */
class DemoSampleTest {

    private static final long GENEROUS_SECONDS = 30;

    @Test
    void closingRemovesTheSample() throws Exception {
        AtomicReference<Path> written = new AtomicReference<>();
        DemoSample sample = new DemoSample(dir -> {
            writeMachine(dir);
            written.set(dir);
            return Host.local();
        });
        sample.open();
        assertThat(written.get()).isDirectory();
        sample.close();
        assertThat(written.get().getParent()).doesNotExist();
    }

    @Test
    void closingWhileTheSampleIsMadeWaitsForItThenRemovesIt() throws Exception {
        CountDownLatch writing = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        AtomicReference<Path> written = new AtomicReference<>();
        DemoSample sample = new DemoSample(dir -> {
            writeMachine(dir);
            written.set(dir);
            writing.countDown();
            try {
                finish.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // What a writer still does after the window closed lands in the folder too.
            writeMachine(dir.resolveSibling("late"));
            return Host.local();
        });
        Thread worker = new Thread(() -> {
            try {
                sample.open();
            } catch (PackagerException e) {
                throw new IllegalStateException(e);
            }
        }, "sample-writer");
        worker.start();
        assertThat(writing.await(GENEROUS_SECONDS, TimeUnit.SECONDS)).isTrue();

        Thread closer = new Thread(sample::close, "wizard-close");
        closer.start();
        // close() must wait for the writer, not return and leave it writing.
        Thread.State state;
        do {
            state = closer.getState();
            Thread.onSpinWait();
        } while (state != Thread.State.TIMED_WAITING && state != Thread.State.TERMINATED);
        assertThat(state).as("close() returned while the sample was still being made").isEqualTo(Thread.State.TIMED_WAITING);

        finish.countDown();
        closer.join(TimeUnit.SECONDS.toMillis(GENEROUS_SECONDS));
        assertThat(closer.isAlive()).isFalse();
        assertThat(written.get().getParent()).as("the sample's folder after close()").doesNotExist();
        worker.join(TimeUnit.SECONDS.toMillis(GENEROUS_SECONDS));
        assertThat(worker.isAlive()).isFalse();
    }

    @Test
    void aSampleAskedForAfterClosingIsNotMade() {
        AtomicReference<Path> written = new AtomicReference<>();
        DemoSample sample = new DemoSample(dir -> {
            written.set(dir);
            return Host.local();
        });
        sample.close();
        assertThatThrownBy(sample::open).isInstanceOf(PackagerException.class).hasMessageContaining("closed");
        assertThat(written.get()).isNull();
    }

    private static void writeMachine(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("host.json"), "{}");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
