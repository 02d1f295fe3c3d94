package dev.hippack.ui.steps.track;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelLibrarySizes;
import dev.hippack.core.catalog.KernelSize;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
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
 * Step 2. A preset (rocm6, rocm7) sets the ROCm version and the guide's targets; ticking a row
 * by hand makes the track "custom" on the same ROCm version. Every change re-judges the plan
 * and re-estimates its size at once (both are in-memory and far below a frame), for the chosen
 * track and, for the comparison, for the same selection on every catalog track.
 */
public final class TrackStepViewModel extends AbstractStepViewModel {

    private final Catalog catalog;
    private final SizeEstimator estimator;
    private final PlanJudge judge;
    private final ObjectProperty<String> preset = new SimpleObjectProperty<>(this, "preset");
    private final ObjectProperty<Track> baseTrack = new SimpleObjectProperty<>(this, "baseTrack");
    private final ObjectProperty<KernelPolicy> kernelPolicy = new SimpleObjectProperty<>(this, "kernelPolicy", KernelPolicy.FILTERED);
    private final BooleanProperty allowRdna2 = new SimpleBooleanProperty(this, "allowRdna2");
    private final ObservableList<ArchitectureRow> rows = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<SizeBreakdown> estimate = new ReadOnlyObjectWrapper<>(this, "estimate");
    private final ReadOnlyObjectWrapper<Map<String, SizeBreakdown>> comparison = new ReadOnlyObjectWrapper<>(this, "comparison", Map.of());
    private final ReadOnlyStringWrapper estimateProblem = new ReadOnlyStringWrapper(this, "estimateProblem", "");
    private final ReadOnlyStringWrapper sdkDescription = new ReadOnlyStringWrapper(this, "sdkDescription", "");
    private final ReadOnlyStringWrapper policyWarning = new ReadOnlyStringWrapper(this, "policyWarning", "");
    private final ReadOnlyIntegerWrapper selectedCount = new ReadOnlyIntegerWrapper(this, "selectedCount");
    private WizardDraft draft = new WizardDraft();
    private boolean updating;

    /**
     * @param estimator the engine's estimator, or null while it is not available (the step says so)
     * @param judge     the plan rules, or null while they are not available
     */
    public TrackStepViewModel(Catalog catalog, SizeEstimator estimator, PlanJudge judge) {
        this.catalog = catalog;
        this.estimator = estimator;
        this.judge = judge;
        for (GpuArchitecture a : catalog.architectures()) {
            ArchitectureRow row = new ArchitectureRow(a);
            row.coverage(covered(a, "rocm6"), covered(a, "rocm7"));
            row.selectedProperty().addListener((o, was, now) -> {
                if (!updating) {
                    if (isPreset(preset.get()) && !selectedIds().equals(baseTrack.get().targets())) {
                        updating = true;
                        preset.set(ReleasePlan.CUSTOM_TRACK);
                        updating = false;
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
                applyPreset(now);
            }
        });
        baseTrack.addListener((o, was, now) -> {
            if (!updating && now != null) {
                refresh();
            }
        });
        kernelPolicy.addListener((o, was, now) -> refresh());
        allowRdna2.addListener((o, was, now) -> refresh());
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

    /** Ticks exactly the preset's targets; "custom" keeps the ticks as they are. */
    private void applyPreset(String id) {
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
        estimateAll(plan);
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

    private void estimateAll(ReleasePlan plan) {
        if (estimator == null) {
            estimate.set(null);
            comparison.set(Map.of());
            estimateProblem.set("The size estimator is not available in this build yet.");
            return;
        }
        try {
            estimate.set(estimator.estimate(plan));
            Map<String, SizeBreakdown> byTrack = new LinkedHashMap<>();
            for (Track t : catalog.tracks()) {
                byTrack.put(t.id(), estimator.estimate(plan.withTrack(t.id()).withRocmVersion(t.rocmVersion())
                        .withSdk(draft.sdkByVersion().get(t.rocmVersion()))));
            }
            comparison.set(Map.copyOf(byTrack));
            estimateProblem.set("");
        } catch (Exception e) {
            estimate.set(null);
            comparison.set(Map.of());
            estimateProblem.set("No estimate: " + e.getMessage());
        }
    }

    /** The plan as it stands on this step (for the estimate, the findings and the tests). */
    public ReleasePlan plan() {
        Track base = baseTrack.get();
        WizardDraft d = new WizardDraft();
        d.load(draft.track() == null ? ReleasePlan.forTrack(base) : draft.toPlan());
        d.sdkByVersion(draft.sdkByVersion());
        d.localGpus(draft.localGpus());
        WizardDraft snapshot = d;
        String previous = snapshot.track();
        snapshot.track(preset.get());
        snapshot.rocmVersion(base.rocmVersion());
        snapshot.targets(selectedIds());
        snapshot.rocblasKernels(kernelPolicy.get());
        snapshot.allowRdna2(allowRdna2.get());
        if (previous == null || !base.rocmVersion().equals(draft.rocmVersion())) {
            snapshot.buildDir(base.buildDir());
            snapshot.archiveName(base.packageName());
        }
        snapshot.sdk(draft.sdkByVersion().get(base.rocmVersion()));
        return snapshot.toPlan();
    }

    private String blockedReason(GpuArchitecture a, Track base) {
        if (a.blocked() && !allowRdna2.get()) {
            return a.blockedReason();
        }
        KernelSize lt = size(base.id(), KernelLibrary.HIPBLASLT, a.id());
        if (!a.blocked() && (lt == null || !lt.hasKernels())) {
            return "hipBLASLt in ROCm " + base.rocmVersion() + " ships no " + a.id() + " kernels, so GEMM fails at start"
                    + otherTrackHint(a, base) + ".";
        }
        return "";
    }

    private String otherTrackHint(GpuArchitecture a, Track base) {
        return catalog.tracks().stream().filter(t -> !t.id().equals(base.id()) && covered(a, t.id())).findFirst()
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
    /** "rocm6", "rocm7" or "custom". */
    public ObjectProperty<String> presetProperty() { return preset; }
    /** The catalog track whose ROCm version, build folder and sizes apply (also for "custom"). */
    public ObjectProperty<Track> baseTrackProperty() { return baseTrack; }
    public ObjectProperty<KernelPolicy> kernelPolicyProperty() { return kernelPolicy; }
    public BooleanProperty allowRdna2Property() { return allowRdna2; }
    public ObservableList<ArchitectureRow> rows() { return rows; }
    public ObservableList<Finding> findings() { return findings; }
    public ReadOnlyObjectProperty<SizeBreakdown> estimateProperty() { return estimate.getReadOnlyProperty(); }
    /** The same selection estimated on every catalog track, by track id. */
    public ReadOnlyObjectProperty<Map<String, SizeBreakdown>> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    /** Why there is no estimate; empty when there is one. */
    public ReadOnlyStringProperty estimateProblemProperty() { return estimateProblem.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sdkDescriptionProperty() { return sdkDescription.getReadOnlyProperty(); }
    public ReadOnlyStringProperty policyWarningProperty() { return policyWarning.getReadOnlyProperty(); }
    public ReadOnlyIntegerProperty selectedCountProperty() { return selectedCount.getReadOnlyProperty(); }

    /** Severity order for display: errors first. */
    public static int rank(Severity s) {
        return s.ordinal();
    }
}
