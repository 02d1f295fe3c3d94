package dev.hippack.core.estimate;

import dev.hippack.core.PackagePart;
import java.util.Objects;

/**
 * The bytes one part of the package takes. {@code derived} is true when a figure behind it was
 * split out of a total or guessed (show it as approximate).
 */
public record ComponentSize(PackagePart id, long bytes, boolean derived) {
    public ComponentSize {
        Objects.requireNonNull(id, "id");
    }
}
