package dev.hippack.ui.steps.track;

import java.util.List;

/**
 * An estimate as the step shows it: one segment per component of the stacked bar, the total,
 * the zip range, where the figures come from, and whether any of them is approximate.
 *
 * @param source      "measured" (scanned from an installed SDK) or "catalog"
 * @param approximate true when a figure was derived from a total rather than measured
 */
public record SizeBreakdown(List<Segment> segments, long totalBytes, long zipLowBytes, long zipHighBytes,
        String source, boolean approximate) {

    public SizeBreakdown {
        segments = List.copyOf(segments);
    }

    /** One component: executables, HIP runtime, math DLLs, CRT, rocBLAS kernels, hipBLASLt kernels. */
    public record Segment(String component, long bytes, boolean approximate) { }
}
