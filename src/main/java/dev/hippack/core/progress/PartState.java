package dev.hippack.core.progress;

/**
 * Where one named part of a long operation stands (one binary of a build). A part that never
 * started stays {@link #WAITING}, even after the operation as a whole ended.
 */
public enum PartState {
    WAITING, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    /** Whether the part has ended, one way or another. */
    public boolean ended() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
