package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The guide's judgement of an MSVC toolset for a HIP build. */
public enum ToolsetVerdict {
    /** 14.44: what the guide verified. */
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
