package dev.hippack.ui.common;

import java.util.Objects;

/**
 * A fix the wizard can apply for the user, offered beside the finding it fixes (e.g. "Turn
 * hipBLASLt off" beside the error that only hipBLASLt off resolves).
 */
public record Remedy(String label, Runnable action) {

    public Remedy {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(action, "action");
    }
}
