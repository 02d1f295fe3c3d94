package dev.hippack.core.json;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Jackson with its defaults, for JSON that other programs write and HIP Packager only looks into
 * as a tree: vswhere's output, the model specs of an audio.cpp checkout. What people write for us
 * is read by {@link StrictJson}.
 */
public final class ForeignJson {

    private ForeignJson() { }

    /**
     * The reader, made at its first use (the holder's class initialisation), not when a detector
     * is made: the wizard makes its detectors before its first window, and a mapper loads a few
     * hundred of Jackson's classes (docs/design.md §10.5).
     */
    public static ObjectReader trees() {
        return Holder.READER;
    }

    private static final class Holder {
        static final ObjectReader READER = JsonMapper.builder().build().reader();
    }
}
