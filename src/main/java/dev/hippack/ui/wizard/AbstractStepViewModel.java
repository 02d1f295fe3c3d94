package dev.hippack.ui.wizard;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The valid / busy / blocker state every step has, writable by the step only. */
public abstract class AbstractStepViewModel implements StepViewModel {

    protected final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(this, "valid", false);
    protected final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    protected final ReadOnlyStringWrapper blocker = new ReadOnlyStringWrapper(this, "blocker", "");
    protected final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    protected final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");

    @Override
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    @Override
    public ReadOnlyStringProperty blockerProperty() {
        return blocker.getReadOnlyProperty();
    }

    /** Valid when {@code reason} is null or empty; otherwise blocked for that reason. */
    protected void blockedBy(String reason) {
        boolean ok = reason == null || reason.isEmpty();
        blocker.set(ok ? "" : reason);
        valid.set(ok);
    }

    /**
     * A background job's observer that shows its progress and status on this step; subclasses
     * add what the step does with the result.
     */
    protected abstract class StepTaskObserver<T> implements dev.hippack.ui.common.TaskObserver<T> {
        @Override
        public void progress(double fraction) {
            progress.set(fraction);
        }

        @Override
        public void message(String text) {
            status.set(text);
        }
    }
}
