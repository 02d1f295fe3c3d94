package dev.hippack.ui.steps.review;

import dev.hippack.core.audit.AuditReport;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.PackagerException;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.core.verify.VerifyRequest;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Step 4. Stages the package with the engine (layout from the plan, written under a temporary
 * name), reads it back as a tree, and verifies it ({@link PackageVerifier}): every check of the
 * audit (docs/design.md §5), whether the binaries were built for this plan, and the start check. Errors block Next;
 * warnings block it until the user acknowledges them.
 *
 * <p>A release of several packages stages and checks each in turn ({@link #packageReviews()}, one
 * tree each). A package that cannot be staged, or whose checks find errors, is marked and gets no
 * zip; it does not stop the others, and Next stays open while at least one package passes: the
 * Archive step then cuts an incomplete release and says so.
 */
public final class ReviewStepViewModel extends AbstractStepViewModel {

    private final LayoutPlanner planner;
    private final Stager stager;
    private final PackageVerifier verifier;
    private final PackageTreeReader treeReader;
    private final ObjectProperty<Path> outputFolder = new SimpleObjectProperty<>(this, "outputFolder");
    private final BooleanProperty warningsAcknowledged = new SimpleBooleanProperty(this, "warningsAcknowledged");
    private final ReadOnlyObjectWrapper<PackageNode> tree = new ReadOnlyObjectWrapper<>(this, "tree");
    private final ReadOnlyObjectWrapper<AuditReport> audit = new ReadOnlyObjectWrapper<>(this, "audit");
    private final ReadOnlyObjectWrapper<StageResult> staged = new ReadOnlyObjectWrapper<>(this, "staged");
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper(this, "totals", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ObservableList<PackageReview> packageReviews = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper severalPackages = new ReadOnlyBooleanWrapper(this, "severalPackages");
    private List<ReleasePlan> stagedPlans = List.of();
    private Map<String, BuildRecord> stagedBuilds = Map.of();
    private WizardDraft draft = new WizardDraft();
    private ReleasePlan stagedPlan;
    private BuildRecord stagedBuild;

    public ReviewStepViewModel(LayoutPlanner planner, Stager stager, PackageVerifier verifier, PackageTreeReader treeReader, TaskRunner runner) {
        super(runner);
        this.planner = planner;
        this.stager = stager;
        this.verifier = verifier;
        this.treeReader = treeReader;
        warningsAcknowledged.addListener(o -> revalidate());
        outputFolder.addListener(o -> revalidate());
        revalidate();
    }

    @Override
    public StepId id() {
        return StepId.REVIEW;
    }

    @Override
    public void enter(WizardDraft d) {
        draft = d;
        if (outputFolder.get() == null && d.outputDir() != null && d.host() != null) {
            try {
                outputFolder.set(d.host().resolve(d.outputDir()));
            } catch (RuntimeException e) {
                error.set("The output folder " + d.outputDir() + " cannot be used here: " + e.getMessage());
            }
        }
        severalPackages.set(d.severalPackages());
        if (d.severalPackages()) {
            if (!packageReviews.isEmpty() && (!d.plans().equals(stagedPlans) || !d.lastBuilds().equals(stagedBuilds))) {
                clear();
            }
            if (staged.get() != null) {
                clear();
            }
            revalidate();
            if (packageReviews.isEmpty() && canStage()) {
                stage();
            }
            return;
        }
        if (!packageReviews.isEmpty()) {
            clear();
        }
        // A plan changed since staging (other targets, other binaries), or a new build (the same
        // plan built again: its record is a new one), makes the staged folder stale.
        if (staged.get() != null && (!d.toPlan().equals(stagedPlan) || !Objects.equals(d.lastBuild(), stagedBuild))) {
            clear();
        }
        revalidate();
        if (staged.get() == null && canStage()) {
            stage();
        }
    }

    @Override
    public void leave(WizardDraft d) {
        StageResult s = staged.get();
        d.stagedDir(s == null ? null : s.packageDir());
        Host h = d.host();
        if (outputFolder.get() != null && h != null) {
            d.outputDir(h.toHostPath(outputFolder.get()));
        }
    }

    public boolean canStage() {
        return !busy.get() && outputFolder.get() != null && draft.host() != null && draft.track() != null;
    }

    /** Stages the package into the output folder and verifies it, in the background. */
    public void stage() {
        if (!canStage()) {
            return;
        }
        if (draft.severalPackages()) {
            stageEach();
            return;
        }
        ReleasePlan plan = draft.toPlan();
        Host host = draft.host();
        Path out = outputFolder.get();
        clear();
        // Binaries built for another plan are never packaged: the verifier's binaries check (build
        // record and CMakeCache, as in 'stage' and 'package') makes them an error that blocks Next.
        BuildRecord built = draft.lastBuild();
        runJob("Staging", "Staging the package", (listener, token) -> {
            PackageLayout layout = planner.plan(plan, host);
            StageResult s = stager.run(new StageRequest(layout, out), listener, token);
            AuditReport report = verifier.run(new VerifyRequest(s.packageDir(), plan, host, false), listener, token);
            return new Reviewed(s, report, treeReader.read(s.packageDir()));
        }, outcome -> {
            if (outcome instanceof Outcome.Succeeded<Reviewed> s) {
                Reviewed r = s.value();
                stagedPlan = plan;
                stagedBuild = built;
                staged.set(r.stage());
                audit.set(r.audit());
                tree.set(r.tree());
                List<Finding> all = new ArrayList<>(r.stage().findings());
                all.addAll(r.audit().findings());
                all.sort((x, y) -> x.severity().compareTo(y.severity()));
                findings.setAll(all);
                totals.set(totalsText(r.stage()));
                status.set(r.audit().passed() ? "Staged and checked: no error." : "The checks found errors.");
            } else if (outcome instanceof Outcome.Failed<Reviewed> f) {
                error.set(f.message());
            } else {
                error.set("Cancelled: no staged folder was left behind.");
            }
            revalidate();
        });
        revalidate();
    }

    /** Each package of several in turn: staged, checked and read as a tree; a refusal is that package's alone. */
    private void stageEach() {
        List<ReleasePlan> plans = draft.plans();
        Host host = draft.host();
        Path out = outputFolder.get();
        Map<String, BuildRecord> builds = draft.lastBuilds();
        clear();
        runJob("Staging", "Staging " + plans.size() + " packages", (listener, token) -> {
            List<PackageReview> reviews = new ArrayList<>();
            for (int i = 0; i < plans.size(); i++) {
                ReleasePlan plan = plans.get(i);
                listener.status("Staging " + plan.archiveName() + " (" + (i + 1) + " of " + plans.size() + ")");
                try {
                    StageResult s = stager.run(new StageRequest(planner.plan(plan, host), out), listener, token);
                    AuditReport report = verifier.run(new VerifyRequest(s.packageDir(), plan, host, false), listener, token);
                    List<Finding> all = new ArrayList<>(s.findings());
                    all.addAll(report.findings());
                    all.sort((x, y) -> x.severity().compareTo(y.severity()));
                    reviews.add(new PackageReview(plan, s, report, treeReader.read(s.packageDir()), all, ""));
                } catch (PackagerException e) {
                    reviews.add(new PackageReview(plan, null, null, null, List.of(), e.getMessage()));
                }
            }
            return reviews;
        }, outcome -> {
            if (outcome instanceof Outcome.Succeeded<List<PackageReview>> s) {
                stagedPlans = plans;
                stagedBuilds = builds;
                packageReviews.setAll(s.value());
                long passing = s.value().stream().filter(PackageReview::willZip).count();
                totals.set(passing + " of " + plans.size() + " packages passed their checks"
                        + (passing == plans.size() ? "." : "; the others get no zip and the release will be incomplete."));
                status.set(passing == plans.size() ? "Staged and checked: no error." : "The checks found errors.");
            } else if (outcome instanceof Outcome.Failed<List<PackageReview>> f) {
                error.set(f.message());
            } else {
                error.set("Cancelled: no staged folder was left behind.");
            }
            revalidate();
        });
        revalidate();
    }

    private String totalsText(StageResult s) {
        String staged = s.files() + " files, " + SizeText.of(s.bytes());
        if (draft.estimatedBytes() < 0) {
            return staged + ".";
        }
        double diff = draft.estimatedBytes() == 0 ? 0 : 100.0 * (s.bytes() - draft.estimatedBytes()) / draft.estimatedBytes();
        String off = Math.abs(diff) < 0.5 ? "within 1%" : String.format(Locale.ROOT, "%+.0f%%", diff);
        return String.format(Locale.ROOT, "%s; the estimate was %s (%s).", staged, SizeText.of(draft.estimatedBytes()), off);
    }

    private void clear() {
        staged.set(null);
        audit.set(null);
        tree.set(null);
        findings.clear();
        packageReviews.clear();
        stagedPlans = List.of();
        stagedBuilds = Map.of();
        totals.set("");
        error.set("");
        warningsAcknowledged.set(false);
        stagedPlan = null;
        stagedBuild = null;
    }

    private void revalidate() {
        if (draft.severalPackages()) {
            blockedBy(releaseReason());
            return;
        }
        AuditReport a = audit.get();
        String reason;
        if (busy.get()) {
            reason = "Staging and checking.";
        } else if (a == null) {
            reason = outputFolder.get() == null ? "Choose the output folder, then stage the package." : "Stage the package to review it.";
        } else if (!a.passed()) {
            reason = "The checks found " + a.errors() + (a.errors() == 1 ? " error" : " errors") + ": fix and stage again.";
        } else if (warningCount() > 0 && !warningsAcknowledged.get()) {
            reason = "Acknowledge the " + warningCount() + (warningCount() == 1 ? " warning" : " warnings") + " to go on.";
        } else {
            reason = null;
        }
        blockedBy(reason);
    }

    private String releaseReason() {
        if (busy.get()) {
            return "Staging and checking.";
        }
        if (packageReviews.isEmpty()) {
            return outputFolder.get() == null ? "Choose the output folder, then stage the packages." : "Stage the packages to review them.";
        }
        if (packageReviews.stream().noneMatch(PackageReview::willZip)) {
            return "No package passed its checks, so there would be nothing to release: fix and stage again.";
        }
        if (warningCount() > 0 && !warningsAcknowledged.get()) {
            return "Acknowledge the " + warningCount() + (warningCount() == 1 ? " warning" : " warnings") + " to go on.";
        }
        return null;
    }

    /** Warnings of the layout and of the checks (of every package, for several). */
    public int warningCount() {
        if (draft.severalPackages()) {
            return (int) packageReviews.stream().mapToLong(PackageReview::warnings).sum();
        }
        return (int) findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
    }

    private record Reviewed(StageResult stage, AuditReport audit, PackageNode tree) { }

    public ObjectProperty<Path> outputFolderProperty() { return outputFolder; }
    public BooleanProperty warningsAcknowledgedProperty() { return warningsAcknowledged; }
    public ReadOnlyObjectProperty<PackageNode> treeProperty() { return tree.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<AuditReport> auditProperty() { return audit.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StageResult> stagedProperty() { return staged.getReadOnlyProperty(); }
    public ReadOnlyStringProperty totalsProperty() { return totals.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    /** Every finding of the layout and the checks (audit, binaries against the plan, start check), errors first. */
    public ObservableList<Finding> findings() { return findings; }
    /** Each package of a release of several, staged and checked, in order; empty for one package. */
    public ObservableList<PackageReview> packageReviews() { return packageReviews; }
    public ReadOnlyBooleanProperty severalPackagesProperty() { return severalPackages.getReadOnlyProperty(); }
}
