package dev.hippack.core.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of {@code scripts\build_windows_hip.ps1} for one binary of a plan. Only what the
 * checked-out script supports is passed; when it lacks one the release needs, the build is
 * refused before anything runs, saying which parameter and why.
 */
public final class BuildScriptArguments {

    public static final String SCRIPT = "scripts\\build_windows_hip.ps1";
    /** Where an old script (without -BuildDir) always builds. */
    public static final String SCRIPT_DEFAULT_BUILD_DIR = "build\\hip";

    private BuildScriptArguments() { }

    /**
     * Refuses a plan the script cannot build as asked.
     *
     * @throws PackagerException naming every missing parameter and what it is needed for
     */
    public static void requireSupported(ReleasePlan plan, BuildScriptFacts script) throws PackagerException {
        Map<String, String> needed = new LinkedHashMap<>();
        needed.put("RocmPath", "to build against the plan's SDK " + plan.sdk());
        needed.put("GpuTargets", "to compile kernels for the plan's targets instead of only the local GPU");
        needed.put("Target", "to build audiocpp_cli and audiocpp_server one at a time");
        BuildOptions o = plan.options();
        if (!o.nativeCpu()) {
            needed.put("NoNativeCpu", "a release must not be compiled for the build machine's own CPU"
                    + " (ENGINE_ENABLE_NATIVE_CPU=OFF), or it crashes with an illegal instruction on older CPUs");
        }
        if (o.deploymentBuild()) {
            needed.put("DeploymentBuild", "a release must embed the model specs (AUDIOCPP_DEPLOYMENT_BUILD=ON),"
                    + " or users get \"model spec not found for family\"");
        }
        if (!o.hipblaslt()) {
            needed.put("NoHipblasLt", "the plan turns hipBLASLt off");
        }
        if (o.vmm()) {
            needed.put("WithVmm", "the plan turns HIP VMM on");
        }
        if (o.graphs()) {
            needed.put("Graphs", "the plan turns graphs on");
        }
        if (!sameFolder(plan.buildDir(), SCRIPT_DEFAULT_BUILD_DIR)) {
            needed.put("BuildDir", "the plan builds in " + plan.buildDir() + ", not the script's fixed " + SCRIPT_DEFAULT_BUILD_DIR);
        }
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> e : needed.entrySet()) {
            if (!script.supports(e.getKey())) {
                missing.add("-" + e.getKey() + ": " + e.getValue());
            }
        }
        if (!missing.isEmpty()) {
            throw new PackagerException("The checkout's " + SCRIPT + " lacks " + (missing.size() == 1 ? "a parameter" : "parameters")
                    + " this release needs, so the build was not started:" + System.lineSeparator() + "  "
                    + String.join(System.lineSeparator() + "  ", missing) + System.lineSeparator()
                    + "Update the audio.cpp checkout " + (plan.source() == null ? "" : plan.source() + " ")
                    + "(git pull) to a version whose build script has them.");
        }
    }

    /**
     * The script's parameters for building {@code target}, in the order of the release invocation
     * (docs/distribution-rules.md §4.4).
     */
    public static List<String> forTarget(ReleasePlan plan, BuildScriptFacts script, String target) {
        List<String> a = new ArrayList<>();
        a.add("-RocmPath");
        a.add(plan.sdk());
        if (script.supports("BuildDir")) {
            a.add("-BuildDir");
            a.add(plan.buildDir());
        }
        a.add("-GpuTargets");
        a.add(String.join(";", plan.targets()));
        BuildOptions o = plan.options();
        if (!o.nativeCpu() && script.supports("NoNativeCpu")) {
            a.add("-NoNativeCpu");
        }
        if (o.deploymentBuild() && script.supports("DeploymentBuild")) {
            a.add("-DeploymentBuild");
        }
        if (!o.hipblaslt() && script.supports("NoHipblasLt")) {
            a.add("-NoHipblasLt");
        }
        if (o.vmm() && script.supports("WithVmm")) {
            a.add("-WithVmm");
        }
        if (o.graphs() && script.supports("Graphs")) {
            a.add("-Graphs");
        }
        a.add("-Target");
        a.add(target);
        if (plan.jobs() > 0 && script.supports("Jobs")) {
            a.add("-Jobs");
            a.add(Integer.toString(plan.jobs()));
        }
        return a;
    }

    static boolean sameFolder(String a, String b) {
        return normal(a).equals(normal(b));
    }

    private static String normal(String p) {
        String s = p.trim().replace('/', '\\').toLowerCase(Locale.ROOT);
        while (s.startsWith(".\\")) {
            s = s.substring(2);
        }
        while (s.endsWith("\\")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
