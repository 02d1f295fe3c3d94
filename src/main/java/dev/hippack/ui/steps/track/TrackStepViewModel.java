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
 */
public final class TrackStepViewModel extends AbstractStepViewModel {

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
                    boolean presetTargets = selectedIds().equals(baseTrack.get().targets());
                    if (isPreset(preset.get()) != presetTargets) {
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
                pendingCause = catalog.track(now).map(t -> "the " + t.id() + " preset").orElse(null);
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
            preset.set(isPreset(t) ? t : ReleasePlan.CUSTOM_TRACK);
            kernelPolicy.set(d.rocblasKernels());
            allowRdna2.set(d.allowRdna2());
            hipblaslt.set(d.options().hipblaslt());
            List<String> targets = new ArrayList<>(d.track() == null ? base.targets() : d.targets());
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
     * Ticks or unticks a row as a click on its box does. A row that cannot ship on the chosen
     * track is not ticked: {@link #tickNoticeProperty()} then says why, in full.
     *
     * @return whether the row changed
     */
    public boolean toggle(ArchitectureRow row) {
        if (!row.isSelected() && row.isBlocked()) {
            tickNotice.set(row.id() + " (" + row.exampleHardware() + ") cannot be shipped on ROCm "
                    + baseTrack.get().rocmVersion() + ": " + row.blockedReasonProperty().get());
            return false;
        }
        tickNotice.set("");
        row.selectedProperty().set(!row.isSelected());
        return true;
    }

    /** Ticks exactly the preset's targets; "custom" keeps the ticks as they are. */
    private void applyPreset(String id) {
        tickNotice.set("");
        if (!isPreset(id)) {
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
        for (ArchitectureRow r : rows) {
            KernelSize rb = size(base.id(), KernelLibrary.ROCBLAS, r.id());
            KernelSize lt = size(base.id(), KernelLibrary.HIPBLASLT, r.id());
            r.sizes(rb == null ? 0 : rb.mib(), lt == null ? 0 : lt.mib(), (rb != null && rb.derived()) || (lt != null && lt.derived()));
            r.blockedReason(blockedReason(r.architecture(), base));
        }
        selectedCount.set(selectedIds().size());
        String sdk = draft.sdkByVersion().get(base.rocmVersion());
        sdkDescription.set(sdk != null
                ? "HIP SDK " + base.rocmVersion() + " found at " + sdk + "; sizes are measured from it."
                : "No HIP SDK " + base.rocmVersion() + " on this machine: sizes come from the catalog (the guide's figures). "
                        + "Install " + base.sdkInstaller() + " to build.");
        policyWarning.set(kernelPolicy.get() == KernelPolicy.DROP
                ? "Dropping rocBLAS's Tensile kernels saves their size, but every GEMM that falls back to rocBLAS then "
                        + "has no tuned kernel: this path is untested. Ship it only if you have verified it."
                : "");
        ReleasePlan plan = plan();
        findings.setAll(judge == null ? List.of() : judge.judge(plan));
        SizeBreakdown before = estimate.get();
        estimateAll(plan);
        noteChange(before, estimate.get());
        String reason;
        if (selectedIds().isEmpty()) {
            reason = "Tick at least one architecture.";
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
            estimate.set(null);
            comparison.set(List.of());
            estimateProblem.set("The size estimator is not available in this build yet.");
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
            estimate.set(own);
            comparison.set(List.copyOf(byTrack));
            estimateProblem.set("");
        } catch (Exception e) {
            estimate.set(null);
            comparison.set(List.of());
            estimateProblem.set("No estimate: " + e.getMessage());
        }
    }

    /** The plan as it stands on this step (for the estimate, the findings and the tests). */
    public ReleasePlan plan() {
        Track base = baseTrack.get();
        WizardDraft snapshot = new WizardDraft();
        snapshot.load(draft.track() == null ? ReleasePlan.forTrack(base) : draft.toPlan());
        String previous = draft.track();
        snapshot.track(preset.get());
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
    /** A catalog track's id, or "custom". */
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
    /** How the user's last change moved the total, e.g. "-295.6 MiB (gfx1100 unticked)"; empty before one. */
    public ReadOnlyStringProperty lastChangeProperty() { return lastChange.getReadOnlyProperty(); }
    /** Why the last click could not tick a row, in full; empty otherwise. */
    public ReadOnlyStringProperty tickNoticeProperty() { return tickNotice.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty selectedCountProperty() { return selectedCount.getReadOnlyProperty(); }
}
