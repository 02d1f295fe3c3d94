package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A program the build or the packaging uses.
 *
 * @param name    "powershell", "cmake", "ninja", "7z", "ccache", "dumpbin", "git"
 * @param path    where it is, as the build machine names it; null when not found
 * @param foundBy "PATH", "Visual Studio", "known folder" or "MSVC toolset"; null when not found
 * @param needed  what needs it, e.g. "the build" or "optional: faster rebuilds"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DetectedTool(String name, String path, String foundBy, String needed) {

    public boolean found() {
        return path != null;
    }
}
