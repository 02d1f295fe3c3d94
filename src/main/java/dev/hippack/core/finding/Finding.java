package dev.hippack.core.finding;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * What a rule or a check found: the rule id (docs/design.md §5), how bad it is, what
 * is wrong, and how to fix it. {@code file} names the file concerned, or is null when the
 * finding is about the plan as a whole.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Finding(String id, Severity severity, String message, String fix, String file) {

    public Finding {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
    }

    public static Finding error(String id, String message, String fix) {
        return new Finding(id, Severity.ERROR, message, fix, null);
    }

    public static Finding warning(String id, String message, String fix) {
        return new Finding(id, Severity.WARNING, message, fix, null);
    }

    public static Finding info(String id, String message, String fix) {
        return new Finding(id, Severity.INFO, message, fix, null);
    }

    public Finding withFile(String file) {
        return new Finding(id, severity, message, fix, file);
    }

    /** Not a JSON field: {@code severity} already says it. */
    @JsonIgnore
    public boolean isError() {
        return severity == Severity.ERROR;
    }
}
