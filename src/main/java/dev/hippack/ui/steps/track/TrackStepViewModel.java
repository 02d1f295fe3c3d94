package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelLibrarySizes;
import dev.hippack.core.catalog.KernelSize;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.ui.common.Remedy;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.steps.PlanJudge;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Step 2. A preset (one per catalog track) sets the ROCm version and the track's targets;
 * ticking a row by hand makes the track "custom" on the same ROCm version. Every change
 * re-judges the plan and re-estimates its size at once (both are in-memory and far below a
 * frame), for the chosen track and, for the comparison, for the same selection on every catalog
 * track. Nothing here names a track: the tracks, their coverage and their sizes are the catalog's.
 * {@link #ALL_TRACKS} makes one package per catalog track from the same ticks ({@link #packagePlans()}).
 */
public final class TrackStepViewModel extends AbstractStepViewModel {

    /**
     * The preset that makes one package per track of the catalog (a release of several): each
     * ships the ticked architectures its own ROCm has kernels for, in its own build folder.
     */
    public static final String ALL_TRACKS = "all-tracks";

    private final Catalog catalog;
    private final BreakdownEstimator estimator;
    private final PlanJudge judge;
    private final ObjectProperty<String> preset = new SimpleObjectProperty<>(this, "preset");
    private final ObjectProperty<Track> baseTrack = new SimpleObjectProperty<>(this, "baseTrack");
    private final ObjectProperty<KernelPolicy> kernelPolicy = new SimpleObjectProperty<>(this, "kernelPolicy", KernelPolicy.FILTERED);
    private final BooleanProperty allowRdna2 = new SimpleBooleanProperty(this, "allowRdna2");
    private final BooleanProperty hipblaslt = new SimpleBooleanProperty(this, "hipblaslt", true);
    private final ObservableList<ArchitectureRow> rows = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<SizeBreakdown> estimate = new ReadOnlyObjectWrapper<>(this, "estimate");
    private final ReadOnlyObjectWrapper<List<TrackComparison>> comparison = new ReadOnlyObjectWrapper<>(this, "comparison", List.of());
    private final ReadOnlyStringWrapper estimateProblem = new ReadOnlyStringWrapper(this, "estimateProblem", "");
    private final ReadOnlyStringWrapper sdkDescription = new ReadOnlyStringWrapper(this, "sdkDescription", "");
    private final ReadOnlyStringWrapper policyWarning = new ReadOnlyStringWrapper(this, "policyWarning", "");
    private final ReadOnlyStringWrapper hardwareCaveat = new ReadOnlyStringWrapper(this, "hardwareCaveat", "");
    private final ReadOnlyStringWrapper lastChange = new ReadOnlyStringWrapper(this, "lastChange", "");
    private final ReadOnlyStringWrapper tickNotice = new ReadOnlyStringWrapper(this, "tickNotice", "");
    private final ReadOnlyIntegerWrapper selectedCount = new ReadOnlyIntegerWrapper(this, "selectedCount");
    private WizardDraft draft = new WizardDraft();
    private boolean updating;
    /** What the next refresh's size change is caused by ("gfx1100 unticked"); null when nothing the user did. */
    private String pendingCause;

    /**
     * @param estimator the engine's estimator, or null while it is not available (the step says so)
     * @param judge     the plan rules, or null while they are not available
     */
    public TrackStepViewModel(Catalog catalog, BreakdownEstimator estimator, PlanJudge judge) {
        this.catalog = catalog;
        this.estimator = estimator;
        this.judge = judge;
        for (GpuArchitecture a : catalog.architectures()) {
            Map<String, Boolean> coverage = new LinkedHashMap<>();
            for (Track t : catalog.tracks()) {
                coverage.put(t.id(), covered(a, t.id()));
            }
            ArchitectureRow row = new ArchitectureRow(a, coverage);
            row.selectedProperty().addListener((o, was, now) -> {
                if (!updating) {
                    // Ticks that leave a preset make it "custom"; ticks that come back to it make it the preset again.
                    // With every track, the ticks are the release's: each package takes those its track can ship.
                    boolean presetTargets = selectedIds().equals(baseTrack.get().targets());
                    if (!allTracks() && isPreset(preset.get()) != presetTargets) {
                        updating = true;
                        preset.set(presetTargets ? baseTrack.get().id() : ReleasePlan.CUSTOM_TRACK);
                        updating = false;
                    }
                    if (pendingCause == null) {
                        pendingCause = a.id() + (now ? " ticked" : " unticked");
                    }
                    refresh();
                }
            });
            rows.add(row);
        }
        Track first = catalog.tracks().get(0);
        baseTrack.set(first);
        preset.set(first.id());
        preset.addListener((o, was, now) -> {
            if (!updating && now != null) {
                pendingCause = ALL_TRACKS.equals(now) ? "all tracks"
                        : catalog.track(now).map(t -> "the " + t.id() + " preset").orElse(null);
                applyPreset(now);
            }
        });
        baseTrack.addListener((o, was, now) -> {
            if (!updating && now != null) {
                pendingCause = "ROCm " + now.rocmVersion();
                refresh();
            }
        });
        kernelPolicy.addListener((o, was, now) -> {
            pendingCause = now == KernelPolicy.DROP ? "rocBLAS kernels dropped" : "rocBLAS kernels filtered";
            refresh();
        });
        allowRdna2.addListener((o, was, now) -> refresh());
        hipblaslt.addListener((o, was, now) -> {
            pendingCause = "hipBLASLt " + (now ? "on" : "off");
            refresh();
        });
        refresh();
    }

    @Override
    public StepId id() {
        return StepId.TRACK;
    }

    @Override
    public void enter(WizardDraft d) {
        this.draft = d;
        updating = true;
        try {
            String t = d.track() == null ? catalog.tracks().get(0).id() : d.track();
            Track base = catalog.track(t).orElseGet(() -> trackForVersion(d.rocmVersion()).orElse(catalog.tracks().get(0)));
            baseTrack.set(base);
            boolean all = !d.packages().isEmpty();
            preset.set(all ? ALL_TRACKS : isPreset(t) ? t : ReleasePlan.CUSTOM_TRACK);
            kernelPolicy.set(d.rocblasKernels());
            allowRdna2.set(d.allowRdna2());
            hipblaslt.set(d.options().hipblaslt());
            List<String> targets = new ArrayList<>(d.track() == null ? base.targets() : all
                    ? d.packages().stream().flatMap(p -> p.targets().stream()).distinct().toList() : d.targets());
            for (String gpu : d.localGpus()) {
                if (!targets.contains(gpu) && catalog.architecture(gpu).map(a -> !a.blocked()).orElse(false)) {
                    targets.add(gpu);
                }
            }
            for (ArchitectureRow r : rows) {
                r.local(d.localGpus().contains(r.id()));
                r.selectedProperty().set(targets.contains(r.id()));
            }
            if (isPreset(preset.get()) && !selectedIds().equals(base.targets())) {
                preset.set(ReleasePlan.CUSTOM_TRACK);
            }
        } finally {
            updating = false;
        }
        pendingCause = null;
        lastChange.set("");
        tickNotice.set("");
        refresh();
    }

    @Override
    public void leave(WizardDraft d) {
        if (allTracks()) {
            leaveAllTracks(d);
            return;
        }
        d.packages(List.of());
        Track base = baseTrack.get();
        boolean trackChanged = d.track() == null || !d.rocmVersion().equals(base.rocmVersion());
        d.track(preset.get());
        d.rocmVersion(base.rocmVersion());
        d.targets(selectedIds());
        d.rocblasKernels(kernelPolicy.get());
        d.allowRdna2(allowRdna2.get());
        d.options(d.options().withHipblaslt(hipblaslt.get()));
        if (trackChanged || d.buildDir() == null) {
            d.buildDir(base.buildDir());
            d.archiveName(base.packageName());
        }
        SizeBreakdown e = estimate.get();
        if (e != null) {
            d.estimate(e.totalBytes(), e.zipLowBytes(), e.zipHighBytes());
        }
        d.sdk(d.sdkByVersion().getOrDefault(base.rocmVersion(), d.sdk() != null && trackChanged ? null : d.sdk()));
    }

    /**
     * Every track: the draft gets one package per catalog track, and its single-package fields
     * take the first package's, so that Back and a single track start from there.
     */
    private void leaveAllTracks(WizardDraft d) {
        List<ReleasePlan> plans = packagePlans();
        Map<String, SizeBreakdown> sizes = new LinkedHashMap<>();
        comparison.get().forEach(c -> sizes.put(c.track().id(), c.estimate()));
        List<WizardDraft.PackageChoice> choices = new ArrayList<>();
        for (ReleasePlan p : plans) {
            SizeBreakdown e = sizes.get(p.track());
            choices.add(new WizardDraft.PackageChoice(p.track(), p.rocmVersion(), p.targets(), p.buildDir(), p.archiveName(),
                    e == null ? -1 : e.totalBytes(), e == null ? -1 : e.zipLowBytes(), e == null ? -1 : e.zipHighBytes()));
        }
        ReleasePlan first = plans.get(0);
        d.packages(choices);
        d.track(first.track());
        d.rocmVersion(first.rocmVersion());
        d.targets(first.targets());
        d.buildDir(first.buildDir());
        d.archiveName(first.archiveName());
        d.sdk(first.sdk());
        d.rocblasKernels(kernelPolicy.get());
        d.allowRdna2(allowRdna2.get());
        d.options(d.options().withHipblaslt(hipblaslt.get()));
        SizeBreakdown e = estimate.get();
        if (e != null) {
            d.estimate(e.totalBytes(), e.zipLowBytes(), e.zipHighBytes());
        }
    }

    /** True when the preset is {@link #ALL_TRACKS}: one package per catalog track. */
    public boolean allTracks() {
        return ALL_TRACKS.equals(preset.get());
    }

    /**
     * The packages as they stand: with {@link #ALL_TRACKS}, one plan per catalog track, each with
     * the ticked architectures that track can ship, its build folder and package name; otherwise
     * the one {@link #plan()}.
     */
    public List<ReleasePlan> packagePlans() {
        if (!allTracks()) {
            return List.of(plan());
        }
        ReleasePlan common = plan();
        List<ReleasePlan> plans = new ArrayList<>();
        for (Track t : catalog.tracks()) {
            List<String> shipped = rows.stream()
                    .filter(r -> r.isSelected() && blockedReason(r.architecture(), t).isEmpty())
                    .map(ArchitectureRow::id).toList();
            plans.add(common.withTrack(t.id()).withRocmVersion(t.rocmVersion()).withTargets(shipped).withBuildDir(t.buildDir())
                    .withArchiveName(t.packageName()).withSdk(draft.sdkByVersion().get(t.rocmVersion())));
        }
        return plans;
    }

    /**
     * Ticks or unticks a row as a click on its box does. A row that cannot ship on the chosen
     * track is not ticked: {@link #tickNoticeProperty()} then says why, in full.
     *
     * @return whether the row changed
     */
    public boolean toggle(ArchitectureRow row) {
        if (!row.isSelected() && row.isBlocked()) {
            tickNotice.set(row.id() + " (" + row.exampleHardware() + ") cannot be shipped on "
                    + (allTracks() ? "any track of the catalog" : "ROCm " + baseTrack.get().rocmVersion()) + ": "
                    + row.blockedReasonProperty().get());
            return false;
        }
        tickNotice.set("");
        row.selectedProperty().set(!row.isSelected());
        return true;
    }

    /** Ticks exactly the preset's targets; "custom" keeps the ticks as they are. */
    private void applyPreset(String id) {
        tickNotice.set("");
        if (!isPreset(id) && !ALL_TRACKS.equals(id)) {
            refresh();
            return;
        }
        if (ALL_TRACKS.equals(id)) {
            // Every track's own targets: a package per track then ships exactly its track's list.
            List<String> union = catalog.tracks().stream().flatMap(t -> t.targets().stream()).distinct().toList();
            updating = true;
            try {
                for (ArchitectureRow r : rows) {
                    r.selectedProperty().set(union.contains(r.id()));
                }
            } finally {
                updating = false;
            }
            refresh();
            return;
        }
        Track t = catalog.track(id).orElseThrow();
        updating = true;
        try {
            baseTrack.set(t);
            for (ArchitectureRow r : rows) {
                r.selectedProperty().set(t.targets().contains(r.id()));
            }
        } finally {
            updating = false;
        }
        refresh();
    }

    private void refresh() {
        Track base = baseTrack.get();
        // One track: its sizes. All tracks: what ticking the row adds to the release, summed over the
        // packages that ship it (gfx1102 counts only in the track whose hipBLASLt has its kernels).
        List<Track> shown = allTracks() ? catalog.tracks() : List.of(base);
        for (ArchitectureRow r : rows) {
            double rocblas = 0;
            double hipblaslt = 0;
            boolean derived = false;
            for (Track t : shown) {
                if (allTracks() && !blockedReason(r.architecture(), t).isEmpty()) {
                    continue;
                }
                KernelSize rb = size(t.id(), KernelLibrary.ROCBLAS, r.id());
                KernelSize lt = size(t.id(), KernelLibrary.HIPBLASLT, r.id());
                rocblas += rb == null ? 0 : rb.mib();
                hipblaslt += lt == null ? 0 : lt.mib();
                derived |= (rb != null && rb.derived()) || (lt != null && lt.derived());
            }
            r.sizes(rocblas, hipblaslt, derived);
            r.blockedReason(allTracks() ? blockedOnEveryTrack(r.architecture()) : blockedReason(r.architecture(), base));
        }
        selectedCount.set(selectedIds().size());
        String sdk = draft.sdkByVersion().get(base.rocmVersion());
        sdkDescription.set(allTracks() ? allTracksDescription() : sdk != null
                ? "HIP SDK " + base.rocmVersion() + " found at " + sdk + "; sizes are measured from it."
                : "No HIP SDK " + base.rocmVersion() + " on this machine: sizes come from the catalog (the guide's figures). "
                        + "Install " + base.sdkInstaller() + " to build.");
        // The catalog's sentence for each shown track that rests on inferred facts; no track is named here.
        hardwareCaveat.set(String.join("\n", (allTracks() ? catalog.tracks() : List.of(base)).stream()
                .flatMap(t -> t.hardwareCaveat().stream()).toList()));
        policyWarning.set(kernelPolicy.get() == KernelPolicy.DROP
                ? "Dropping rocBLAS's Tensile kernels saves their size, but every GEMM that falls back to rocBLAS then "
                        + "has no tuned kernel: this path is untested. Ship it only if you have verified it."
                : "");
        ReleasePlan plan = plan();
        List<ReleasePlan> packages = packagePlans();
        findings.setAll(judge == null ? List.of() : allTracks() ? judgeEach(packages) : judge.judge(plan));
        SizeBreakdown before = estimate.get();
        if (allTracks()) {
            estimateEach(packages);
        } else {
            estimateAll(plan);
        }
        noteChange(before, estimate.get());
        String reason;
        Optional<ReleasePlan> empty = packages.stream().filter(p -> p.targets().isEmpty()).findFirst();
        if (selectedIds().isEmpty()) {
            reason = "Tick at least one architecture.";
        } else if (allTracks() && empty.isPresent()) {
            reason = "The " + empty.get().track() + " package would ship none of the ticked architectures (ROCm "
                    + empty.get().rocmVersion() + " has no kernels for them): tick one it can ship, or choose a single track.";
        } else {
            reason = findings.stream().filter(Finding::isError).findFirst()
                    .map(f -> "Fix first: " + f.message()).orElse(null);
            if (reason == null && judge == null) {
                reason = rows.stream().filter(r -> r.isSelected() && r.isBlocked()).findFirst()
                        .map(r -> r.id() + " cannot ship on ROCm " + base.rocmVersion() + ": untick it.").orElse(null);
            }
        }
        blockedBy(reason);
    }

    /** Every track: blocked only when no track of the catalog can ship it (the first track's reason then). */
    private String blockedOnEveryTrack(GpuArchitecture a) {
        List<String> reasons = catalog.tracks().stream().map(t -> blockedReason(a, t)).toList();
        return reasons.stream().allMatch(r -> !r.isEmpty()) ? reasons.get(0) : "";
    }

    private String allTracksDescription() {
        List<String> parts = new ArrayList<>();
        for (Track t : catalog.tracks()) {
            String sdk = draft.sdkByVersion().get(t.rocmVersion());
            parts.add(t.id() + " on ROCm " + t.rocmVersion() + " in " + t.buildDir() + (sdk != null ? " (HIP SDK at " + sdk + ")"
                    : " (no HIP SDK " + t.rocmVersion() + " here: install " + t.sdkInstaller() + " to build it)"));
        }
        return "One package for each of the catalog's " + catalog.tracks().size() + " tracks: " + String.join("; ", parts)
                + ". Each package ships the ticked architectures its ROCm has kernels for.";
    }

    /**
     * The plan rules on each package: a finding every package has is shown once, the others
     * with the package's track in front.
     */
    private List<Finding> judgeEach(List<ReleasePlan> packages) {
        Map<ReleasePlan, List<Finding>> byPackage = new LinkedHashMap<>();
        packages.forEach(p -> byPackage.put(p, judge.judge(p)));
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<ReleasePlan, List<Finding>> e : byPackage.entrySet()) {
            for (Finding f : e.getValue()) {
                boolean everywhere = byPackage.values().stream().allMatch(l -> l.contains(f));
                Finding shown = everywhere ? f : new Finding(f.id(), f.severity(), e.getKey().track() + ": " + f.message(), f.fix(), f.file());
                if (!out.contains(shown)) {
                    out.add(shown);
                }
            }
        }
        out.sort((x, y) -> x.severity().compareTo(y.severity()));
        return out;
    }

    /**
     * Every track: each package's own estimate (its comparison entry, all of them chosen), and the
     * whole release's as the estimate, summed component by component.
     */
    private void estimateEach(List<ReleasePlan> packages) {
        if (estimator == null) {
            estimateAll(packages.get(0));
            return;
        }
        try {
            List<TrackComparison> byTrack = new ArrayList<>();
            for (ReleasePlan p : packages) {
                Track t = catalog.track(p.track()).orElseThrow();
                List<String> excluded = selectedIds().stream().filter(a -> !p.targets().contains(a)).toList();
                byTrack.add(new TrackComparison(t, estimator.estimate(p), excluded, true));
            }
            showEstimate(sum(byTrack.stream().map(TrackComparison::estimate).toList()), byTrack);
        } catch (Exception e) {
            noEstimate("No estimate: " + e.getMessage());
        }
    }

    private static SizeBreakdown sum(List<SizeBreakdown> parts) {
        Map<String, long[]> bytes = new LinkedHashMap<>();
        Map<String, Boolean> approximate = new LinkedHashMap<>();
        for (SizeBreakdown b : parts) {
            for (SizeBreakdown.Segment s : b.segments()) {
                bytes.computeIfAbsent(s.component(), k -> new long[1])[0] += s.bytes();
                approximate.merge(s.component(), s.approximate(), Boolean::logicalOr);
            }
        }
        List<SizeBreakdown.Segment> segments = bytes.entrySet().stream()
                .map(e -> new SizeBreakdown.Segment(e.getKey(), e.getValue()[0], approximate.get(e.getKey()))).toList();
        boolean measured = parts.stream().allMatch(b -> "measured".equals(b.source()));
        return new SizeBreakdown(segments, parts.stream().mapToLong(SizeBreakdown::totalBytes).sum(),
                parts.stream().mapToLong(SizeBreakdown::zipLowBytes).sum(), parts.stream().mapToLong(SizeBreakdown::zipHighBytes).sum(),
                measured ? "measured" : "catalog", parts.stream().anyMatch(SizeBreakdown::approximate));
    }

    /** "-295.6 MiB (gfx1100 unticked)": how much the user's last change moved the total. */
    private void noteChange(SizeBreakdown before, SizeBreakdown after) {
        String cause = pendingCause;
        pendingCause = null;
        if (cause == null || before == null || after == null) {
            return;
        }
        long delta = after.totalBytes() - before.totalBytes();
        lastChange.set(delta == 0 ? "no change (" + cause + ")"
                : (delta > 0 ? "+" : "\u2212") + SizeText.of(Math.abs(delta)) + " (" + cause + ")");
    }

    private void estimateAll(ReleasePlan plan) {
        if (estimator == null) {
            noEstimate("The size estimator is not available in this build yet.");
            return;
        }
        try {
            SizeBreakdown own = estimator.estimate(plan);
            List<TrackComparison> byTrack = new ArrayList<>();
            for (Track t : catalog.tracks()) {
                if (t.id().equals(baseTrack.get().id())) {
                    byTrack.add(new TrackComparison(t, own, List.of(), true));
                    continue;
                }
                // Another track ships only what it has kernels for: say what it leaves out.
                List<String> excluded = rows.stream()
                        .filter(r -> r.isSelected() && !blockedReason(r.architecture(), t).isEmpty())
                        .map(ArchitectureRow::id).toList();
                List<String> shipped = plan.targets().stream().filter(a -> !excluded.contains(a)).toList();
                SizeBreakdown b = estimator.estimate(plan.withTrack(t.id()).withRocmVersion(t.rocmVersion())
                        .withTargets(shipped).withSdk(draft.sdkByVersion().get(t.rocmVersion())));
                byTrack.add(new TrackComparison(t, b, excluded, false));
            }
            showEstimate(own, byTrack);
        } catch (Exception e) {
            noEstimate("No estimate: " + e.getMessage());
        }
    }

    private void showEstimate(SizeBreakdown total, List<TrackComparison> byTrack) {
        estimate.set(total);
        comparison.set(List.copyOf(byTrack));
        estimateProblem.set("");
    }

    private void noEstimate(String problem) {
        estimate.set(null);
        comparison.set(List.of());
        estimateProblem.set(problem);
    }

    /** The plan as it stands on this step (for the estimate, the findings and the tests). */
    public ReleasePlan plan() {
        Track base = baseTrack.get();
        WizardDraft snapshot = new WizardDraft();
        snapshot.load(draft.track() == null ? ReleasePlan.forTrack(base) : draft.toPlan());
        String previous = draft.track();
        snapshot.track(allTracks() ? base.id() : preset.get());
        snapshot.rocmVersion(base.rocmVersion());
        snapshot.targets(selectedIds());
        snapshot.rocblasKernels(kernelPolicy.get());
        snapshot.allowRdna2(allowRdna2.get());
        snapshot.options(snapshot.options().withHipblaslt(hipblaslt.get()));
        if (previous == null || !base.rocmVersion().equals(draft.rocmVersion())) {
            snapshot.buildDir(base.buildDir());
            snapshot.archiveName(base.packageName());
        }
        snapshot.sdk(draft.sdkByVersion().get(base.rocmVersion()));
        return snapshot.toPlan();
    }

    /**
     * The fix the step can apply for a finding, if there is one here. The RDNA2 override lets
     * gfx103x be ticked, but hipBLASLt has no kernels for them in any ROCm: the only remedy is
     * hipBLASLt off (every GEMM through rocBLAS), a Build option offered here, where the error is.
     */
    public Optional<Remedy> remedyFor(Finding f) {
        if (PlanRules.ARCH_HIPBLASLT_KERNELS.equals(f.id()) && hipblaslt.get() && !rdna2WithoutGemm().isEmpty()) {
            return Optional.of(new Remedy("Turn hipBLASLt off", () -> hipblaslt.set(false)));
        }
        return Optional.empty();
    }

    /** Ticked RDNA2 (override) architectures that the chosen track's hipBLASLt has no kernels for. */
    private List<String> rdna2WithoutGemm() {
        Track base = baseTrack.get();
        return rows.stream().filter(r -> r.isSelected() && r.architecture().blocked())
                .filter(r -> {
                    KernelSize lt = size(base.id(), KernelLibrary.HIPBLASLT, r.id());
                    return lt == null || !lt.hasKernels();
                })
                .map(ArchitectureRow::id).toList();
    }

    private String blockedReason(GpuArchitecture a, Track track) {
        if (a.blocked() && !allowRdna2.get()) {
            return a.blockedReason();
        }
        KernelSize lt = size(track.id(), KernelLibrary.HIPBLASLT, a.id());
        if (!a.blocked() && (lt == null || !lt.hasKernels())) {
            return "hipBLASLt in ROCm " + track.rocmVersion() + " ships no " + a.id() + " kernels, so GEMM fails at start"
                    + otherTrackHint(a, track) + ".";
        }
        return "";
    }

    private String otherTrackHint(GpuArchitecture a, Track track) {
        return catalog.tracks().stream().filter(t -> !t.id().equals(track.id()) && covered(a, t.id())).findFirst()
                .map(t -> "; the " + t.id() + " track (ROCm " + t.rocmVersion() + ") covers " + a.exampleHardware())
                .orElse("");
    }

    private boolean covered(GpuArchitecture a, String trackId) {
        KernelSize lt = size(trackId, KernelLibrary.HIPBLASLT, a.id());
        return !a.blocked() && lt != null && lt.hasKernels();
    }

    private KernelSize size(String trackId, KernelLibrary lib, String arch) {
        Optional<KernelLibrarySizes> s = catalog.kernelSizes(trackId, lib);
        return s.flatMap(k -> k.arch(arch)).orElse(null);
    }

    private Optional<Track> trackForVersion(String version) {
        return catalog.tracks().stream().filter(t -> t.rocmVersion().equals(version)).findFirst();
    }

    private boolean isPreset(String id) {
        return id != null && catalog.track(id).isPresent();
    }

    /** The ticked architectures, in matrix order. */
    public List<String> selectedIds() {
        return rows.stream().filter(ArchitectureRow::isSelected).map(ArchitectureRow::id).toList();
    }

    public Catalog catalog() { return catalog; }
    /** A catalog track's id, "custom", or {@link #ALL_TRACKS}. */
    public ObjectProperty<String> presetProperty() { return preset; }
    /** The catalog track whose ROCm version, build folder and sizes apply (also for "custom"). */
    public ObjectProperty<Track> baseTrackProperty() { return baseTrack; }
    public ObjectProperty<KernelPolicy> kernelPolicyProperty() { return kernelPolicy; }
    public BooleanProperty allowRdna2Property() { return allowRdna2; }
    /** The hipBLASLt build switch (the Build step shows the same one); off is the remedy for the RDNA2 override. */
    public BooleanProperty hipblasltProperty() { return hipblaslt; }
    public ObservableList<ArchitectureRow> rows() { return rows; }
    public ObservableList<Finding> findings() { return findings; }
    public ReadOnlyObjectProperty<SizeBreakdown> estimateProperty() { return estimate.getReadOnlyProperty(); }
    /** The same selection on every catalog track, in catalog order. */
    public ReadOnlyObjectProperty<List<TrackComparison>> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    /** Why there is no estimate; empty when there is one. */
    public ReadOnlyStringProperty estimateProblemProperty() { return estimateProblem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sdkDescriptionProperty() { return sdkDescription.getReadOnlyProperty(); }
    public ReadOnlyStringProperty policyWarningProperty() { return policyWarning.getReadOnlyProperty(); }
    /** "Not verified on hardware: ..." for the chosen track (each track, for all tracks) that rests on inferred facts; empty otherwise. */
    public ReadOnlyStringProperty hardwareCaveatProperty() { return hardwareCaveat.getReadOnlyProperty(); }
    /** How the user's last change moved the total, e.g. "-295.6 MiB (gfx1100 unticked)"; empty before one. */
    public ReadOnlyStringProperty lastChangeProperty() { return lastChange.getReadOnlyProperty(); }
    /** Why the last click could not tick a row, in full; empty otherwise. */
    public ReadOnlyStringProperty tickNoticeProperty() { return tickNotice.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty selectedCountProperty() { return selectedCount.getReadOnlyProperty(); }
}
