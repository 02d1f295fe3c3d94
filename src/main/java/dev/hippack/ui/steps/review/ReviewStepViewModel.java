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
 * Step 4. Stages each package of the release the draft makes (one for a single track, a release
 * of one; one per track for "all tracks") with the engine, in turn: layout from the plan, written
 * under a temporary name, read back as a tree, and verified ({@link PackageVerifier}): every check
 * of the audit (docs/design.md §5), whether the binaries were built for this plan, and the start
 * check. One path for any number of packages ({@link #packageReviews()}). A package that cannot
 * be staged, or whose checks find errors, is marked and gets no zip; it does not stop the others.
 * Next opens while at least one package passes, once the warnings are acknowledged: the Archive
 * step then cuts an incomplete release and says so. For one package, {@link #treeProperty()},
 * {@link #auditProperty()}, {@link #stagedProperty()} and {@link #findings()} are its own, and a
 * refusal to stage it is the step's error.
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
    /** What the reviews were staged from: the packages' plans and the builds they were judged against. */
    private List<ReleasePlan> stagedPlans = List.of();
    private Map<String, BuildRecord> stagedBuilds = Map.of();
    private WizardDraft draft = new WizardDraft();

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
        // Other packages since staging (other targets, other binaries), or a new build (the same plan
        // built again: its record is a new one), make the staged folders stale.
        if (!packageReviews.isEmpty() && (!d.plans().equals(stagedPlans) || !d.lastBuilds().equals(stagedBuilds))) {
            clear();
        }
        revalidate();
        if (packageReviews.isEmpty() && canStage()) {
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

    /**
     * Stages, checks and reads back each package in turn, in the background; a refusal is that
     * package's alone. Binaries built for another plan are never packaged: the verifier's binaries
     * check (build record and CMakeCache, as in 'stage' and 'package') makes them an error.
     */
    public void stage() {
        if (!canStage()) {
            return;
        }
        List<ReleasePlan> plans = draft.plans();
        Host host = draft.host();
        Path out = outputFolder.get();
        Map<String, BuildRecord> builds = draft.lastBuilds();
        clear();
        runJob("Staging", plans.size() == 1 ? "Staging the package" : "Staging " + plans.size() + " packages", (listener, token) -> {
            List<PackageReview> reviews = new ArrayList<>();
            for (int i = 0; i < plans.size(); i++) {
                ReleasePlan plan = plans.get(i);
                if (plans.size() > 1) {
                    listener.status("Staging " + plan.archiveName() + " (" + (i + 1) + " of " + plans.size() + ")");
                }
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
                show(s.value());
            } else if (outcome instanceof Outcome.Failed<List<PackageReview>> f) {
                error.set(f.message());
            } else {
                error.set("Cancelled: no staged folder was left behind.");
            }
            revalidate();
        });
        revalidate();
    }

    /** The reviews, and what the step says of them: one package's own tree, checks and refusal; how many of several passed. */
    private void show(List<PackageReview> reviews) {
        packageReviews.setAll(reviews);
        long passing = reviews.stream().filter(PackageReview::willZip).count();
        status.set(passing == reviews.size() ? "Staged and checked: no error." : "The checks found errors.");
        if (reviews.size() == 1) {
            PackageReview r = reviews.get(0);
            staged.set(r.stage());
            audit.set(r.audit());
            tree.set(r.tree());
            findings.setAll(r.findings());
            error.set(r.error());
            totals.set(r.stage() == null ? "" : totalsText(r.stage()));
        } else {
            totals.set(passing + " of " + reviews.size() + " packages passed their checks"
                    + (passing == reviews.size() ? "." : "; the others get no zip and the release will be incomplete."));
        }
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
    }

    private void revalidate() {
        String what = draft.severalPackages() ? "the packages" : "the package";
        String reason;
        if (busy.get()) {
            reason = "Staging and checking.";
        } else if (packageReviews.isEmpty()) {
            reason = outputFolder.get() == null ? "Choose the output folder, then stage " + what + "."
                    : "Stage " + what + (draft.severalPackages() ? " to review them." : " to review it.");
        } else if (packageReviews.stream().noneMatch(PackageReview::willZip)) {
            reason = packageReviews.size() == 1 ? notPassed(packageReviews.get(0))
                    : "No package passed its checks, so there would be nothing to release: fix and stage again.";
        } else if (warningCount() > 0 && !warningsAcknowledged.get()) {
            reason = "Acknowledge the " + warningCount() + (warningCount() == 1 ? " warning" : " warnings") + " to go on.";
        } else {
            reason = null;
        }
        blockedBy(reason);
    }

    /** Why the one package did not pass: its checks' errors, or the refusal to stage it. */
    private static String notPassed(PackageReview r) {
        if (r.audit() == null) {
            return "The package could not be staged: fix and stage again.";
        }
        long errors = r.audit().errors();
        return "The checks found " + errors + (errors == 1 ? " error" : " errors") + ": fix and stage again.";
    }

    /** Warnings of the layout and of the checks, of every package. */
    public int warningCount() {
        return (int) packageReviews.stream().mapToLong(PackageReview::warnings).sum();
    }

    public ObjectProperty<Path> outputFolderProperty() { return outputFolder; }
    public BooleanProperty warningsAcknowledgedProperty() { return warningsAcknowledged; }
    /** The one package's staged folder as a tree; null for several (each review has its own). */
    public ReadOnlyObjectProperty<PackageNode> treeProperty() { return tree.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<AuditReport> auditProperty() { return audit.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<StageResult> stagedProperty() { return staged.getReadOnlyProperty(); }
    public ReadOnlyStringProperty totalsProperty() { return totals.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    /** The one package's findings of the layout and the checks (audit, binaries against the plan, start check), errors first. */
    public ObservableList<Finding> findings() { return findings; }
    /** Each package of the release, staged and checked, in order (one for a single track). */
    public ObservableList<PackageReview> packageReviews() { return packageReviews; }
    /** True when the draft makes several packages: the step shows a tab for each. */
    public ReadOnlyBooleanProperty severalPackagesProperty() { return severalPackages.getReadOnlyProperty(); }
}
