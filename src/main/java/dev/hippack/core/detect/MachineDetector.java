package dev.hippack.core.detect;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.CommandOutput;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.inventory.LibraryInventory;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one entry point of detection: HIP SDKs with their kernel inventories, Visual Studio and
 * MSVC toolsets, tools, the local GPUs and the audio.cpp checkout of a {@link Host}. Nothing here
 * throws for a broken machine: every problem is a {@link Finding} naming the path and the fix.
 */
public final class MachineDetector {

    public static final String GPU_FINDING_ID = "detect.gpu";

    private final Catalog catalog;
    private final HipSdkFinder sdks;
    private final VisualStudioFinder visualStudio;
    private final ToolFinder tools;
    private final CheckoutInspector checkouts;

    public MachineDetector(Catalog catalog, HipSdkFinder sdks, VisualStudioFinder visualStudio, ToolFinder tools,
                           CheckoutInspector checkouts) {
        this.catalog = catalog;
        this.sdks = sdks;
        this.visualStudio = visualStudio;
        this.tools = tools;
        this.checkouts = checkouts;
    }

    /** A detector wired with the standard finders. */
    public static MachineDetector standard(Catalog catalog) {
        return new MachineDetector(catalog, new HipSdkFinder(catalog, new KernelInventoryScanner(new KernelFileClassifier())),
                new VisualStudioFinder(), new ToolFinder(), new CheckoutInspector(catalog));
    }

    /** Detects everything; reports each stage to {@code listener} and stops between stages when cancelled. */
    public MachineReport run(DetectRequest request, OperationListener listener, CancellationToken cancel)
            throws OperationCancelledException {
        Host host = request.host();
        List<Finding> findings = new ArrayList<>();
        int steps = 5;
        listener.progress(0, steps);
        listener.status("Looking for HIP SDKs");
        List<HipSdk> found = sdks.find(host, findings);
        for (HipSdk s : found) {
            findings.addAll(s.findings());
            listener.log(LogLine.info(s.kind().displayName() + " " + s.version() + " at " + s.path() + (s.usable() ? "" : " (incomplete)")));
        }
        if (found.isEmpty()) {
            findings.add(Finding.error(HipSdkFinder.FINDING_ID, "No HIP SDK was found (no folder under %ProgramFiles%\\AMD\\ROCm, "
                            + "no HIP_PATH, no C:\\TheRock\\build, no TheRock wheels in VIRTUAL_ENV).",
                    "Install AMD HIP SDK 6.4 or 7.1 for Windows, or give its folder with --sdk (a TheRock tarball's root or a Python environment with its wheels work too)."));
        }
        cancel.throwIfCancelled();
        listener.progress(1, steps);
        listener.status("Looking for Visual Studio and MSVC toolsets");
        List<VisualStudioInstance> instances = visualStudio.find(host, findings);
        for (VisualStudioInstance vs : instances) {
            listener.log(LogLine.info(vs.name() + " (" + vs.version() + ") at " + vs.path()));
        }
        cancel.throwIfCancelled();
        listener.progress(2, steps);
        listener.status("Looking for tools");
        List<DetectedTool> toolList = tools.find(host, instances, findings);
        cancel.throwIfCancelled();
        listener.progress(3, steps);
        listener.status("Asking amdgpu-arch for the local GPUs");
        List<DetectedGpu> gpus = new ArrayList<>();
        String gpuSource = gpus(host, found, gpus, findings);
        cancel.throwIfCancelled();
        listener.progress(4, steps);
        listener.status("Reading the audio.cpp checkout");
        Checkout checkout = checkouts.inspect(host, request.source(), findings);
        listener.progress(steps, steps);
        listener.status("Detection finished");
        return new MachineReport(host.displayName(), host.os().name().toLowerCase(Locale.ROOT), found, instances, toolList,
                gpus, gpuSource, checkout, findings);
    }

    /** {@link #run} without progress or cancellation. */
    public MachineReport detect(Host host, String source) {
        try {
            return run(new DetectRequest(host, source), OperationListener.NONE, CancellationToken.none());
        } catch (OperationCancelledException e) {
            throw new IllegalStateException("a token that is never cancelled was cancelled", e);
        }
    }

    /**
     * Detects the machine for {@code plan} (its checkout is the one inspected) and gives the plan
     * rules what was found, detection's findings about the plan's own SDK, Visual Studio and
     * checkout included: an SDK or Visual Studio folder that detection did not list is inspected
     * as given, so one that does not exist is the same error {@code detect --sdk} would give, and
     * a Visual Studio folder that is gone is an error even when vswhere still lists it.
     */
    public PlanFacts planFacts(Host host, ReleasePlan plan) {
        MachineReport report = detect(host, plan.source());
        PlanFacts facts = report.planFacts(plan);
        List<Finding> machine = new ArrayList<>(facts.machineFindings());
        if (plan.sdk() != null && report.sdkAt(plan.sdk()).isEmpty()) {
            HipSdk given = sdks.inspect(host, plan.sdk());
            machine.addAll(given.findings().stream().filter(f -> f.severity() != Severity.INFO).toList());
            if (given.libraries().stream().anyMatch(LibraryInventory::present)) {
                facts = facts.withKernels(given.inventory());
            }
        }
        if (plan.vsInstance() != null) {
            List<Finding> vsFindings = new ArrayList<>();
            Optional<VisualStudioInstance> given = visualStudio.inspect(host, plan.vsInstance(), vsFindings);
            machine.addAll(vsFindings);
            if (given.isPresent() && report.visualStudioAt(plan.vsInstance()).isEmpty()) {
                facts = facts.withInstalledToolsets(given.get().toolsets().stream()
                        .filter(MsvcToolset::compiler).map(MsvcToolset::version).toList());
            }
            if (given.isPresent()) {
                // What detection said about this instance (an incomplete installation), as it said it.
                report.findings().stream().filter(f -> f.id().equals(VisualStudioFinder.FINDING_ID) && f.file() != null
                        && MachineReport.samePath(f.file(), plan.vsInstance()) && f.severity() != Severity.INFO).forEach(machine::add);
            }
        }
        return facts.withMachineFindings(machine);
    }

    private String gpus(Host host, List<HipSdk> found, List<DetectedGpu> out, List<Finding> findings) {
        String program = null;
        for (HipSdk s : found) {
            if (s.amdgpuArch()) {
                program = host.join(s.path(), "bin", "amdgpu-arch.exe");
                break;
            }
        }
        if (program == null) {
            Optional<Path> onPath = host.which("amdgpu-arch");
            if (onPath.isPresent()) {
                program = host.toHostPath(onPath.get());
            }
        }
        if (program == null) {
            return "not asked: no amdgpu-arch (it comes with the HIP SDK)";
        }
        CommandOutput result;
        try {
            result = host.run(List.of(program), Duration.ofSeconds(30), StandardCharsets.UTF_8);
        } catch (PackagerException e) {
            return "not asked: " + e.getMessage();
        }
        Set<String> archs = new LinkedHashSet<>();
        for (String line : result.stdout().split("\\R")) {
            String t = line.trim();
            if (t.startsWith("gfx")) {
                archs.add(t.split("[\\s:]")[0]);
            }
        }
        List<String> usable = archs.stream()
                .filter(a -> catalog.architecture(a).map(g -> !g.blocked()).orElse(false)).toList();
        for (String a : archs) {
            Optional<GpuArchitecture> known = catalog.architecture(a);
            out.add(new DetectedGpu(a, known.map(GpuArchitecture::family).orElse(null), known.map(GpuArchitecture::exampleHardware).orElse(null)));
            if (known.isEmpty()) {
                // Often a CPU's small integrated GPU (gfx1036 on Ryzen 7000): worth knowing, nothing to repair.
                findings.add(Finding.info(GPU_FINDING_ID, "This machine's " + a + " is not an architecture HIP Packager ships "
                                + "kernels for, so the package will not run on it.",
                        "Nothing to change: the package runs on the architectures ticked on the Track step (--targets). "
                                + (usable.isEmpty() ? "Test it on a machine with one of them."
                                        : "Test it on this machine's " + String.join(" or ", usable) + ".")));
            } else if (known.get().blocked()) {
                findings.add(Finding.warning(GPU_FINDING_ID, "This machine's " + a + " cannot run the package: " + known.get().blockedReason(),
                        "Test the package on a GPU of a supported architecture."));
            }
        }
        if (!result.succeeded() && archs.isEmpty()) {
            return "amdgpu-arch exited with code " + result.exitCode() + (result.recorded() ? " (recorded)" : "");
        }
        return program + (result.recorded() ? " (recorded output)" : "");
    }
}
