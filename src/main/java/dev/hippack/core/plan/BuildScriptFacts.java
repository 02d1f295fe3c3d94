package dev.hippack.core.plan;

import java.util.Set;

/**
 * What the checkout's {@code scripts\build_windows_hip.ps1} supports, read by detection.
 * Older versions lack {@code -NoNativeCpu}, {@code -DeploymentBuild} and {@code -DGGML_OPENMP=OFF}.
 *
 * @param parameters       the names in its {@code param(...)} block, without the dash ("NoNativeCpu")
 * @param disablesOpenmp   whether it passes both {@code -DENGINE_ENABLE_OPENMP=OFF} and {@code -DGGML_OPENMP=OFF}
 */
public record BuildScriptFacts(Set<String> parameters, boolean disablesOpenmp) {

    public BuildScriptFacts {
        parameters = Set.copyOf(parameters);
    }

    /** Compared case-insensitively, as PowerShell does. */
    public boolean supports(String parameter) {
        return parameters.stream().anyMatch(p -> p.equalsIgnoreCase(parameter));
    }
}
