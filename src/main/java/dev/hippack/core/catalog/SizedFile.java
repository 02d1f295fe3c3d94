package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A file of known approximate size. {@code derived} is true when the figure was split out of a
 * total rather than measured on its own, so the UI can show it as approximate.
 */
public record SizedFile(
        @JsonProperty(required = true) String name,
        @JsonProperty(required = true) long bytes,
        @JsonProperty(required = true) boolean derived) {

    public SizedFile {
        Require.text(name, "name");
        Require.notNegative(bytes, "bytes");
    }
}
