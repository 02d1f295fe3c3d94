package dev.hippack.core.plan;

import dev.hippack.core.Version;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.json.JsonOptional;
import java.util.List;
import java.util.Objects;

/**
 * Everything one release is made from, judged by the rules before anything runs. Paths are
 * strings in the build machine's own syntax ({@code C:\Program Files\AMD\ROCm\6.4}); they are
 * resolved through a {@code Host}, so a Windows plan can be checked on any OS. Null means "not
 * chosen yet" for {@code source}, {@code sdk}, {@code vsInstance} and {@code outputDir}.
 *
 * @param project       the project being packaged, "audio.cpp"
 * @param source        the audio.cpp checkout
 * @param track         a catalog track id (rocm6, rocm7) or "custom"
 * @param rocmVersion   the ROCm version the plan builds against, e.g. "6.4" (from the track, or the SDK)
 * @param sdk           the HIP SDK folder
 * @param targets       GPU architectures to build and ship, in order
 * @param vsInstance    the Visual Studio installation path
 * @param toolset       the MSVC toolset passed to vcvarsall, e.g. "14.44"
 * @param buildDir      the build folder relative to {@code source} (or absolute)
 * @param jobs          parallel build jobs; 0 lets the script choose
 * @param binaries      the CMake targets to build, {@code audiocpp_cli} then {@code audiocpp_server}
 * @param allowRdna2    the user overrode the arch.rdna2 rule on purpose
 * @param outputDir     where the staged folder and the zip go
 * @param archiveName   the package name: the staged folder and the zip (without .zip)
 */
public record ReleasePlan(
        String project,
        @JsonOptional String source,
        String track,
        String rocmVersion,
        @JsonOptional String sdk,
        List<String> targets,
        @JsonOptional String vsInstance,
        String toolset,
        String buildDir,
        int jobs,
        List<String> binaries,
        BuildOptions options,
        KernelPolicy rocblasKernels,
        boolean allowRdna2,
        @JsonOptional String outputDir,
        String archiveName) {

    public static final String PROJECT = "audio.cpp";
    public static final String CUSTOM_TRACK = "custom";
    public static final String RECOMMENDED_TOOLSET = "14.44";
    public static final List<String> DEFAULT_BINARIES = List.of("audiocpp_cli", "audiocpp_server");

    public ReleasePlan {
        Objects.requireNonNull(project, "project");
        Objects.requireNonNull(track, "track");
        Objects.requireNonNull(rocmVersion, "rocmVersion");
        targets = List.copyOf(targets);
        Objects.requireNonNull(toolset, "toolset");
        Objects.requireNonNull(buildDir, "buildDir");
        if (jobs < 0) {
            throw new IllegalArgumentException("jobs must be >= 0, not " + jobs);
        }
        binaries = List.copyOf(binaries);
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(rocblasKernels, "rocblasKernels");
        Objects.requireNonNull(archiveName, "archiveName");
    }

    /** A track's plan (docs/distribution-rules.md §2): its targets, build folder, package name and release defaults. */
    public static ReleasePlan forTrack(Track track) {
        return new ReleasePlan(PROJECT, null, track.id(), track.rocmVersion(), null, track.targets(), null,
                RECOMMENDED_TOOLSET, track.buildDir(), 0, DEFAULT_BINARIES, BuildOptions.releaseDefaults(),
                KernelPolicy.FILTERED, false, null, track.packageName());
    }

    /** The ROCm major version, 6 or 7, from {@link #rocmVersion()}. */
    public int generation() {
        return Version.parse(rocmVersion).major();
    }

    public ReleasePlan withSource(String v) { return new ReleasePlan(project, v, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withTrack(String v) { return new ReleasePlan(project, source, v, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withRocmVersion(String v) { return new ReleasePlan(project, source, track, v, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withSdk(String v) { return new ReleasePlan(project, source, track, rocmVersion, v, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withTargets(List<String> v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, v, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withVsInstance(String v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, v, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withToolset(String v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, v, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withBuildDir(String v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, v, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withJobs(int v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, v, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withBinaries(List<String> v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, v, options, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withOptions(BuildOptions v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, v, rocblasKernels, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withRocblasKernels(KernelPolicy v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, v, allowRdna2, outputDir, archiveName); }
    public ReleasePlan withAllowRdna2(boolean v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, v, outputDir, archiveName); }
    public ReleasePlan withOutputDir(String v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, v, archiveName); }
    public ReleasePlan withArchiveName(String v) { return new ReleasePlan(project, source, track, rocmVersion, sdk, targets, vsInstance, toolset, buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, v); }
}
