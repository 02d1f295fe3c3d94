package dev.hippack.ui.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.PackagerException;
import dev.hippack.ui.common.BackgroundJob;
import dev.hippack.ui.common.DirectTaskRunner;
import dev.hippack.ui.common.HeldTaskRunner;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.core.progress.OperationCancelledException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one way a step runs its job: busy and progress handled once, the outcome as a type. */
class AbstractStepViewModelTest {

    private static final class Step extends AbstractStepViewModel {
        final List<Outcome<String>> outcomes = new ArrayList<>();
        final List<Boolean> busyAtEnd = new ArrayList<>();

        Step(TaskRunner runner) {
            super(runner);
        }

        void run(BackgroundJob<String> job) {
            runJob("Staging", "Staging the package", job, o -> {
                busyAtEnd.add(busy.get());
                outcomes.add(o);
            });
        }

        @Override public StepId id() { return StepId.REVIEW; }
        @Override public void enter(WizardDraft d) { }
        @Override public void leave(WizardDraft d) { }
    }

    private final List<String> reported = new ArrayList<>();

    @Test
    void aJobThatSucceedsGivesItsValueAfterBusyIsCleared() {
        HeldTaskRunner runner = new HeldTaskRunner();
        Step step = new Step(runner);
        step.run((listener, token) -> {
            listener.status("Staging 3 files (1.7 MiB)");
            return "done";
        });
        assertThat(step.busyProperty().get()).isTrue();
        assertThat(step.progressProperty().get()).isNegative();
        assertThat(step.statusProperty().get()).isEqualTo("Staging the package");
        runner.release();
        assertThat(step.outcomes).containsExactly(new Outcome.Succeeded<>("done"));
        assertThat(step.busyAtEnd).containsExactly(false);
        assertThat(step.progressProperty().get()).isZero();
    }

    @Test
    void aProblemTheUserCanFixKeepsTheEnginesSentenceAndIsNotReportedAsAFault() {
        Step step = new Step(new DirectTaskRunner());
        step.reportFailuresTo((title, message, error) -> reported.add(title));
        step.run((listener, token) -> {
            throw new PackagerException("D:\\out is not writable: choose another folder.");
        });
        Outcome.Failed<String> f = (Outcome.Failed<String>) step.outcomes.get(0);
        assertThat(f.message()).isEqualTo("D:\\out is not writable: choose another folder.");
        assertThat(f.unexpected()).isFalse();
        assertThat(reported).isEmpty();
    }

    @Test
    void aFaultOfHipPackagerIsReportedWithItsDetailsAndTheStepGetsAPlainSentence() {
        Step step = new Step(new DirectTaskRunner());
        List<Throwable> errors = new ArrayList<>();
        step.reportFailuresTo((title, message, error) -> {
            reported.add(title + ": " + message);
            errors.add(error);
        });
        step.run((listener, token) -> {
            String s = null;
            return s.trim();
        });
        Outcome.Failed<String> f = (Outcome.Failed<String>) step.outcomes.get(0);
        assertThat(f.unexpected()).isTrue();
        assertThat(f.error()).isInstanceOf(NullPointerException.class);
        assertThat(f.message()).startsWith("Staging stopped on an internal error of HIP Packager")
                .doesNotContain("java.lang").doesNotContain("NullPointerException");
        assertThat(reported).containsExactly("Staging stopped: " + f.message());
        assertThat(errors).containsExactly(f.error());
        assertThat(step.busyProperty().get()).isFalse();
    }

    @Test
    void cancellingEndsWithCancelledNotWithAFailure() {
        HeldTaskRunner runner = new HeldTaskRunner();
        Step step = new Step(runner);
        step.run((listener, token) -> {
            throw new OperationCancelledException();
        });
        step.cancel();
        assertThat(step.statusProperty().get()).isEqualTo("Cancelling...");
        runner.release();
        assertThat(runner.cancels()).isEqualTo(1);
        assertThat(step.outcomes).containsExactly(new Outcome.Cancelled<>());
        // A second cancel after the end has nothing to cancel.
        step.cancel();
        assertThat(runner.cancels()).isEqualTo(1);
    }

    @Test
    void engineStatusIsShownAsTheEngineWroteIt() {
        List<String> statuses = new ArrayList<>();
        Step step = new Step(new DirectTaskRunner());
        step.statusProperty().addListener((o, was, now) -> statuses.add(now));
        step.run((listener, token) -> {
            listener.status("Compressing 1381 files (1.24 GiB) on 2 threads");
            return "ok";
        });
        assertThat(statuses).contains("Compressing 1381 files (1.24 GiB) on 2 threads");
    }
}
