package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Checks that a finished build was configured the way the plan asks (rules build.* of
 * docs/design.md §5; why, docs/distribution-rules.md §4.4, §4.5 and §7): CPU portability, the
 * deployment build, no OpenMP, the hipBLASLt / VMM / graphs switches, the GPU targets, and
 * compilers from the plan's SDK. It reads what CMake actually
 * used, so a stale cache entry or a hand-run cmake is caught after the fact.
 */
public final class BuildFlagCheck {

    public static final String BUILD_TARGETS = "build.targets";
    public static final String BUILD_COMPILER = "build.compiler";

    /**
     * The findings for the build folder (or its {@code CMakeCache.txt}); empty when the build
     * matches the plan. Throws when the cache cannot be read at all.
     */
    public List<Finding> check(Path buildDir, ReleasePlan plan) throws PackagerException {
        return check(CMakeCache.read(buildDir), plan);
    }

    public List<Finding> check(CMakeCache cache, ReleasePlan plan) {
        List<Finding> findings = new ArrayList<>();
        String file = cache.file().toString();
        BuildOptions o = plan.options();

        expect(findings, cache, PlanRules.BUILD_NATIVE_CPU, "ENGINE_ENABLE_NATIVE_CPU", o.nativeCpu(),
                "the CPU backend is compiled for the build machine's own instruction set and can crash with an "
                        + "illegal instruction on older CPUs",
                "Rebuild with -NoNativeCpu (-DENGINE_ENABLE_NATIVE_CPU=OFF).");
        expect(findings, cache, PlanRules.BUILD_DEPLOYMENT, "AUDIOCPP_DEPLOYMENT_BUILD", o.deploymentBuild(),
                "the model specs are not compiled into the binaries, so users get \"model spec not found for family\"",
                "Rebuild with -DeploymentBuild (-DAUDIOCPP_DEPLOYMENT_BUILD=ON).");
        expect(findings, cache, PlanRules.BUILD_OPENMP, "GGML_OPENMP", false,
                "ggml links an OpenMP runtime, which adds a libomp140.x86_64.dll dependency that may not be shipped",
                "Rebuild with -DGGML_OPENMP=OFF (the build script passes it; delete a stale CMakeCache.txt).");
        expect(findings, cache, PlanRules.BUILD_OPENMP, "ENGINE_ENABLE_OPENMP", false,
                "the engine is built with OpenMP, which adds an OpenMP runtime DLL dependency",
                "Rebuild with -DENGINE_ENABLE_OPENMP=OFF.");
        expect(findings, cache, PlanRules.BUILD_DEFAULTS, "GGML_HIP_HIPBLASLT", o.hipblaslt(),
                "GEMM does not go through the path the plan chose (hipBLASLt is the only one covering gfx1103)",
                o.hipblaslt() ? "Rebuild without -NoHipblasLt." : "Rebuild with -NoHipblasLt, as the plan asks.");
        expect(findings, cache, PlanRules.BUILD_DEFAULTS, "GGML_HIP_NO_VMM", !o.vmm(),
                "the HIP virtual-memory pool setting differs from the plan (VMM must stay off for Windows iGPUs)",
                o.vmm() ? "Rebuild with -WithVmm, as the plan asks." : "Rebuild without -WithVmm (-DGGML_HIP_NO_VMM=ON).");
        // audio.cpp forces GGML_HIP_GRAPHS from ENGINE_ENABLE_CUDA_GRAPHS; either one tells.
        boolean graphsKnown = cache.get("GGML_HIP_GRAPHS").isPresent() || cache.get("ENGINE_ENABLE_CUDA_GRAPHS").isPresent();
        String graphsFix = o.graphs() ? "Rebuild with -Graphs, as the plan asks." : "Rebuild without -Graphs (-DENGINE_ENABLE_CUDA_GRAPHS=OFF).";
        String graphsWhy = "HIP graphs differ from the plan (each cached graph reserves VRAM; iGPUs run out of memory)";
        if (graphsKnown) {
            for (String name : List.of("ENGINE_ENABLE_CUDA_GRAPHS", "GGML_HIP_GRAPHS")) {
                if (cache.get(name).isPresent()) {
                    expect(findings, cache, PlanRules.BUILD_DEFAULTS, name, o.graphs(), graphsWhy, graphsFix);
                }
            }
        } else {
            findings.add(notChecked(PlanRules.BUILD_DEFAULTS, "GGML_HIP_GRAPHS / ENGINE_ENABLE_CUDA_GRAPHS", file));
        }

        checkTargets(findings, cache, plan, file);
        checkCompilers(findings, cache, plan, file);
        return List.copyOf(findings);
    }

    private static void expect(List<Finding> findings, CMakeCache cache, String id, String name, boolean wanted,
                               String why, String fix) {
        Optional<String> raw = cache.get(name);
        String file = cache.file().toString();
        if (raw.isEmpty()) {
            findings.add(notChecked(id, name, file));
            return;
        }
        boolean actual = CMakeCache.truthy(raw.get());
        if (actual != wanted) {
            findings.add(new Finding(id, Severity.ERROR,
                    name + " is " + raw.get() + " but the plan needs " + (wanted ? "ON" : "OFF") + ": " + why + ".",
                    fix, file));
        }
    }

    private static Finding notChecked(String id, String name, String file) {
        return new Finding(id, Severity.WARNING,
                name + " is not in the CMake cache, so this check could not run (is this an audio.cpp HIP build folder?).",
                "Configure the build with scripts\\build_windows_hip.ps1 and check again.", file);
    }

    private static void checkTargets(List<Finding> findings, CMakeCache cache, ReleasePlan plan, String file) {
        Optional<String> raw = cache.get("GPU_TARGETS");
        if (raw.isEmpty()) {
            findings.add(notChecked(BUILD_TARGETS, "GPU_TARGETS", file));
            return;
        }
        Set<String> built = new LinkedHashSet<>();
        Arrays.stream(raw.get().split("[;,\\s]+")).map(String::trim).filter(s -> !s.isEmpty()).forEach(built::add);
        Set<String> planned = new LinkedHashSet<>(plan.targets());
        if (built.equals(planned)) {
            return;
        }
        Set<String> missing = new LinkedHashSet<>(planned);
        missing.removeAll(built);
        Set<String> extra = new LinkedHashSet<>(built);
        extra.removeAll(planned);
        if (!missing.isEmpty()) {
            StringBuilder what = new StringBuilder("GPU_TARGETS is \"" + raw.get() + "\", not the plan's targets; missing ")
                    .append(String.join(", ", missing)).append(" (the executables hold no GPU code for them, so those GPUs"
                            + " fail with \"invalid device function\")");
            if (!extra.isEmpty()) {
                what.append("; not planned ").append(String.join(", ", extra));
            }
            findings.add(new Finding(BUILD_TARGETS, Severity.ERROR, what + ".",
                    "Rebuild with -GpuTargets \"" + String.join(";", plan.targets()) + "\".", file));
        } else {
            // A build for more GPUs serves every planned one; it only carries code nobody uses.
            findings.add(new Finding(BUILD_TARGETS, Severity.WARNING, "GPU_TARGETS is \"" + raw.get() + "\": the binaries are"
                    + " built for more GPUs than the plan ships (" + String.join(", ", extra) + " too). They serve every planned"
                    + " target; the extra code only makes the executables larger.",
                    "Rebuild with -GpuTargets \"" + String.join(";", plan.targets()) + "\" for smaller executables, or keep them.", file));
        }
    }

    private static void checkCompilers(List<Finding> findings, CMakeCache cache, ReleasePlan plan, String file) {
        if (plan.sdk() == null || plan.sdk().isBlank()) {
            findings.add(new Finding(BUILD_COMPILER, Severity.WARNING,
                    "The plan names no HIP SDK, so the compilers' origin could not be checked.",
                    "Choose the SDK in the plan.", file));
            return;
        }
        String sdk = windowsPath(plan.sdk());
        for (String name : List.of("CMAKE_C_COMPILER", "CMAKE_CXX_COMPILER")) {
            Optional<String> raw = cache.get(name);
            if (raw.isEmpty() || raw.get().isBlank()) {
                findings.add(notChecked(BUILD_COMPILER, name, file));
                continue;
            }
            String compiler = windowsPath(raw.get());
            if (!compiler.startsWith(sdk + "\\")) {
                findings.add(new Finding(BUILD_COMPILER, Severity.ERROR,
                        name + " is " + raw.get() + ", outside the plan's SDK " + plan.sdk()
                                + ": the binaries would be compiled by another clang than the ROCm libraries they ship with.",
                        "Rebuild with -RocmPath \"" + plan.sdk() + "\" from a fresh build folder (delete CMakeCache.txt).",
                        file));
            }
        }
    }

    /** A path compared the way Windows does: backslashes, no trailing separator, case-insensitive. */
    static String windowsPath(String p) {
        String s = p.trim().replace('/', '\\').toLowerCase(Locale.ROOT);
        while (s.endsWith("\\")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }
}
