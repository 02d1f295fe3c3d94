package dev.hippack.core.plan;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogKernelSizes;
import dev.hippack.core.catalog.GgmlRequirement;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.WindowsNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules for a release plan that need no built files (docs/design.md §5; the facts behind them
 * in docs/distribution-rules.md). Each
 * finding carries the rule id, a severity, what is wrong and how to fix it. What the rules cannot
 * know from the plan comes from {@link PlanFacts}; an unknown fact is never reported as a pass
 * where it matters (build.openmp says it could not read the script). When detection ran, its
 * findings about the plan's own SDK, Visual Studio and checkout come first, with detection's ids.
 *
 * <p>Cheap enough to run on every tick of the architecture matrix: no I/O, a few map reads.
 */
public final class PlanRules {

    public static final String TOOLSET_MSVC = "toolset.msvc";
    public static final String BUILD_FOLDER = "build.folder";
    public static final String BUILD_NATIVE_CPU = "build.native-cpu";
    public static final String BUILD_DEPLOYMENT = "build.deployment";
    public static final String BUILD_OPENMP = "build.openmp";
    public static final String BUILD_DEFAULTS = "build.defaults";
    public static final String ARCH_TARGETS = "arch.targets";
    public static final String ARCH_HIPBLASLT_KERNELS = "arch.hipblaslt-kernels";
    public static final String ARCH_RDNA2 = "arch.rdna2";
    public static final String ARCH_GGML = "arch.ggml";
    public static final String LIBS_DROP_ROCBLAS = "libs.drop-rocblas";
    public static final String EULA_REDISTRIBUTION = "eula.redistribution";

    /** Every rule id, in the order findings are reported. */
    public static final List<String> IDS = List.of(TOOLSET_MSVC, BUILD_FOLDER, BUILD_NATIVE_CPU, BUILD_DEPLOYMENT, BUILD_OPENMP,
            BUILD_DEFAULTS, ARCH_TARGETS, ARCH_HIPBLASLT_KERNELS, ARCH_RDNA2, ARCH_GGML, LIBS_DROP_ROCBLAS, EULA_REDISTRIBUTION);

    /** The Visual Studio 2026 component that installs the v143 (14.44) toolset side by side. */
    public static final String VS2026_V143_COMPONENT = "Microsoft.VisualStudio.Component.VC.14.44.17.14.x86.x64";

    private static final String TOOLSET_FIX = "Build with MSVC " + ReleasePlan.RECOMMENDED_TOOLSET
            + ": in Visual Studio 2026 add the individual component " + VS2026_V143_COMPONENT
            + " (MSVC v143 14.44) with the Visual Studio Installer, or install Visual Studio 2022 Build Tools; then set the toolset to "
            + ReleasePlan.RECOMMENDED_TOOLSET + ".";

    private final Catalog catalog;

    public PlanRules(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Judges {@code plan} from the catalog alone. */
    public List<Finding> judge(ReleasePlan plan) throws PackagerException {
        return judge(plan, PlanFacts.unknown());
    }

    /**
     * Judges {@code plan} with what detection found.
     *
     * @throws PackagerException when a target is not a known architecture (the message lists the
     *                           known ones) or the track is neither a catalog track nor "custom"
     */
    public List<Finding> judge(ReleasePlan plan, PlanFacts facts) throws PackagerException {
        List<GpuArchitecture> targets = architectures(plan.targets());
        KernelSizes kernels = kernelSizes(plan, facts);
        // What detection found wrong with the plan's own SDK, Visual Studio and checkout comes first.
        List<Finding> out = new ArrayList<>(facts.machineFindings());
        toolset(plan, facts, out);
        buildFolder(plan).ifPresent(out::add);
        nativeCpu(plan, facts, out);
        deployment(plan, facts, out);
        openmp(facts, out);
        defaults(plan, targets, out);
        if (targets.isEmpty()) {
            out.add(Finding.error(ARCH_TARGETS, "No GPU architecture is chosen, so the package would run on no AMD GPU.",
                    "Tick at least one architecture (the track's defaults are a good start)."));
        }
        gemmKernels(plan, targets, kernels, out);
        rdna2(plan, targets, out);
        ggml(targets, facts, out);
        dropRocblas(plan, out);
        out.add(Finding.info(EULA_REDISTRIBUTION,
                "The HIP SDK DLLs in the package are AMD binaries covered by the AMD EULA, even though rocBLAS and hipBLASLt are MIT-licensed sources.",
                "Check that the AMD EULA allows redistributing these runtime DLLs with your application before publishing."));
        return List.copyOf(out);
    }

    /**
     * The kernel sizes the plan is judged and estimated with: the scanned SDK when detection
     * gave one, otherwise the catalog's figures for the plan's ROCm version (never its track id).
     */
    public KernelSizes kernelSizes(ReleasePlan plan, PlanFacts facts) throws PackagerException {
        if (catalog.track(plan.track()).isEmpty() && !ReleasePlan.CUSTOM_TRACK.equals(plan.track())) {
            throw new PackagerException("Unknown track '" + plan.track() + "'. Known tracks: " + catalog.knownTrackIds()
                    + " (or " + ReleasePlan.CUSTOM_TRACK + ").");
        }
        if (facts.kernels().isPresent()) {
            return facts.kernels().get();
        }
        return CatalogKernelSizes.forRocmVersion(catalog, plan.rocmVersion());
    }

    /** The catalog rows of {@code ids}, in order; an unknown id is bad input. */
    public List<GpuArchitecture> architectures(List<String> ids) throws PackagerException {
        List<GpuArchitecture> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            GpuArchitecture a = catalog.architecture(id).orElse(null);
            if (a == null) {
                throw new PackagerException("Unknown GPU architecture '" + id + "'. Known architectures: "
                        + catalog.knownArchitectureIds() + ".");
            }
            out.add(a);
        }
        return out;
    }

    /**
     * The {@link #BUILD_FOLDER} error when the plan's build folder is not one Windows can have (the
     * build runs there, whatever machine judges the plan); {@code BuildService} refuses with it too.
     */
    public static Optional<Finding> buildFolder(ReleasePlan plan) {
        return WindowsNames.problem(plan.buildDir()).map(why -> Finding.error(BUILD_FOLDER,
                "The build folder '" + plan.buildDir() + "' cannot exist on Windows: " + why + ".",
                "Name it with letters, digits, spaces, '.', '_' and '-' (for example build\\hip)."));
    }

    private static void toolset(ReleasePlan plan, PlanFacts facts, List<Finding> out) {
        String toolset = plan.toolset();
        Optional<Version> parsed = Version.tryParse(toolset).filter(v -> v.size() >= 2 && v.size() <= 3);
        if (parsed.isEmpty()) {
            out.add(Finding.error(TOOLSET_MSVC, "The MSVC toolset '" + toolset + "' is not a version such as "
                    + ReleasePlan.RECOMMENDED_TOOLSET + ".", TOOLSET_FIX));
            return;
        }
        Version wanted = parsed.get();
        int major = wanted.major();
        int minor = wanted.minor();
        if (major == 14 && minor >= 50) {
            out.add(Finding.error(TOOLSET_MSVC, "MSVC " + toolset + " (Visual Studio 2026) is refused: ROCm's HIP clang cannot parse"
                    + " the <cmath> of the 14.5x STL, so every .cu file fails to compile.", TOOLSET_FIX));
        } else if (major == 14 && minor >= 40 && minor < 44) {
            out.add(Finding.warning(TOOLSET_MSVC, "MSVC " + toolset + " is accepted, but the guide verified the build with "
                    + ReleasePlan.RECOMMENDED_TOOLSET + ".", "Set the toolset to " + ReleasePlan.RECOMMENDED_TOOLSET
                    + " (Visual Studio 2022 17.14 or the v143 component of Visual Studio 2026)."));
        } else if (!(major == 14 && minor == 44)) {
            out.add(Finding.warning(TOOLSET_MSVC, "MSVC " + toolset + " has not been verified with ROCm's HIP clang; the guide uses "
                    + ReleasePlan.RECOMMENDED_TOOLSET + ".", TOOLSET_FIX));
        }
        if (facts.installedToolsets().isPresent()) {
            List<String> installed = facts.installedToolsets().get();
            boolean present = installed.stream().map(Version::tryParse).flatMap(Optional::stream).anyMatch(v -> v.startsWith(wanted));
            if (!present) {
                String where = plan.vsInstance() == null ? "the chosen Visual Studio" : plan.vsInstance();
                out.add(Finding.error(TOOLSET_MSVC, "MSVC toolset " + toolset + " is not installed in " + where + " (found: "
                        + (installed.isEmpty() ? "none" : String.join(", ", installed)) + ").", TOOLSET_FIX));
            }
        }
    }

    private static void nativeCpu(ReleasePlan plan, PlanFacts facts, List<Finding> out) {
        if (plan.options().nativeCpu()) {
            out.add(Finding.error(BUILD_NATIVE_CPU, "Native CPU is on (ENGINE_ENABLE_NATIVE_CPU=ON): the CPU backend would use this"
                    + " build machine's instruction set (e.g. AVX-512) and crash with an illegal instruction on older CPUs.",
                    "Turn native CPU off; the build then passes -NoNativeCpu."));
        }
        missingSwitch(facts, "NoNativeCpu", BUILD_NATIVE_CPU, "the CPU backend cannot be built portably", out);
    }

    private static void deployment(ReleasePlan plan, PlanFacts facts, List<Finding> out) {
        if (!plan.options().deploymentBuild()) {
            out.add(Finding.error(BUILD_DEPLOYMENT, "Deployment build is off (AUDIOCPP_DEPLOYMENT_BUILD=OFF): the model specs are"
                    + " not compiled in, so users get \"model spec not found for family\".",
                    "Turn deployment build on; the build then passes -DeploymentBuild."));
        }
        missingSwitch(facts, "DeploymentBuild", BUILD_DEPLOYMENT, "the model specs cannot be compiled into the binaries", out);
    }

    private static void missingSwitch(PlanFacts facts, String parameter, String id, String consequence, List<Finding> out) {
        if (facts.buildScript().isPresent() && !facts.buildScript().get().supports(parameter)) {
            out.add(Finding.error(id, "The checkout's scripts\\build_windows_hip.ps1 has no -" + parameter + " switch, so "
                    + consequence + ".", "Update the audio.cpp checkout to a version whose build script has -" + parameter + "."));
        }
    }

    private static void openmp(PlanFacts facts, List<Finding> out) {
        if (facts.buildScript().isEmpty()) {
            out.add(Finding.info(BUILD_OPENMP, "Not checked: the build script was not read. The build must pass ENGINE_ENABLE_OPENMP=OFF"
                    + " and GGML_OPENMP=OFF, or the binaries pick up libomp140.x86_64.dll.",
                    "Choose the audio.cpp checkout so its build script can be read; the audit also checks the built binaries (deps.openmp)."));
        } else if (!facts.buildScript().get().disablesOpenmp()) {
            out.add(Finding.error(BUILD_OPENMP, "The checkout's build script does not pass both ENGINE_ENABLE_OPENMP=OFF and GGML_OPENMP=OFF;"
                    + " in a vcvars environment ggml then links LLVM OpenMP and the binaries need libomp140.x86_64.dll.",
                    "Update the audio.cpp checkout to a version whose build script disables both."));
        }
    }

    private static void defaults(ReleasePlan plan, List<GpuArchitecture> targets, List<Finding> out) {
        BuildOptions o = plan.options();
        List<String> integrated = targets.stream().filter(GpuArchitecture::integrated).map(GpuArchitecture::id).toList();
        if (!o.hipblaslt()) {
            changedDefault("hipBLASLt is off: every GEMM goes through rocBLAS, which has no kernels for the Radeon 780M (gfx1103).",
                    "Turn hipBLASLt back on", integrated, out);
        }
        if (o.graphs()) {
            changedDefault("Graphs are on: each cached graph reserves its own VRAM, which exhausts the shared memory of integrated GPUs.",
                    "Turn graphs back off", integrated, out);
        }
        if (o.vmm()) {
            changedDefault("HIP VMM is on: Windows integrated GPUs need it off (GGML_HIP_NO_VMM=ON).",
                    "Turn HIP VMM back off", integrated, out);
        }
    }

    private static void changedDefault(String message, String fix, List<String> integrated, List<Finding> out) {
        if (!integrated.isEmpty()) {
            out.add(Finding.error(BUILD_DEFAULTS, message + " The targets include integrated GPUs: " + String.join(", ", integrated) + ".",
                    fix + ", or ship only discrete GPUs with 8 GB or more of VRAM."));
        } else {
            out.add(Finding.warning(BUILD_DEFAULTS, message + " The guide allows this only when every target card is a discrete GPU"
                    + " with 8 GB or more of VRAM.", fix + " unless every card you ship for has 8 GB or more of VRAM."));
        }
    }

    /**
     * A target's GEMM library has no kernels for it in the SDK: the package's kernel folder will
     * lack that target's files, which the audit reports as libs.per-arch. The plan reports each
     * one as arch.hipblaslt-kernels first, so nothing about the kernel libraries appears only
     * after a build.
     */
    public record KernelGap(KernelLibrary library, String arch) { }

    /**
     * The kernel files the plan's targets need and the SDK does not ship: hipBLASLt for every
     * target when it is on (the release default); rocBLAS for every target when hipBLASLt is off
     * and the rocBLAS kernels are kept. Per-architecture facts come from {@code kernels} (the
     * scanned SDK or the catalog for the plan's ROCm version), never from the track's id.
     */
    public static List<KernelGap> kernelGaps(ReleasePlan plan, KernelSizes kernels) {
        List<KernelGap> gaps = new ArrayList<>();
        KernelLibrary gemm = plan.options().hipblaslt() ? KernelLibrary.HIPBLASLT : KernelLibrary.ROCBLAS;
        if (gemm == KernelLibrary.ROCBLAS && plan.rocblasKernels() != KernelPolicy.FILTERED) {
            return gaps; // dropped rocBLAS kernels with hipBLASLt off is one error of libs.drop-rocblas
        }
        for (String target : plan.targets()) {
            if (!kernels.hasKernels(gemm, target)) {
                gaps.add(new KernelGap(gemm, target));
            }
        }
        return gaps;
    }

    private void gemmKernels(ReleasePlan plan, List<GpuArchitecture> targets, KernelSizes kernels, List<Finding> out) {
        for (KernelGap gap : kernelGaps(plan, kernels)) {
            GpuArchitecture a = targets.stream().filter(t -> t.id().equals(gap.arch())).findFirst().orElseThrow();
            if (gap.library() == KernelLibrary.HIPBLASLT) {
                out.add(Finding.error(ARCH_HIPBLASLT_KERNELS, "hipBLASLt in " + kernels.describe() + " has no kernels for " + a.id()
                        + " (" + a.exampleHardware() + "): GEMM initialization fails on these cards.",
                        otherTracksFix(a, KernelLibrary.HIPBLASLT, plan) + rocblasPath(a, kernels)));
            } else {
                out.add(Finding.error(ARCH_HIPBLASLT_KERNELS, "With hipBLASLt off every GEMM goes through rocBLAS, and rocBLAS in "
                        + kernels.describe() + " has no kernels for " + a.id() + " (" + a.exampleHardware() + "): no GEMM path.",
                        "Turn hipBLASLt back on (the default), or remove " + a.id() + " from the targets."));
            }
        }
    }

    /** Where else the architecture is covered, so the fix can name the package to use instead. */
    private String otherTracksFix(GpuArchitecture a, KernelLibrary library, ReleasePlan plan) {
        List<String> covering = new ArrayList<>();
        for (Track t : catalog.tracks()) {
            if (!t.rocmVersion().equals(plan.rocmVersion()) && CatalogKernelSizes.forTrack(catalog, t).hasKernels(library, a.id())) {
                covering.add(t.id() + " (ROCm " + t.rocmVersion() + ")");
            }
        }
        if (covering.isEmpty()) {
            return "Remove " + a.id() + " from the targets.";
        }
        return "Remove " + a.id() + " from the targets and ship it in the " + String.join(" or ", covering)
                + " package, which has " + library.displayName() + " kernels for it.";
    }

    /**
     * No SDK file can give a target hipBLASLt kernels the SDK does not ship; what can serve it is
     * rocBLAS, when the SDK has rocBLAS kernels for it and hipBLASLt is off (every GEMM then goes
     * through rocBLAS). Empty when rocBLAS has none either.
     */
    private static String rocblasPath(GpuArchitecture a, KernelSizes kernels) {
        if (!kernels.hasKernels(KernelLibrary.ROCBLAS, a.id())) {
            return "";
        }
        return " Or turn hipBLASLt off (-NoHipblasLt): every GEMM then goes through rocBLAS, which has kernels for " + a.id()
                + " in " + kernels.describe() + (a.blocked() ? "; verify every model family on real " + a.family()
                + " hardware before shipping it on the override (allowRdna2)." : ".");
    }

    private static void rdna2(ReleasePlan plan, List<GpuArchitecture> targets, List<Finding> out) {
        List<GpuArchitecture> blocked = targets.stream().filter(GpuArchitecture::blocked).toList();
        for (GpuArchitecture a : blocked) {
            if (plan.allowRdna2()) {
                out.add(Finding.warning(ARCH_RDNA2, a.id() + " (" + a.exampleHardware() + ") is shipped on your override. " + a.blockedReason(),
                        "Verify every model family on real " + a.family() + " hardware before publishing."));
            } else {
                out.add(Finding.error(ARCH_RDNA2, a.id() + " (" + a.exampleHardware() + ") is refused. " + a.blockedReason(),
                        "Remove " + a.id() + " from the targets; override only after verifying the GEMM path on real "
                                + a.family() + " hardware."));
            }
        }
    }

    /**
     * A target whose row names a {@code ggml} change (gfx1152, gfx1153) ships only from a checkout
     * whose vendored ggml has it: ggml otherwise runs another family's code on it and its output
     * is corrupted. An unread checkout is a warning that says so, as build.openmp's is; a header
     * that is missing or lacks the change is an error naming the file and the change.
     */
    private static void ggml(List<GpuArchitecture> targets, PlanFacts facts, List<Finding> out) {
        for (GpuArchitecture a : targets) {
            GgmlRequirement need = a.ggml();
            if (need == null) {
                continue;
            }
            String file = need.file().replace('/', '\\');
            String wanted = GgmlRequirement.archMacro(a.id());
            String fix = "Update the audio.cpp checkout to a version whose vendored ggml includes " + need.change() + " (" + file
                    + " then names " + wanted + " where it defines " + need.macro() + "), or remove " + a.id() + " from the targets.";
            Optional<GgmlFamily> read = facts.ggml().flatMap(list -> list.stream().filter(f -> f.answers(need)).findFirst());
            if (read.isEmpty()) {
                out.add(Finding.warning(ARCH_GGML, "Not checked: the checkout's " + file + " was not read, so whether ggml treats "
                        + a.id() + " (" + a.exampleHardware() + ") as " + a.family() + " is unknown. " + need.reason(),
                        "Choose the audio.cpp checkout so its ggml can be read; " + fix));
            } else if (!read.get().found()) {
                out.add(Finding.error(ARCH_GGML, a.id() + " (" + a.exampleHardware() + ") is refused: the checkout has no " + file
                        + ", so whether its ggml has " + need.change() + " cannot be told. " + need.reason(), fix));
            } else if (!read.get().includes(a.id())) {
                out.add(Finding.error(ARCH_GGML, a.id() + " (" + a.exampleHardware() + ") is refused: the checkout's " + file
                        + " does not name " + wanted + " where it defines " + need.macro() + " (it names "
                        + (read.get().architectures().isEmpty() ? "none" : String.join(", ", read.get().architectures())) + "). "
                        + need.reason(), fix));
            }
        }
    }

    private static void dropRocblas(ReleasePlan plan, List<Finding> out) {
        if (plan.rocblasKernels() != KernelPolicy.DROP) {
            return;
        }
        if (!plan.options().hipblaslt()) {
            out.add(Finding.error(LIBS_DROP_ROCBLAS, "rocBLAS kernels are dropped while hipBLASLt is off: every GEMM goes through rocBLAS"
                    + " and would find no kernels.", "Keep the rocBLAS kernels (policy filtered), or turn hipBLASLt back on."));
            return;
        }
        out.add(Finding.warning(LIBS_DROP_ROCBLAS, "rocBLAS Tensile kernels are dropped (rocblas.dll still ships). With hipBLASLt on they"
                + " should never be used, but this path is not what other HIP packages ship and is untested.",
                "Test every model family on several architectures before publishing, or keep the kernels (policy filtered)."));
    }
}
