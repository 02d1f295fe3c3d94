package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How much a package shrinks when zipped: 1.3 GB to 0.7-0.9 GB (docs/distribution-rules.md §9). */
public record ZipRatio(
        @JsonProperty(required = true) double low,
        @JsonProperty(required = true) double high) {

    public ZipRatio {
        if (!(low > 0 && low <= high && high <= 1)) {
            throw new IllegalArgumentException("fields 'low' and 'high' must satisfy 0 < low <= high <= 1, not " + low + ", " + high);
        }
    }
}
