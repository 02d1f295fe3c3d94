package dev.hippack.core.build;

import com.fasterxml.jackson.annotation.JsonProperty;
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
 * What a build was made with, written by HIP Packager beside the binaries it built
 * ({@code <BuildDir>\bin\hip-packager-build.json}, see {@link BuildRecordStore}). Staging and the
 * wizard compare it with the plan they package for ({@link BuiltBinariesCheck}), so binaries
 * compiled for other targets, another SDK or other switches are never packaged silently.
 *
 * @param format      the record's format, {@value #FORMAT}
 * @param builder     what ran: {@value #SCRIPT} or {@value #STAND_IN}
 * @param builtAt     when the build finished, ISO-8601 UTC
 * @param rocmSdk     the HIP SDK folder (a build-machine path)
 * @param rocmVersion the SDK's ROCm version, e.g. "6.4"
 * @param targets     the GPU targets passed to -GpuTargets
 * @param vsInstance  the Visual Studio installation whose vcvars environment was used
 * @param toolset     the MSVC toolset (-vcvars_ver)
 * @param options     hipBLASLt, VMM, graphs, native CPU, deployment build
 * @param binaries    the executables as built: file name, size and SHA-256
 */
public record BuildRecord(
        @JsonProperty(required = true) int format,
        @JsonProperty(required = true) String builder,
        @JsonProperty(required = true) String builtAt,
        @JsonProperty(required = true) String rocmSdk,
        @JsonProperty(required = true) String rocmVersion,
        @JsonProperty(required = true) List<String> targets,
        String vsInstance,
        @JsonProperty(required = true) String toolset,
        @JsonProperty(required = true) BuildOptions options,
        @JsonProperty(required = true) List<BuiltBinary> binaries) {

    public static final int FORMAT = 1;
    public static final String SCRIPT = "build_windows_hip.ps1";
    public static final String STAND_IN = "stand-in";

    /**
     * One executable as the build left it. {@code lastModified} (milliseconds since the epoch)
     * lets a check skip hashing a file whose size and time are unchanged, as make and rsync do;
     * a file with another time is hashed, so a touched but identical file still matches.
     */
    public record BuiltBinary(
            @JsonProperty(required = true) String file,
            @JsonProperty(required = true) long bytes,
            @JsonProperty(required = true) long lastModified,
            @JsonProperty(required = true) String sha256) {

        public BuiltBinary {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(sha256, "sha256");
        }
    }

    public BuildRecord {
        Objects.requireNonNull(builder, "builder");
        Objects.requireNonNull(builtAt, "builtAt");
        Objects.requireNonNull(rocmSdk, "rocmSdk");
        Objects.requireNonNull(rocmVersion, "rocmVersion");
        targets = List.copyOf(targets);
        Objects.requireNonNull(toolset, "toolset");
        Objects.requireNonNull(options, "options");
        binaries = List.copyOf(binaries);
    }

    /** The record of a build of {@code plan}. */
    public static BuildRecord of(ReleasePlan plan, boolean standIn, String builtAt, List<BuiltBinary> binaries) {
        return new BuildRecord(FORMAT, standIn ? STAND_IN : SCRIPT, builtAt, plan.sdk(), plan.rocmVersion(), plan.targets(),
                plan.vsInstance(), plan.toolset(), plan.options(), binaries);
    }

    /** How the record and a plan differ, one aspect each. */
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

        /** "targets: built for gfx1151, the plan needs gfx1100, gfx1101 as well". */
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

    /** Every way these binaries differ from {@code plan}; empty when they are what it asks for. */
    public List<Difference> differences(ReleasePlan plan) {
        List<Difference> out = new ArrayList<>();
        if (plan.sdk() != null && !samePath(rocmSdk, plan.sdk())) {
            out.add(new Difference(Aspect.SDK, rocmSdk, plan.sdk()));
        }
        if (!rocmVersion.equals(plan.rocmVersion())) {
            out.add(new Difference(Aspect.ROCM_VERSION, rocmVersion, plan.rocmVersion()));
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
            out.add(new Difference(Aspect.TOOLSET, toolset, plan.toolset()));
        }
        BuildOptions p = plan.options();
        option(out, Aspect.HIPBLASLT, options.hipblaslt(), p.hipblaslt());
        option(out, Aspect.VMM, options.vmm(), p.vmm());
        option(out, Aspect.GRAPHS, options.graphs(), p.graphs());
        option(out, Aspect.NATIVE_CPU, options.nativeCpu(), p.nativeCpu());
        option(out, Aspect.DEPLOYMENT_BUILD, options.deploymentBuild(), p.deploymentBuild());
        return out;
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
}
