package dev.hippack.core.catalog;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/** Checks used by the catalog records' constructors; the reader reports their messages with the JSON path. */
final class Require {
    static final Pattern ARCH_ID = Pattern.compile("gfx[0-9]{2,4}[a-z]?");

    private Require() { }

    static <T> T present(T value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return value;
    }

    static String text(String value, String field) {
        present(value, field);
        if (value.isBlank()) {
            throw new IllegalArgumentException("field '" + field + "' must not be empty");
        }
        return value;
    }

    static String archId(String value, String field) {
        text(value, field);
        if (!ARCH_ID.matcher(value).matches()) {
            throw new IllegalArgumentException("field '" + field + "' is '" + value
                    + "', not a GPU architecture such as gfx1100");
        }
        return value;
    }

    static <T> List<T> nonEmpty(List<T> value, String field) {
        present(value, field);
        if (value.isEmpty()) {
            throw new IllegalArgumentException("field '" + field + "' must not be empty");
        }
        // An immutable list answers contains(null) with a NullPointerException: test each element.
        if (value.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("field '" + field + "' must not contain null");
        }
        return List.copyOf(value);
    }

    static double notNegative(double value, String field) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("field '" + field + "' must be a number >= 0, not " + value);
        }
        return value;
    }

    static long notNegative(long value, String field) {
        if (value < 0) {
            throw new IllegalArgumentException("field '" + field + "' must be >= 0, not " + value);
        }
        return value;
    }
}
