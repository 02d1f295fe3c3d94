package dev.hippack.core.detect;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Everything detection found on a build machine: the wizard's Environment step and
 * {@code hip-packager detect} show it, and {@link #planFacts(ReleasePlan)} hands the parts the
 * plan rules need to them.
 *
 * @param host         which machine: "this machine (Linux)" or the described one
 * @param os           "windows", "linux", "macos"
 * @param sdks         HIP SDK folders, newest first
 * @param visualStudio Visual Studio instances, newest first
 * @param gpus         what amdgpu-arch reported
 * @param gpuSource    how the GPU list was obtained, or why it could not be
 * @param findings     every problem found, each with a fix
 */
public record MachineReport(
        String host,
        String os,
        List<HipSdk> sdks,
        List<VisualStudioInstance> visualStudio,
        List<DetectedTool> tools,
        List<DetectedGpu> gpus,
        String gpuSource,
        Checkout checkout,
        List<Finding> findings) {

    public MachineReport {
        sdks = List.copyOf(sdks);
        visualStudio = List.copyOf(visualStudio);
        tools = List.copyOf(tools);
        gpus = List.copyOf(gpus);
        findings = List.copyOf(findings);
    }

    /** The SDK of a ROCm version ("6.4"), preferring a usable one. */
    public Optional<HipSdk> sdk(String rocmVersion) {
        return sdks.stream().filter(s -> rocmVersion.equals(s.version()))
                .sorted((a, b) -> Boolean.compare(b.usable(), a.usable())).findFirst();
    }

    /** The SDK whose folder is {@code path} (compared case-insensitively, trailing backslash ignored). */
    public Optional<HipSdk> sdkAt(String path) {
        String want = HipSdkFinder.stripTrailingSeparators(path).toLowerCase(Locale.ROOT);
        return sdks.stream().filter(s -> s.path().toLowerCase(Locale.ROOT).equals(want)).findFirst();
    }

    /** The Visual Studio instance at {@code path}, compared as {@link #sdkAt} does. */
    public Optional<VisualStudioInstance> visualStudioAt(String path) {
        String want = HipSdkFinder.stripTrailingSeparators(path).toLowerCase(Locale.ROOT);
        return visualStudio.stream().filter(v -> v.path().toLowerCase(Locale.ROOT).equals(want)).findFirst();
    }

    public Optional<DetectedTool> tool(String name) {
        return tools.stream().filter(t -> t.name().equals(name) && t.found()).findFirst();
    }

    /**
     * What the plan rules can use: the measured kernel inventory of the plan's SDK (by path, else
     * by version), the build script's parameters, and the toolsets of the plan's Visual Studio.
     */
    public PlanFacts planFacts(ReleasePlan plan) {
        PlanFacts facts = PlanFacts.unknown();
        Optional<HipSdk> sdk = plan.sdk() != null ? sdkAt(plan.sdk()) : sdk(plan.rocmVersion());
        if (sdk.isPresent() && sdk.get().libraries().stream().anyMatch(l -> l.present())) {
            facts = facts.withKernels(sdk.get().inventory());
        }
        if (checkout != null && checkout.scriptFacts().isPresent()) {
            facts = facts.withBuildScript(checkout.scriptFacts().get());
        }
        if (plan.vsInstance() != null) {
            Optional<VisualStudioInstance> vs = visualStudioAt(plan.vsInstance());
            if (vs.isPresent()) {
                facts = facts.withInstalledToolsets(vs.get().toolsets().stream()
                        .filter(MsvcToolset::compiler).map(MsvcToolset::version).toList());
            }
        }
        return facts;
    }

    public boolean hasErrors() {
        return findings.stream().anyMatch(Finding::isError);
    }
}
