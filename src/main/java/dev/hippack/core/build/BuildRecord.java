package dev.hippack.core.build;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.ReleasePlan;
import java.util.List;
import java.util.Objects;

/**
 * What a build was made with, written by HIP Packager beside the binaries it built
 * ({@code <BuildDir>\bin\hip-packager-build.json}, see {@link BuildRecordStore}): what they were
 * built for ({@link #builtFor()}, the fields from {@code rocmSdk} to {@code options}, kept flat in
 * the file) plus who built them, when, and each executable's size and hash. Staging and the wizard
 * compare it with the plan they package for ({@link BuiltBinariesCheck}), so binaries compiled for
 * other targets, another SDK or other switches are never packaged silently.
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
 * @param audiocppVersion the checkout's {@code git describe} when it was built; null when unknown
 *                        (no git, not a clone, or a record of an older HIP Packager)
 * @param audiocppCommit  the commit the checkout's HEAD named when it was built; null when unknown
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
        @JsonProperty(required = true) List<BuiltBinary> binaries,
        String audiocppVersion,
        String audiocppCommit) {

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
                plan.vsInstance(), plan.toolset(), plan.options(), binaries, null, null);
    }

    /** This record with the audio.cpp version and commit the binaries were built from. */
    public BuildRecord withSource(String version, String commit) {
        return new BuildRecord(format, builder, builtAt, rocmSdk, rocmVersion, targets, vsInstance, toolset, options, binaries,
                version, commit);
    }

    /** What these binaries were built for: the part of the record compared with a plan. */
    @JsonIgnore
    public BuiltFor builtFor() {
        return new BuiltFor(rocmSdk, rocmVersion, targets, vsInstance, toolset, options);
    }

    /** Every way these binaries differ from {@code plan}; empty when they are what it asks for ({@link BuiltFor#differences}). */
    public List<BuiltFor.Difference> differences(ReleasePlan plan) {
        return builtFor().differences(plan);
    }
}
