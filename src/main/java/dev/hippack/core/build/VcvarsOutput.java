package dev.hippack.core.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what the capture script printed: vcvarsall's own messages, then our marker, then the
 * output of {@code set}. vcvarsall reports bad arguments with {@code [ERROR:...]} lines and may
 * still exit 0, so those lines fail the capture whatever the exit code; {@code [DEBUG:...]}
 * lines (VS 2026 prints some unasked) are ignored. Each variable line is split at its first
 * {@code =}: values may contain more.
 */
public final class VcvarsOutput {

    public static final String MARKER = "===HIP-PACKAGER-VCVARS-ENVIRONMENT===";

    private VcvarsOutput() { }

    /**
     * @param lines     the script's output lines (both streams, in order)
     * @param exitCode  the script's exit code
     * @param instance  the Visual Studio installation path, for messages
     * @param toolset   the toolset asked for ("14.44"); VCToolsVersion must start with it
     */
    public static VcvarsEnvironment parse(List<String> lines, int exitCode, String instance, String toolset)
            throws PackagerException {
        List<String> errors = new ArrayList<>();
        List<String> before = new ArrayList<>();
        Map<String, String> vars = new LinkedHashMap<>();
        boolean afterMarker = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (!afterMarker) {
                if (line.equals(MARKER)) {
                    afterMarker = true;
                } else if (line.startsWith("[ERROR:")) {
                    errors.add(line);
                } else if (!line.startsWith("[DEBUG:") && !line.isEmpty()) {
                    before.add(line);
                }
                continue;
            }
            int eq = raw.indexOf('=');
            if (eq > 0) {
                vars.put(raw.substring(0, eq), raw.substring(eq + 1));
            }
        }
        String vcvarsall = instance + "\\VC\\Auxiliary\\Build\\vcvarsall.bat";
        if (!errors.isEmpty()) {
            throw new PackagerException(vcvarsall + " x64 -vcvars_ver=" + toolset + " reported errors (exit code " + exitCode + "):"
                    + System.lineSeparator() + "  " + String.join(System.lineSeparator() + "  ", errors)
                    + System.lineSeparator() + hint(toolset, instance));
        }
        if (exitCode != 0 || !afterMarker) {
            String last = before.isEmpty() ? "(no output)" : String.join(System.lineSeparator() + "  ",
                    before.subList(Math.max(0, before.size() - 5), before.size()));
            throw new PackagerException(vcvarsall + " x64 -vcvars_ver=" + toolset + " failed (exit code " + exitCode + "):"
                    + System.lineSeparator() + "  " + last + System.lineSeparator()
                    + "Check that the Visual Studio installation is complete (Visual Studio Installer, Repair) and that "
                    + vcvarsall + " exists.");
        }
        VcvarsEnvironment env = new VcvarsEnvironment(instance, toolset, vars);
        String version = env.vcToolsVersion();
        if (version.isEmpty()) {
            throw new PackagerException(vcvarsall + " x64 -vcvars_ver=" + toolset
                    + " set no VCToolsVersion: the C++ build tools (x64) are not installed in " + instance + ". "
                    + hint(toolset, instance));
        }
        if (!matchesToolset(version, toolset)) {
            throw new PackagerException(vcvarsall + " selected MSVC " + version + " although " + toolset
                    + " was asked for. " + hint(toolset, instance));
        }
        return env;
    }

    /** "14.44.35207" matches "14.44" and "14.44.35207", not "14.4" followed by another digit. */
    static boolean matchesToolset(String version, String toolset) {
        return Version.tryParse(version).flatMap(v -> Version.tryParse(toolset).map(v::startsWith)).orElse(version.equals(toolset));
    }

    private static String hint(String toolset, String instance) {
        return "Install the MSVC " + toolset + " build tools in " + instance
                + " (Visual Studio Installer > Modify > Individual components > \"MSVC v143 - VS 2022 C++ x64/x86 build tools (v"
                + toolset + ")\"), or choose a toolset that is installed.";
    }
}
