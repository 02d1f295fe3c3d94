package dev.hippack.core.plan;

import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.finding.Finding;
import java.util.List;
import java.util.Optional;

/**
 * What is known about the build machine beyond the plan itself. Every part is optional and
 * starts "unknown": the rules then judge from the catalog alone and say what they could not
 * check. Detection fills the parts it finds, so new facts never change the callers of the rules.
 *
 * @param kernels            kernel sizes of the SDK the plan uses (a scanned inventory); empty means
 *                           the catalog's figures for the plan's track
 * @param buildScript        what the checkout's build script supports
 * @param installedToolsets  the full MSVC toolset versions installed in the plan's Visual Studio,
 *                           e.g. "14.44.35207"
 * @param ggml               the family conditions of the checkout's vendored ggml that the catalog's
 *                           architectures depend on ({@code GgmlRequirement}); empty when the
 *                           checkout was not read
 * @param machineFindings    what detection found wrong with the plan's own SDK, Visual Studio and
 *                           checkout (a folder that does not exist, a kernel library that cannot be
 *                           read), as detection words and rates it; reported first by the rules
 */
public record PlanFacts(
        Optional<KernelSizes> kernels,
        Optional<BuildScriptFacts> buildScript,
        Optional<List<String>> installedToolsets,
        Optional<List<GgmlFamily>> ggml,
        List<Finding> machineFindings) {

    public PlanFacts {
        installedToolsets = installedToolsets.map(List::copyOf);
        ggml = ggml.map(List::copyOf);
        machineFindings = List.copyOf(machineFindings);
    }

    /** Facts without detection's findings. */
    public PlanFacts(Optional<KernelSizes> kernels, Optional<BuildScriptFacts> buildScript, Optional<List<String>> installedToolsets) {
        this(kernels, buildScript, installedToolsets, Optional.empty(), List.of());
    }

    /** Nothing known beyond the catalog. */
    public static PlanFacts unknown() {
        return new PlanFacts(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of());
    }

    public PlanFacts withKernels(KernelSizes v) { return new PlanFacts(Optional.of(v), buildScript, installedToolsets, ggml, machineFindings); }
    public PlanFacts withBuildScript(BuildScriptFacts v) { return new PlanFacts(kernels, Optional.of(v), installedToolsets, ggml, machineFindings); }
    public PlanFacts withInstalledToolsets(List<String> v) { return new PlanFacts(kernels, buildScript, Optional.of(v), ggml, machineFindings); }
    public PlanFacts withGgml(List<GgmlFamily> v) { return new PlanFacts(kernels, buildScript, installedToolsets, Optional.of(v), machineFindings); }
    public PlanFacts withMachineFindings(List<Finding> v) { return new PlanFacts(kernels, buildScript, installedToolsets, ggml, v); }
}
