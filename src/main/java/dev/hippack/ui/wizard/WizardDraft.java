package dev.hippack.ui.wizard;

import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.host.Host;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the steps have chosen so far, field by field and typed (never a map of strings). Each
 * step writes its part when it is left; {@link #toPlan()} turns the whole into the immutable
 * {@link ReleasePlan} the engine judges, builds, stages and zips.
 */
public final class WizardDraft {

    private String source;
    private String track;
    private String rocmVersion;
    private String sdk;
    private List<String> targets = List.of();
    private String vsInstance;
    private String toolset = ReleasePlan.RECOMMENDED_TOOLSET;
    private String buildDir;
    private int jobs;
    private List<String> binaries = ReleasePlan.DEFAULT_BINARIES;
    private BuildOptions options = BuildOptions.releaseDefaults();
    private KernelPolicy rocblasKernels = KernelPolicy.FILTERED;
    private boolean allowRdna2;
    private String outputDir;
    private String archiveName;
    private boolean useExistingBinaries;
    private List<String> localGpus = List.of();
    private Map<String, String> sdkByVersion = Map.of();
    private Map<String, KernelSizes> kernelsByVersion = Map.of();
    private PlanFacts facts = PlanFacts.unknown();
    private Path stagedDir;
    private boolean sampleMachine;
    private Host host;
    private MachineReport report;
    private long estimatedBytes = -1;
    private long estimatedZipLow = -1;
    private long estimatedZipHigh = -1;
    private List<PackageChoice> packages = List.of();
    private Map<String, BuildRecord> lastBuilds = Map.of();

    /**
     * One package of a release of several ("all tracks" on the Track step): the catalog track it
     * is on, the ticked architectures that track can ship, its own build folder and package name,
     * and its estimate (-1 when none). The options common to every package stay in the draft.
     */
    public record PackageChoice(String track, String rocmVersion, List<String> targets, String buildDir, String archiveName,
                                long estimatedBytes, long estimatedZipLow, long estimatedZipHigh) {
        public PackageChoice {
            Objects.requireNonNull(track, "track");
            Objects.requireNonNull(rocmVersion, "rocmVersion");
            targets = List.copyOf(targets);
        }
    }

    /** Starts the draft from a track's release plan ({@link ReleasePlan#forTrack}; docs/distribution-rules.md §2). */
    public static WizardDraft forTrack(Track t) {
        WizardDraft d = new WizardDraft();
        d.applyTrack(t);
        return d;
    }

    /** Takes a track's ROCm version, targets, build folder and package name. */
    public void applyTrack(Track t) {
        track = t.id();
        rocmVersion = t.rocmVersion();
        targets = List.copyOf(t.targets());
        buildDir = t.buildDir();
        archiveName = t.packageName();
    }

    /** The plan so far. Fails only if no track was chosen, which the first steps prevent. */
    public ReleasePlan toPlan() {
        Objects.requireNonNull(track, "no track chosen yet");
        return new ReleasePlan(ReleasePlan.PROJECT, source, track, rocmVersion, sdk, targets, vsInstance, toolset,
                buildDir, jobs, binaries, options, rocblasKernels, allowRdna2, outputDir, archiveName);
    }

    /**
     * The packages the wizard makes: the one plan of {@link #toPlan()}, or one plan per
     * {@link PackageChoice} with the draft's common options and each package's own track, ROCm
     * version, targets, build folder, package name and SDK.
     */
    public List<ReleasePlan> plans() {
        if (packages.isEmpty()) {
            return List.of(toPlan());
        }
        ReleasePlan common = toPlan();
        return packages.stream().map(p -> common.withTrack(p.track()).withRocmVersion(p.rocmVersion()).withTargets(p.targets())
                .withBuildDir(p.buildDir()).withArchiveName(p.archiveName()).withSdk(sdkByVersion.get(p.rocmVersion()))).toList();
    }

    /** {@link #plans()} as the release the engine cuts. */
    public Release toRelease() {
        return new Release(plans());
    }

    /** True when the wizard makes several packages (a release profile of {@code {"packages": [...]}}). */
    public boolean severalPackages() {
        return packages.size() > 1;
    }

    /** The packages of a release of several; empty for the one package of {@link #toPlan()}. */
    public List<PackageChoice> packages() { return packages; }
    public void packages(List<PackageChoice> v) { packages = List.copyOf(v); }

    /**
     * The records the Build step's builds of this session wrote, by package name, for the packages
     * they serve as the plan now is (one for a single track); a new build is a new record, so
     * Review restages.
     */
    public Map<String, BuildRecord> lastBuilds() { return lastBuilds; }
    public void lastBuilds(Map<String, BuildRecord> v) { lastBuilds = Collections.unmodifiableMap(new LinkedHashMap<>(v)); }

    /** Copies every field of a loaded plan (a release profile) into the draft. */
    public void load(ReleasePlan p) {
        source = p.source();
        track = p.track();
        rocmVersion = p.rocmVersion();
        sdk = p.sdk();
        targets = p.targets();
        vsInstance = p.vsInstance();
        toolset = p.toolset();
        buildDir = p.buildDir();
        jobs = p.jobs();
        binaries = p.binaries();
        options = p.options();
        rocblasKernels = p.rocblasKernels();
        allowRdna2 = p.allowRdna2();
        outputDir = p.outputDir();
        archiveName = p.archiveName();
    }

    public String source() { return source; }
    public void source(String v) { source = v; }
    public String track() { return track; }
    public void track(String v) { track = v; }
    public String rocmVersion() { return rocmVersion; }
    public void rocmVersion(String v) { rocmVersion = v; }
    public String sdk() { return sdk; }
    public void sdk(String v) { sdk = v; }
    public List<String> targets() { return targets; }
    public void targets(List<String> v) { targets = List.copyOf(new ArrayList<>(v)); }
    public String vsInstance() { return vsInstance; }
    public void vsInstance(String v) { vsInstance = v; }
    public String toolset() { return toolset; }
    public void toolset(String v) { toolset = v; }
    public String buildDir() { return buildDir; }
    public void buildDir(String v) { buildDir = v; }
    public int jobs() { return jobs; }
    public void jobs(int v) { jobs = v; }
    public List<String> binaries() { return binaries; }
    public void binaries(List<String> v) { binaries = List.copyOf(v); }
    public BuildOptions options() { return options; }
    public void options(BuildOptions v) { options = Objects.requireNonNull(v); }
    public KernelPolicy rocblasKernels() { return rocblasKernels; }
    public void rocblasKernels(KernelPolicy v) { rocblasKernels = Objects.requireNonNull(v); }
    public boolean allowRdna2() { return allowRdna2; }
    public void allowRdna2(boolean v) { allowRdna2 = v; }
    public String outputDir() { return outputDir; }
    public void outputDir(String v) { outputDir = v; }
    public String archiveName() { return archiveName; }
    public void archiveName(String v) { archiveName = v; }
    public boolean useExistingBinaries() { return useExistingBinaries; }
    public void useExistingBinaries(boolean v) { useExistingBinaries = v; }
    /** The gfx ids of the GPUs in this machine, as detected (pre-ticked in the matrix). */
    public List<String> localGpus() { return localGpus; }
    public void localGpus(List<String> v) { localGpus = List.copyOf(v); }
    /** Detected HIP SDK folders by ROCm version ("6.4" to its build-machine path). */
    public Map<String, String> sdkByVersion() { return sdkByVersion; }
    public void sdkByVersion(Map<String, String> v) { sdkByVersion = Map.copyOf(v); }
    /** Scanned kernel libraries by ROCm version: measured sizes replace the catalog's for that version. */
    public Map<String, KernelSizes> kernelsByVersion() { return kernelsByVersion; }
    public void kernelsByVersion(Map<String, KernelSizes> v) { kernelsByVersion = Map.copyOf(v); }
    /** What detection found about the machine (build script, toolsets), without kernel sizes. */
    public PlanFacts facts() { return facts; }
    public void facts(PlanFacts v) { facts = Objects.requireNonNull(v); }

    /** The staged package folder on this machine (set by the review step), or null. */
    public Path stagedDir() { return stagedDir; }
    public void stagedDir(Path v) { stagedDir = v; }
    /** True when the machine is the generated sample (--demo): its files are placeholders of real sizes. */
    public boolean sampleMachine() { return sampleMachine; }
    public void sampleMachine(boolean v) { sampleMachine = v; }
    /** The track step's estimate of the package (unpacked) and its zip range; -1 when none. */
    public long estimatedBytes() { return estimatedBytes; }
    public long estimatedZipLow() { return estimatedZipLow; }
    public long estimatedZipHigh() { return estimatedZipHigh; }
    public void estimate(long bytes, long zipLow, long zipHigh) {
        estimatedBytes = bytes;
        estimatedZipLow = zipLow;
        estimatedZipHigh = zipHigh;
    }

    /** The build machine (this one, a described one, or the sample), once the environment step has it. */
    public Host host() { return host; }
    public void host(Host v) { host = v; }
    /** What detection found, or null before it ran. */
    public MachineReport report() { return report; }
    public void report(MachineReport v) { report = v; }

    /** The facts to judge and estimate {@code plan} with: the machine's, plus the scanned SDK of its ROCm version. */
    public PlanFacts factsFor(ReleasePlan plan) {
        if (report != null) {
            return report.planFacts(plan);
        }
        KernelSizes k = kernelsByVersion.get(plan.rocmVersion());
        return k == null ? new PlanFacts(Optional.empty(), facts.buildScript(), facts.installedToolsets(), facts.ggml(), List.of()) : facts.withKernels(k);
    }
}
