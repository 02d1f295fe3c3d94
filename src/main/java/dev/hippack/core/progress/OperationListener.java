package dev.hippack.core.progress;

/**
 * Receives what a long operation reports. Called from the operation's own threads: an
 * implementation that updates a UI hands the calls over to its UI thread itself.
 */
public interface OperationListener {

    /** A listener that ignores everything. */
    OperationListener NONE = new OperationListener() { };

    /** {@code done} of {@code total} units; {@code total < 0} when the amount is unknown. */
    default void progress(long done, long total) { }

    /** A short sentence saying what is happening now. */
    default void status(String text) { }

    default void log(LogLine line) { }

    /**
     * One named part of the operation (a binary of a build) moved to {@code state}. Operations
     * made of parts announce them all as {@link PartState#WAITING} first, in the order they run;
     * {@link #progress} then measures the part that is {@link PartState#RUNNING}.
     */
    default void part(String name, PartState state) { }
}
