package dev.hippack.ui.steps.build;

import dev.hippack.core.progress.PartState;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * One binary of the build as the Build step shows it: where it stands, its own progress (ninja's
 * [n/m] while it runs) and its own time. Changed only by {@link BuildStepViewModel}.
 */
public final class BinaryBuild {

    private final String binary;
    private final ReadOnlyObjectWrapper<PartState> state = new ReadOnlyObjectWrapper<>(this, "state", PartState.WAITING);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private Instant startedAt;
    private Instant endedAt;
    private boolean inBuild;

    BinaryBuild(String binary) {
        this.binary = binary;
    }

    public String binary() {
        return binary;
    }

    public ReadOnlyObjectProperty<PartState> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public PartState state() {
        return state.get();
    }

    /** 0..1 while it runs, negative while the amount is unknown, 1 once built. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Marks the row as part of a build that was started (a row listing what Start will build is not). */
    void includedInBuild() {
        inBuild = true;
    }

    void moveTo(PartState next, Instant now) {
        if (next == PartState.RUNNING) {
            startedAt = now;
            endedAt = null;
            progress.set(-1);
        } else if (next == PartState.WAITING) {
            startedAt = null;
            endedAt = null;
            progress.set(0);
        } else {
            endedAt = now;
            if (next == PartState.SUCCEEDED) {
                progress.set(1);
            }
        }
        state.set(next);
    }

    void progress(double fraction) {
        if (state.get() == PartState.RUNNING) {
            progress.set(fraction);
        }
    }

    /**
     * What its row says now, e.g. "waiting", "building, 42%, 1:05", "built in 3:12",
     * "failed after 0:40", "not started" (its build ended before reaching it).
     */
    public String describe(Instant now, boolean buildEnded) {
        return switch (state.get()) {
            case WAITING -> buildEnded && inBuild ? "not started" : "waiting";
            case RUNNING -> "building" + (progress.get() >= 0 ? String.format(Locale.ROOT, ", %.0f%%", progress.get() * 100) : "")
                    + ", " + clock(startedAt, now);
            case SUCCEEDED -> "built in " + clock(startedAt, endedAt);
            case FAILED -> "failed after " + clock(startedAt, endedAt);
            case CANCELLED -> "cancelled after " + clock(startedAt, endedAt);
        };
    }

    /** The time from {@code from} to {@code to} as minutes and seconds, "3:07"; "0:00" when either is unknown. */
    static String clock(Instant from, Instant to) {
        if (from == null || to == null) {
            return "0:00";
        }
        Duration d = Duration.between(from, to);
        return String.format(Locale.ROOT, "%d:%02d", d.toMinutes(), d.toSecondsPart());
    }
}
