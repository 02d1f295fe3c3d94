package dev.hippack.core.finding;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

public enum Severity {
    ERROR, WARNING, INFO;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
