package dev.hippack.core.progress;

import java.time.Instant;
import java.util.Objects;

/** One line of an operation's log, with when it was seen and where it came from. */
public record LogLine(Instant at, Level level, Source source, String text) {

    public enum Level { DEBUG, INFO, WARN, ERROR }

    /** Who wrote the line: a child process's streams, or HIP Packager itself. */
    public enum Source { STDOUT, STDERR, TOOL }

    public LogLine {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
    }

    public static LogLine tool(Level level, String text) {
        return new LogLine(Instant.now(), level, Source.TOOL, text);
    }

    public static LogLine info(String text) {
        return tool(Level.INFO, text);
    }
}
