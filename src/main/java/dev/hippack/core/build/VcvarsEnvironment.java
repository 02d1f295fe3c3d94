package dev.hippack.core.build;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The complete environment of a prompt after {@code vcvarsall.bat x64 -vcvars_ver=<toolset>}
 * for one Visual Studio instance. Names compare case-insensitively, as on Windows
 * ({@code Path} and {@code PATH} are one variable).
 *
 * @param instance  the Visual Studio installation path
 * @param toolset   the toolset asked for, e.g. "14.44"
 * @param variables every variable of the prompt, complete enough to start the build with
 */
public record VcvarsEnvironment(String instance, String toolset, Map<String, String> variables) {

    public VcvarsEnvironment {
        Map<String, String> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        copy.putAll(variables);
        variables = Collections.unmodifiableMap(copy);
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(variables.get(name));
    }

    /** The full MSVC version vcvars chose, e.g. "14.44.35207". */
    public String vcToolsVersion() {
        return get("VCToolsVersion").orElse("");
    }
}
