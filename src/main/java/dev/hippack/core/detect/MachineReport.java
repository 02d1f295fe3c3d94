package dev.hippack.core.detect;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.List;
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
        return sdks.stream().filter(s -> samePath(s.path(), path)).findFirst();
    }

    /** The Visual Studio instance at {@code path}, compared as {@link #sdkAt} does. */
    public Optional<VisualStudioInstance> visualStudioAt(String path) {
        return visualStudio.stream().filter(v -> samePath(v.path(), path)).findFirst();
    }

    public Optional<DetectedTool> tool(String name) {
        return tools.stream().filter(t -> t.name().equals(name) && t.found()).findFirst();
    }

    /**
     * What the plan rules can use: the measured kernel inventory of the plan's SDK (by path, else
     * by version), the build script's parameters, the checkout's ggml family conditions, the toolsets of the plan's Visual Studio, and
     * detection's own errors and warnings about the plan's SDK and checkout (the same findings
     * {@code detect} reports). No file is read: the wizard asks on every tick.
     * {@link MachineDetector#planFacts} adds what needs the machine (a folder detection did not list).
     */
    public PlanFacts planFacts(ReleasePlan plan) {
        PlanFacts facts = PlanFacts.unknown();
        List<Finding> machine = new ArrayList<>();
        Optional<HipSdk> sdk = plan.sdk() != null ? sdkAt(plan.sdk()) : sdk(plan.rocmVersion());
        if (sdk.isPresent() && sdk.get().libraries().stream().anyMatch(l -> l.present())) {
            facts = facts.withKernels(sdk.get().inventory());
        }
        if (plan.sdk() != null && sdk.isPresent()) {
            machine.addAll(notInfo(sdk.get().findings()));
        }
        if (checkout != null && checkout.scriptFacts().isPresent()) {
            facts = facts.withBuildScript(checkout.scriptFacts().get());
        }
        if (checkout != null && !checkout.ggml().isEmpty()) {
            facts = facts.withGgml(checkout.ggml());
        }
        if (checkout != null && plan.source() != null && samePath(checkout.path(), plan.source())) {
            machine.addAll(notInfo(findings.stream().filter(f -> f.id().equals(CheckoutInspector.FINDING_ID)).toList()));
        }
        if (plan.vsInstance() != null) {
            Optional<VisualStudioInstance> vs = visualStudioAt(plan.vsInstance());
            if (vs.isPresent()) {
                facts = facts.withInstalledToolsets(vs.get().toolsets().stream()
                        .filter(MsvcToolset::compiler).map(MsvcToolset::version).toList());
            }
        }
        return facts.withMachineFindings(machine);
    }

    private static List<Finding> notInfo(List<Finding> findings) {
        return findings.stream().filter(f -> f.severity() != Severity.INFO).toList();
    }

    static boolean samePath(String a, String b) {
        return HipSdkFinder.stripTrailingSeparators(a).equalsIgnoreCase(HipSdkFinder.stripTrailingSeparators(b));
    }

    public boolean hasErrors() {
        return findings.stream().anyMatch(Finding::isError);
    }
}
