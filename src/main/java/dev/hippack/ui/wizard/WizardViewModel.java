package dev.hippack.ui.wizard;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Moves through the steps. Next is possible when the current step is valid and not busy; Back
 * when there is a step before and nothing runs. The step list shows each step as done, current,
 * blocked (the current step must be completed first) or pending.
 */
public final class WizardViewModel {

    private final List<StepViewModel> steps;
    private final WizardDraft draft;
    private final ReadOnlyObjectWrapper<StepViewModel> current = new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyBooleanWrapper canNext = new ReadOnlyBooleanWrapper(this, "canNext");
    private final ReadOnlyBooleanWrapper canBack = new ReadOnlyBooleanWrapper(this, "canBack");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper last = new ReadOnlyBooleanWrapper(this, "last");
    private final ReadOnlyBooleanWrapper finished = new ReadOnlyBooleanWrapper(this, "finished");
    private final ReadOnlyStringWrapper blocker = new ReadOnlyStringWrapper(this, "blocker", "");
    private final Map<StepId, ReadOnlyObjectWrapper<StepStatus>> statuses = new EnumMap<>(StepId.class);
    private int index = -1;

    public WizardViewModel(List<StepViewModel> steps, WizardDraft draft) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a wizard needs at least one step");
        }
        this.steps = List.copyOf(steps);
        this.draft = draft;
        InvalidationListener recompute = o -> recompute();
        for (StepViewModel s : this.steps) {
            statuses.put(s.id(), new ReadOnlyObjectWrapper<>(this, "status", StepStatus.PENDING));
            s.validProperty().addListener(recompute);
            s.busyProperty().addListener(recompute);
            s.blockerProperty().addListener(recompute);
        }
    }

    /** Shows the first step. */
    public void start() {
        show(0);
    }

    public void next() {
        if (!canNext.get()) {
            return;
        }
        StepViewModel step = current.get();
        step.leave(draft);
        if (index == steps.size() - 1) {
            finished.set(true);
            return;
        }
        show(index + 1);
    }

    public void back() {
        if (!canBack.get()) {
            return;
        }
        current.get().leave(draft);
        show(index - 1);
    }

    /** Goes back to an earlier, done step (clicked in the step list); ignored otherwise. */
    public void goTo(StepId id) {
        int target = indexOf(id);
        if (target < 0 || target >= index || busy.get()) {
            return;
        }
        current.get().leave(draft);
        show(target);
    }

    /** Asks the current step's running task to stop. */
    public void cancelTask() {
        if (busy.get()) {
            current.get().cancel();
        }
    }

    private void show(int i) {
        index = i;
        steps.get(i).enter(draft);
        current.set(steps.get(i));
        recompute();
    }

    private int indexOf(StepId id) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    private void recompute() {
        StepViewModel step = current.get();
        if (step == null) {
            return;
        }
        boolean isBusy = step.busyProperty().get();
        boolean isValid = step.validProperty().get();
        busy.set(isBusy);
        canNext.set(isValid && !isBusy);
        canBack.set(index > 0 && !isBusy);
        last.set(index == steps.size() - 1);
        blocker.set(isBusy ? "Working..." : step.blockerProperty().get());
        for (int i = 0; i < steps.size(); i++) {
            StepStatus s;
            if (i < index) {
                s = StepStatus.DONE;
            } else if (i == index) {
                s = StepStatus.CURRENT;
            } else {
                s = isValid ? StepStatus.PENDING : StepStatus.BLOCKED;
            }
            statuses.get(steps.get(i).id()).set(s);
        }
    }

    public List<StepViewModel> steps() { return steps; }
    public WizardDraft draft() { return draft; }
    public ReadOnlyObjectProperty<StepViewModel> currentProperty() { return current.getReadOnlyProperty(); }
    public StepId currentId() { return current.get() == null ? null : current.get().id(); }
    public ReadOnlyBooleanProperty canNextProperty() { return canNext.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty canBackProperty() { return canBack.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
    /** True on the last step: Next reads "Finish". */
    public ReadOnlyBooleanProperty lastProperty() { return last.getReadOnlyProperty(); }
    /** Set when Finish was pressed on a complete last step. */
    public ReadOnlyBooleanProperty finishedProperty() { return finished.getReadOnlyProperty(); }
    /** Why Next is not possible now, for the status bar. */
    public ReadOnlyStringProperty blockerProperty() { return blocker.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StepStatus> statusProperty(StepId id) { return statuses.get(id).getReadOnlyProperty(); }
}
