package dev.hippack.ui.steps.environment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.host.Host;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;
import dev.hippack.ui.common.BackgroundJob;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.RunningTask;
import dev.hippack.ui.common.TaskObserver;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.steps.SampleMachine;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The cover over the Environment step while detection runs, driven by the real detection of the
 * sample machine, its reports handed to the step one at a time: what runs in words, a bar only
 * once the detector has said how far it is, the step's sections joining the page when the first
 * detection ends, and a rescan covering them again.
 */
@ExtendWith(ApplicationExtension.class)
class EnvironmentStepViewTest {

    @TempDir
    static Path dir;

    private final Replay replay = new Replay();
    private EnvironmentStepViewModel vm;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        Path machine = SharedSample.copyTo(dir.resolve("machine")).root();
        vm = new EnvironmentStepViewModel(() -> Host.describe(machine), MachineDetector.standard(SampleMachine.CATALOG), replay);
        vm.enter(new WizardDraft());
        StackPane root = new StackPane(new EnvironmentStepView(vm).root());
        scene = new Scene(root, 1024, 700);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theCoverSaysWhatRunsAndShowsABarOnlyOnceTheDetectorSaysHowFarItIs(FxRobot robot) {
        Node mask = scene.lookup("#" + EnvironmentStepView.ID_MASKER);
        assertThat(mask.isVisible()).isTrue();
        assertThat(words(mask)).isNotBlank().isEqualTo(vm.statusProperty().get());
        assertThat(bars(mask)).as("no bar while nothing is known of the progress").isEmpty();
        assertThat(scene.lookup("#" + EnvironmentStepView.ID_SDKS)).as("the sections join the page when detection ends").isNull();

        // The detector's reports up to its first progress.
        robot.interact(() -> replay.until(Replay.Event::isProgress));
        assertThat(bars(mask)).singleElement().satisfies(bar -> {
            assertThat(bar.isVisible()).isTrue();
            assertThat(bar.getProgress()).isEqualTo(vm.progressProperty().get()).isGreaterThanOrEqualTo(0);
        });
        // ...and on to its next progress: the words follow its status, the bar its progress.
        robot.interact(() -> replay.until(Replay.Event::isProgress));
        assertThat(vm.progressProperty().get()).isGreaterThan(0).isLessThan(1);
        assertThat(bars(mask).iterator().next().getProgress()).isEqualTo(vm.progressProperty().get());
        assertThat(words(mask)).isEqualTo(vm.statusProperty().get()).isNotEqualTo("Detecting...");

        robot.interact(replay::all);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(mask.isVisible()).isFalse();
        assertThat(vm.validProperty().get()).isTrue();
        Node sdks = scene.lookup("#" + EnvironmentStepView.ID_SDKS);
        assertThat(sdks).isNotNull();
        assertThat(sdks.isVisible()).isTrue();

        // A rescan covers the sections again; its progress is unknown at first, so the bar is hidden.
        robot.interact(vm::rescan);
        assertThat(mask.isVisible()).isTrue();
        assertThat(scene.lookup("#" + EnvironmentStepView.ID_SDKS)).isSameAs(sdks);
        assertThat(bars(mask)).allSatisfy(bar -> assertThat(bar.isVisible()).isFalse());
        robot.interact(() -> replay.until(Replay.Event::isProgress));
        assertThat(bars(mask)).singleElement().satisfies(bar -> assertThat(bar.isVisible()).isTrue());
        robot.interact(replay::all);
        assertThat(mask.isVisible()).isFalse();
    }

    private static String words(Node mask) {
        return ((Labeled) mask.lookup(".label")).getText();
    }

    private static Set<ProgressBar> bars(Node mask) {
        @SuppressWarnings("unchecked")
        Set<ProgressBar> bars = (Set<ProgressBar>) (Set<?>) mask.lookupAll(".progress-bar");
        return bars;
    }

    /**
     * Runs each job at once (the real detection), keeps what it reported, and hands the reports to
     * the step's observer when the test says: the step sees the detector's own words and numbers, at
     * the test's pace.
     */
    private static final class Replay implements TaskRunner {
        private final Deque<Event> events = new ArrayDeque<>();

        record Event(boolean isProgress, Runnable deliver) { }

        @Override
        public <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer) {
            new DirectTaskRunner().run(job, new TaskObserver<T>() {
                @Override public void progress(double fraction) { add(true, () -> observer.progress(fraction)); }
                @Override public void message(String text) { add(false, () -> observer.message(text)); }
                @Override public void part(String name, PartState state) { add(false, () -> observer.part(name, state)); }
                @Override public void log(LogLine line) { add(false, () -> observer.log(line)); }
                @Override public void succeeded(T value) { add(false, () -> observer.succeeded(value)); }
                @Override public void failed(Throwable error) { add(false, () -> observer.failed(error)); }
                @Override public void cancelled() { add(false, observer::cancelled); }
            });
            return () -> { };
        }

        private void add(boolean progress, Runnable deliver) {
            events.add(new Event(progress, deliver));
        }

        /** Hands over the reports up to and including the first that {@code last} accepts. */
        void until(java.util.function.Predicate<Event> last) {
            while (!events.isEmpty()) {
                Event e = events.poll();
                e.deliver().run();
                if (last.test(e)) {
                    return;
                }
            }
            throw new AssertionError("the job reported no such event");
        }

        void all() {
            while (!events.isEmpty()) {
                events.poll().deliver().run();
            }
        }
    }
}
