package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.GgmlFamily;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The audio.cpp checkout.
 *
 * @param path             the folder as the build machine names it
 * @param cmakeLists       {@code CMakeLists.txt} is present
 * @param buildScript      {@code scripts\build_windows_hip.ps1} is present
 * @param scriptParameters the names in the script's {@code param(...)} block, without the dash
 * @param disablesOpenmp   the script passes both {@code -DENGINE_ENABLE_OPENMP=OFF} and {@code -DGGML_OPENMP=OFF}
 * @param modelFamilies    from {@code model_specs/*.json}, sorted
 * @param version          {@code git describe} output, or null when git or the repository is not there
 * @param ggml             the family conditions of its vendored ggml that architectures of the catalog
 *                         depend on (gfx1152 and gfx1153: {@code RDNA3_5} in {@code vendors/hip.h}); empty
 *                         when the folder does not exist or the inspector was not asked to read them
 */
public record Checkout(
        String path,
        boolean cmakeLists,
        boolean buildScript,
        List<String> scriptParameters,
        boolean disablesOpenmp,
        List<String> modelFamilies,
        String version,
        List<GgmlFamily> ggml) {

    public Checkout {
        scriptParameters = List.copyOf(scriptParameters);
        modelFamilies = List.copyOf(modelFamilies);
        ggml = List.copyOf(ggml);
    }

    /** What the plan rules need to know about the script; empty when there is no script. */
    @JsonIgnore
    public Optional<BuildScriptFacts> scriptFacts() {
        return buildScript ? Optional.of(new BuildScriptFacts(Set.copyOf(scriptParameters), disablesOpenmp)) : Optional.empty();
    }
}
