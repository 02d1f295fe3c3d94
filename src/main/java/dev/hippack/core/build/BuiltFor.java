package dev.hippack.core.build;

import dev.hippack.core.Version;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a set of binaries was built for: the parts of a plan that change what the compiler and
 * linker produce (the HIP SDK and its ROCm version, the GPU targets, the MSVC toolset, the build
 * switches). The number of jobs and everything about packaging (kernel policy, output folder,
 * archive name) do not; where the binaries are (the build folder) is not part of them either, it
 * is where their {@link BuildRecord} lives.
 *
 * <p>This is the one comparison of "what was built" with "what is to be packaged". A
 * {@link BuildRecord} written beside the binaries holds one ({@link BuildRecord#builtFor()}),
 * {@link BuiltBinariesCheck} judges a build folder with it for {@code stage}, {@code package} and
 * the wizard's Build and Review steps, and the wizard describes its own build with it.
 *
 * @param rocmSdk     the HIP SDK folder (a build-machine path); null when not known yet
 * @param rocmVersion the SDK's ROCm version, e.g. "6.4"
 * @param targets     the GPU targets passed to -GpuTargets
 * @param vsInstance  the Visual Studio installation whose vcvars environment was used (kept for
 *                    the reader; the toolset is what is compared: the same MSVC toolset from
 *                    another installation compiles the same code)
 * @param toolset     the MSVC toolset (-vcvars_ver)
 * @param options     hipBLASLt, VMM, graphs, native CPU, deployment build
 */
public record BuiltFor(String rocmSdk, String rocmVersion, List<String> targets, String vsInstance, String toolset,
        BuildOptions options) {

    public BuiltFor {
        targets = List.copyOf(targets);
        Objects.requireNonNull(options, "options");
    }

    /** What a build of {@code plan} is built for. */
    public static BuiltFor of(ReleasePlan plan) {
        return new BuiltFor(plan.sdk(), plan.rocmVersion(), plan.targets(), plan.vsInstance(), plan.toolset(), plan.options());
    }

    /** How binaries built for this differ from what a plan asks for, one aspect each. */
    public enum Aspect { SDK, ROCM_VERSION, TARGETS_MISSING, TARGETS_EXTRA, TOOLSET, HIPBLASLT, VMM, GRAPHS, NATIVE_CPU, DEPLOYMENT_BUILD }

    /**
     * One way the binaries differ from the plan.
     *
     * @param aspect  what differs
     * @param built   what the binaries were built with, as a user reads it
     * @param planned what the plan asks for
     */
    public record Difference(Aspect aspect, String built, String planned) {

        /** Extra targets only make the executables larger: they still serve every planned one. */
        public boolean harmless() {
            return aspect == Aspect.TARGETS_EXTRA;
        }

        /** "GPU targets: built for gfx1151; the plan also needs gfx1100, gfx1101". */
        public String describe() {
            return switch (aspect) {
                case SDK -> "HIP SDK: built with " + built + ", the plan uses " + planned;
                case ROCM_VERSION -> "ROCm version: built with " + built + ", the plan uses " + planned;
                case TARGETS_MISSING -> "GPU targets: built for " + built + "; the plan also needs " + planned;
                case TARGETS_EXTRA -> "GPU targets: built for " + built + ", more than the plan's (" + planned + ")";
                case TOOLSET -> "MSVC toolset: built with " + built + ", the plan uses " + planned;
                case HIPBLASLT -> "hipBLASLt: built " + built + ", the plan has it " + planned;
                case VMM -> "HIP VMM: built " + built + ", the plan has it " + planned;
                case GRAPHS -> "graphs: built " + built + ", the plan has them " + planned;
                case NATIVE_CPU -> "native CPU: built " + built + ", the plan has it " + planned;
                case DEPLOYMENT_BUILD -> "deployment build: built " + built + ", the plan has it " + planned;
            };
        }
    }

    /**
     * Every way binaries built for this differ from {@code plan}; empty when they are what it asks
     * for. Targets compare as sets (their order does not change the binaries); a plan that names
     * no SDK yet is not compared on it.
     */
    public List<Difference> differences(ReleasePlan plan) {
        List<Difference> out = new ArrayList<>();
        if (plan.sdk() != null && (rocmSdk == null || !samePath(rocmSdk, plan.sdk()))) {
            out.add(new Difference(Aspect.SDK, show(rocmSdk), plan.sdk()));
        }
        if (!Objects.equals(rocmVersion, plan.rocmVersion())) {
            out.add(new Difference(Aspect.ROCM_VERSION, show(rocmVersion), show(plan.rocmVersion())));
        }
        Set<String> built = new LinkedHashSet<>(targets);
        Set<String> planned = new LinkedHashSet<>(plan.targets());
        Set<String> missing = new LinkedHashSet<>(planned);
        missing.removeAll(built);
        Set<String> extra = new LinkedHashSet<>(built);
        extra.removeAll(planned);
        if (!missing.isEmpty()) {
            out.add(new Difference(Aspect.TARGETS_MISSING, String.join(", ", targets), String.join(", ", missing)));
        }
        if (!extra.isEmpty()) {
            out.add(new Difference(Aspect.TARGETS_EXTRA, String.join(", ", targets), String.join(", ", plan.targets())));
        }
        if (!sameToolset(toolset, plan.toolset())) {
            out.add(new Difference(Aspect.TOOLSET, show(toolset), show(plan.toolset())));
        }
        BuildOptions p = plan.options();
        option(out, Aspect.HIPBLASLT, options.hipblaslt(), p.hipblaslt());
        option(out, Aspect.VMM, options.vmm(), p.vmm());
        option(out, Aspect.GRAPHS, options.graphs(), p.graphs());
        option(out, Aspect.NATIVE_CPU, options.nativeCpu(), p.nativeCpu());
        option(out, Aspect.DEPLOYMENT_BUILD, options.deploymentBuild(), p.deploymentBuild());
        return out;
    }

    /** The differences that make these binaries wrong for {@code plan} (all but the harmless ones). */
    public List<Difference> problems(ReleasePlan plan) {
        return differences(plan).stream().filter(d -> !d.harmless()).toList();
    }

    /** True when binaries built for this serve {@code plan}: every planned target, the same SDK, toolset and switches. */
    public boolean serves(ReleasePlan plan) {
        return problems(plan).isEmpty();
    }

    /** In a few words: "ROCm 6.4, gfx1100 and gfx1103, MSVC 14.44, hipBLASLt on". */
    public String describe() {
        String t = targets.size() <= 3 ? String.join(" and ", targets) : targets.size() + " targets";
        return "ROCm " + show(rocmVersion) + ", " + t + ", MSVC " + show(toolset) + ", hipBLASLt " + (options.hipblaslt() ? "on" : "off");
    }

    private static void option(List<Difference> out, Aspect aspect, boolean built, boolean planned) {
        if (built != planned) {
            out.add(new Difference(aspect, built ? "on" : "off", planned ? "on" : "off"));
        }
    }

    /**
     * "14.44" matches a record of "14.44" or "14.44.35207" (vcvars takes the highest 14.44.*), part
     * by part: not "14.4". Text that is no version matches only itself.
     */
    private static boolean sameToolset(String built, String planned) {
        if (built == null || planned == null) {
            return Objects.equals(built, planned);
        }
        Optional<Version> b = Version.tryParse(built);
        Optional<Version> p = Version.tryParse(planned);
        if (b.isEmpty() || p.isEmpty()) {
            return built.equals(planned);
        }
        return b.get().startsWith(p.get()) || p.get().startsWith(b.get());
    }

    /** Windows paths compare case-insensitively, either separator, no trailing one. */
    static boolean samePath(String a, String b) {
        return normalise(a).equals(normalise(b));
    }

    private static String normalise(String p) {
        String s = p.trim().replace('/', '\\').toLowerCase(Locale.ROOT);
        while (s.length() > 3 && s.endsWith("\\")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    private static String show(String v) {
        return v == null ? "none" : v;
    }
}
