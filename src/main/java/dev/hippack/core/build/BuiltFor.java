package dev.hippack.core.build;

import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * What a set of binaries was built for: the parts of a plan that change what the compiler and
 * linker produce (the checkout, the HIP SDK and its ROCm version, the GPU targets, the MSVC
 * toolset, the build folder, the binaries and the build switches). The number of jobs and
 * everything about packaging (kernel policy, output folder, archive name) do not.
 *
 * <p>This is the one comparison of "what was built" with "what is to be packaged": the wizard
 * feeds it the plan its own build ran with; a record written beside the binaries can feed it the
 * same way.
 */
public record BuiltFor(String source, String sdk, String rocmVersion, List<String> targets, String vsInstance,
        String toolset, String buildDir, List<String> binaries, BuildOptions options) {

    public BuiltFor {
        targets = List.copyOf(targets);
        binaries = List.copyOf(binaries);
        Objects.requireNonNull(options, "options");
    }

    public static BuiltFor of(ReleasePlan plan) {
        return new BuiltFor(plan.source(), plan.sdk(), plan.rocmVersion(), plan.targets(), plan.vsInstance(),
                plan.toolset(), plan.buildDir(), plan.binaries(), plan.options());
    }

    /** True when binaries built for this can be packaged for {@code plan}. */
    public boolean matches(ReleasePlan plan) {
        return differencesFrom(plan).isEmpty();
    }

    /**
     * What the plan asks for that these binaries were not built with, one phrase each (e.g.
     * "targets gfx1100, gfx1101 (built for gfx1100, gfx1103)"); empty when they match. Targets
     * compare as a set: their order does not change the binaries.
     */
    public List<String> differencesFrom(ReleasePlan plan) {
        List<String> out = new ArrayList<>();
        differ(out, "checkout", source, plan.source());
        differ(out, "HIP SDK", sdk, plan.sdk());
        differ(out, "ROCm", rocmVersion, plan.rocmVersion());
        if (!new LinkedHashSet<>(targets).equals(new LinkedHashSet<>(plan.targets()))) {
            out.add("targets " + String.join(", ", plan.targets()) + " (built for " + String.join(", ", targets) + ")");
        }
        differ(out, "Visual Studio", vsInstance, plan.vsInstance());
        differ(out, "MSVC toolset", toolset, plan.toolset());
        differ(out, "build folder", buildDir, plan.buildDir());
        if (!binaries.containsAll(plan.binaries())) {
            out.add("binaries " + String.join(", ", plan.binaries()) + " (built " + String.join(", ", binaries) + ")");
        }
        BuildOptions o = plan.options();
        switchDiffers(out, "hipBLASLt", options.hipblaslt(), o.hipblaslt());
        switchDiffers(out, "HIP VMM", options.vmm(), o.vmm());
        switchDiffers(out, "graphs", options.graphs(), o.graphs());
        switchDiffers(out, "native CPU", options.nativeCpu(), o.nativeCpu());
        switchDiffers(out, "deployment build", options.deploymentBuild(), o.deploymentBuild());
        return out;
    }

    /** In a few words: "ROCm 6.4, gfx1100 and gfx1103, MSVC 14.44, hipBLASLt on". */
    public String describe() {
        String t = targets.size() <= 3 ? String.join(" and ", targets) : targets.size() + " targets";
        return "ROCm " + rocmVersion + ", " + t + ", MSVC " + toolset + ", hipBLASLt " + (options.hipblaslt() ? "on" : "off");
    }

    private static void differ(List<String> out, String what, String built, String wanted) {
        if (!Objects.equals(built, wanted)) {
            out.add(what + " " + show(wanted) + " (built with " + show(built) + ")");
        }
    }

    private static void switchDiffers(List<String> out, String what, boolean built, boolean wanted) {
        if (built != wanted) {
            out.add(what + " " + (wanted ? "on" : "off") + " (built with it " + (built ? "on" : "off") + ")");
        }
    }

    private static String show(String v) {
        return v == null ? "none" : v;
    }
}
