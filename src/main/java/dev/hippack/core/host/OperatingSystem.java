package dev.hippack.core.host;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** The operating system of a build machine; Windows decides path syntax and name matching. */
public enum OperatingSystem {
    @JsonProperty("windows") WINDOWS,
    @JsonProperty("linux") LINUX,
    @JsonProperty("macos") MACOS;

    /** The system this JVM runs on. */
    public static OperatingSystem current() {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (name.startsWith("windows")) {
            return WINDOWS;
        }
        if (name.contains("mac") || name.contains("darwin")) {
            return MACOS;
        }
        return LINUX;
    }

    public boolean isWindows() {
        return this == WINDOWS;
    }

    /** The separator of PATH-like variables on this system. */
    public char pathListSeparator() {
        return this == WINDOWS ? ';' : ':';
    }

    public String displayName() {
        return switch (this) {
            case WINDOWS -> "Windows";
            case LINUX -> "Linux";
            case MACOS -> "macOS";
        };
    }
}
