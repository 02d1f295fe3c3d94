package dev.hippack.ui.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WizardViewModelTest {

    /** A step whose validity and busy state the test sets by hand; it records what it wrote. */
    static final class FakeStep extends AbstractStepViewModel {
        final StepId id;
        int entered;
        int left;

        FakeStep(StepId id, boolean valid) {
            this.id = id;
            blockedBy(valid ? null : id.title() + " is not complete");
        }

        @Override public StepId id() { return id; }
        @Override public void enter(WizardDraft d) { entered++; }
        @Override public void leave(WizardDraft d) { left++; d.jobs(d.jobs() + 1); }
        void valid(boolean v) { blockedBy(v ? null : "not complete"); }
        void busy(boolean b) { busy.set(b); }
        int cancelled;
        @Override public void cancel() { cancelled++; }
    }

    private final FakeStep env = new FakeStep(StepId.ENVIRONMENT, true);
    private final FakeStep track = new FakeStep(StepId.TRACK, false);
    private final FakeStep build = new FakeStep(StepId.BUILD, true);
    private final WizardViewModel vm = new WizardViewModel(List.of(env, track, build), new WizardDraft());

    @Test
    void startShowsTheFirstStepWithBackDisabled() {
        vm.start();
        assertThat(vm.currentId()).isEqualTo(StepId.ENVIRONMENT);
        assertThat(env.entered).isEqualTo(1);
        assertThat(vm.canBackProperty().get()).isFalse();
        assertThat(vm.canNextProperty().get()).isTrue();
    }

    @Test
    void nextIsDisabledWhileTheStepIsInvalidAndLaterStepsShowBlocked() {
        vm.start();
        vm.next();
        assertThat(vm.currentId()).isEqualTo(StepId.TRACK);
        assertThat(vm.canNextProperty().get()).isFalse();
        assertThat(vm.statusProperty(StepId.ENVIRONMENT).get()).isEqualTo(StepStatus.DONE);
        assertThat(vm.statusProperty(StepId.TRACK).get()).isEqualTo(StepStatus.CURRENT);
        assertThat(vm.statusProperty(StepId.BUILD).get()).isEqualTo(StepStatus.BLOCKED);
        assertThat(vm.blockerProperty().get()).isEqualTo("Track and architectures is not complete");

        vm.next();
        assertThat(vm.currentId()).isEqualTo(StepId.TRACK);

        track.valid(true);
        assertThat(vm.canNextProperty().get()).isTrue();
        assertThat(vm.statusProperty(StepId.BUILD).get()).isEqualTo(StepStatus.PENDING);
    }

    @Test
    void busyStepDisablesNextAndBackUntilItFinishes() {
        vm.start();
        vm.next();
        track.valid(true);
        track.busy(true);
        assertThat(vm.canNextProperty().get()).isFalse();
        assertThat(vm.canBackProperty().get()).isFalse();
        vm.back();
        assertThat(vm.currentId()).isEqualTo(StepId.TRACK);
        track.busy(false);
        assertThat(vm.canBackProperty().get()).isTrue();
        assertThat(vm.canNextProperty().get()).isTrue();
    }

    @Test
    void leavingAStepWritesIntoTheDraftInBothDirections() {
        vm.start();
        vm.next();
        assertThat(env.left).isEqualTo(1);
        vm.back();
        assertThat(track.left).isEqualTo(1);
        assertThat(vm.draft().jobs()).isEqualTo(2);
        assertThat(env.entered).isEqualTo(2);
    }

    @Test
    void goToReturnsOnlyToEarlierSteps() {
        vm.start();
        vm.next();
        track.valid(true);
        vm.next();
        assertThat(vm.currentId()).isEqualTo(StepId.BUILD);
        vm.goTo(StepId.BUILD);
        assertThat(build.entered).isEqualTo(1);
        vm.goTo(StepId.ENVIRONMENT);
        assertThat(vm.currentId()).isEqualTo(StepId.ENVIRONMENT);
        vm.goTo(StepId.TRACK);
        assertThat(vm.currentId()).isEqualTo(StepId.ENVIRONMENT);
    }

    @Test
    void lastStepTurnsNextIntoFinish() {
        vm.start();
        vm.next();
        track.valid(true);
        vm.next();
        assertThat(vm.lastProperty().get()).isTrue();
        assertThat(vm.finishedProperty().get()).isFalse();
        vm.next();
        assertThat(vm.finishedProperty().get()).isTrue();
    }

    @Test
    void cancelReachesTheStepOnlyWhileItIsBusy() {
        vm.start();
        vm.cancelTask();
        assertThat(env.cancelled).isZero();
        env.busy(true);
        vm.cancelTask();
        assertThat(env.cancelled).isEqualTo(1);
    }
}
