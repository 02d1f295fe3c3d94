package dev.hippack.ui.wizard;

import dev.hippack.ui.common.FailureReporter;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * One step's logic. {@code valid} and {@code busy} decide whether Next is possible; {@code blocker}
 * says in a sentence why not. {@link #enter} reads what earlier steps wrote into the draft;
 * {@link #leave} writes this step's choices into it.
 */
public interface StepViewModel {

    StepId id();

    ReadOnlyBooleanProperty validProperty();

    ReadOnlyBooleanProperty busyProperty();

    /** Why the step is not complete yet; empty when it is valid. */
    ReadOnlyStringProperty blockerProperty();

    /** 0..1 while a task runs, negative when its length is unknown, 0 when idle. */
    ReadOnlyDoubleProperty progressProperty();

    /** What the step is doing now, for the status bar; empty when idle. */
    ReadOnlyStringProperty statusProperty();

    void enter(WizardDraft draft);

    void leave(WizardDraft draft);

    /** Asks the running task of this step, if any, to stop. */
    default void cancel() { }

    /** Where this step reports a fault of HIP Packager itself (the window's details dialog). */
    default void reportFailuresTo(FailureReporter reporter) { }
}
