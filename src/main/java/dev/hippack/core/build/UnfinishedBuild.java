package dev.hippack.core.build;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * The marker a build leaves in its {@code bin} folder from before its first configure until its
 * record is written ({@value BuildRecordStore#UNFINISHED_NAME}, see {@link BuildRecordStore}).
 * While it is there the binaries and {@code CMakeCache.txt} may come from two builds (the new
 * configure rewrote the cache, the old executables are still in place), so no path packages them.
 *
 * @param state     {@link State#RUNNING} while the build runs (and after a kill, which leaves it so),
 *                  else how it ended
 * @param startedAt when the build started, ISO-8601 UTC
 * @param endedAt   when it failed or was cancelled; null while running
 * @param targets   the GPU targets it was building for
 * @param binary    the binary it was building when it stopped; null when it stopped before or after them
 */
public record UnfinishedBuild(
        @JsonProperty(required = true) State state,
        @JsonProperty(required = true) String startedAt,
        String endedAt,
        @JsonProperty(required = true) List<String> targets,
        String binary) {

    /** How far the unfinished build got. */
    public enum State { RUNNING, FAILED, CANCELLED }

    public UnfinishedBuild {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(startedAt, "startedAt");
        targets = List.copyOf(targets);
    }

    /** The same build, ended in {@code how} at {@code when} while building {@code during} (may be null). */
    public UnfinishedBuild ended(State how, String when, String during) {
        return new UnfinishedBuild(how, startedAt, when, targets, during);
    }

    /** "was cancelled while building audiocpp_server", "failed", "started at ... and has not finished". */
    public String describe() {
        String while_ = binary == null ? "" : " while building " + binary;
        return switch (state) {
            case CANCELLED -> "was cancelled" + while_ + " (" + endedAt + ")";
            case FAILED -> "failed" + while_ + " (" + endedAt + ")";
            case RUNNING -> "started at " + startedAt + " and has not finished: it is still running, or it was ended"
                    + " without a chance to clean up (killed, a power loss)";
        };
    }
}
