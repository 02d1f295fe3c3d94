package dev.hippack.ui.wizard;

/** How a step looks in the step list. */
public enum StepStatus {
    /** Passed: the user went beyond it. */
    DONE,
    /** Shown now. */
    CURRENT,
    /** Not reachable until the current step is complete. */
    BLOCKED,
    /** Reachable in turn once the steps before it are done. */
    PENDING
}
