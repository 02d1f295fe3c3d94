package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How an MSVC toolset suits a HIP build (docs/distribution-rules.md §4.2). */
public enum ToolsetVerdict {
    /** 14.44: the toolset the HIP build was verified with. */
    RECOMMENDED,
    /** 14.40 to 14.43: accepted, not verified. */
    ACCEPTED,
    /** 14.5x (HIP clang cannot parse its cmath) and anything older than 14.40. */
    REFUSED,
    /** The folder lacks cl.exe: a partial or broken install. */
    INCOMPLETE;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
