package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Track;
import java.util.List;

/**
 * The selection as one catalog track would ship it: its estimate, and the ticked architectures
 * that track cannot ship (left out of its estimate, and said so).
 *
 * @param chosen   true for the track the plan is on (its estimate is the plan's)
 * @param excluded ticked architectures this track has no kernels for, in matrix order
 */
public record TrackComparison(Track track, SizeBreakdown estimate, List<String> excluded, boolean chosen) {

    public TrackComparison {
        excluded = List.copyOf(excluded);
    }
}
