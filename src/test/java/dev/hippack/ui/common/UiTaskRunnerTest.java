package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The runner the application starts with: jobs run at once, and what they report waits for the first frame. */
@ExtendWith(ApplicationExtension.class)
class UiTaskRunnerTest {

    @Start
    void start(Stage stage) {
        // Only the JavaFX toolkit is needed.
    }

    @Test
    void aHeldRunnersJobShowsNeitherItsStatusNorItsEndUntilReleased() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        try (UiTaskRunner runner = UiTaskRunner.heldUntilReleased()) {
            runner.run((listener, token) -> {
                listener.status("Looking for tools");
                listener.progress(5, 5);
                listener.status("Detection finished");
                ran.countDown();
                return "report";
            }, recording(seen));
            assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
            // The job is done; the FX thread has run everything posted so far, twice over.
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(seen).as("nothing reaches the window before its first frame").isEmpty();

            runner.release();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("succeeded report"));
            WaitForAsyncUtils.waitForFxEvents();
            // The latest status and progress, then the end.
            assertThat(seen).containsSubsequence("message Detection finished", "succeeded report")
                    .containsSubsequence("progress 1.0", "succeeded report")
                    .doesNotContain("message Looking for tools");
        }
    }

    @Test
    void releaseShowsWhatAJobStillRunningReportedWhileHeld() throws Exception {
        // A slow machine: the first window is shown while detection still runs a long step.
        List<String> seen = new CopyOnWriteArrayList<>();
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        try (UiTaskRunner runner = UiTaskRunner.heldUntilReleased()) {
            runner.run((listener, token) -> {
                listener.progress(1, 5);
                listener.status("Asking vswhere for Visual Studio");
                reported.countDown();
                assertThat(go.await(30, TimeUnit.SECONDS)).isTrue();
                return "report";
            }, recording(seen));
            assertThat(reported.await(30, TimeUnit.SECONDS)).isTrue();
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(seen).isEmpty();

            runner.release();
            // The job reports nothing more until it goes on, yet its step and progress show now.
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("message Asking vswhere for Visual Studio"));
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("progress 0.2"));
            assertThat(seen).noneMatch(s -> s.startsWith("succeeded"));
            go.countDown();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("succeeded report"));
        }
    }

    @Test
    void afterReleaseEveryStatusGoesStraightThrough() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        try (UiTaskRunner runner = UiTaskRunner.heldUntilReleased()) {
            runner.release();
            runner.run((listener, token) -> {
                listener.status("Zipping");
                assertThat(go.await(30, TimeUnit.SECONDS)).isTrue();
                return "zip";
            }, recording(seen));
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("message Zipping"));
            go.countDown();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> seen.contains("succeeded zip"));
        }
    }

    /** An observer that writes down what reaches it, in order: "progress 1.0", "message ...", "succeeded ...". */
    private static TaskObserver<String> recording(List<String> seen) {
        return new TaskObserver<String>() {
            @Override
            public void progress(double fraction) {
                seen.add("progress " + fraction);
            }

            @Override
            public void message(String text) {
                seen.add("message " + text);
            }

            @Override
            public void succeeded(String value) {
                seen.add("succeeded " + value);
            }
        };
    }
}
