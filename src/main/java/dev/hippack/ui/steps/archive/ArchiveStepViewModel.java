package dev.hippack.ui.steps.archive;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.Sha256Sums;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.host.WindowsNames;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.CiWorkflow;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.CiWorkflowOptions;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.release.PackageOutcome;
import dev.hippack.core.release.PreparedRelease;
import dev.hippack.core.release.ReleaseNotes;
import dev.hippack.core.release.ReleaseRequest;
import dev.hippack.core.release.ReleaseResult;
import dev.hippack.core.release.ResolvedPackage;
import dev.hippack.core.release.ReleaseService;
import dev.hippack.core.host.Host;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.TaskObserver;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
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
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Step 5. Zips the staged folder with the engine's archiver (written under a temporary name,
 * read back and checked, then renamed), shows the SHA-256 and the size against the estimate, and
 * saves the release profile in the same JSON the command line reads. Complete once a verified
 * zip exists.
 *
 * <p>A release of several packages is cut by the release engine as the command line's
 * {@code release --skip-build} cuts it: {@link ReleaseService#prepare}, then under the output
 * folder's {@link OutputLock} each package with {@link ReleaseService#runPackage} (staged,
 * verified, zipped; a package whose checks find errors gets no zip) and
 * {@link ReleaseService#finish}: one {@code SHA256SUMS} for all zips and {@code RELEASE-NOTES.md},
 * whose text the step shows. Complete once the release was written, complete or not (an
 * incomplete one says so).
 */
public final class ArchiveStepViewModel extends AbstractStepViewModel {

    /** The error text after the user cancelled the zip. */
    public static final String CANCELLED = "Cancelled; the partial zip was removed.";

    private final ZipArchiver archiver;
    private final ProfileStore profiles;
    private final CiWorkflowExporter workflows;
    /** Where the exported workflow's runners get HIP Packager; its answers stay for the session. */
    private final WorkflowSourceForm workflowSource = new WorkflowSourceForm();
    /** Saving a profile or a workflow is quick and does not make the step busy. */
    private final TaskRunner runner;
    /** Turns the draft's output folder (a build-machine path) into a local folder. */
    private final Function<String, Path> resolveOutput;
    private final StringProperty archiveName = new SimpleStringProperty(this, "archiveName", "");
    private final ObjectProperty<Path> outputFolder = new SimpleObjectProperty<>(this, "outputFolder");
    private final BooleanProperty overwrite = new SimpleBooleanProperty(this, "overwrite");
    private final ReadOnlyObjectWrapper<ZipResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<Outcome<ZipResult>> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper sizeVersusEstimate = new ReadOnlyStringWrapper(this, "sizeVersusEstimate", "");
    private final ReadOnlyStringWrapper profileMessage = new ReadOnlyStringWrapper(this, "profileMessage", "");
    private final ReadOnlyStringWrapper stagedDescription = new ReadOnlyStringWrapper(this, "stagedDescription", "");
    private final ReleaseService releases;
    private final ReadOnlyBooleanWrapper severalPackages = new ReadOnlyBooleanWrapper(this, "severalPackages");
    private final ObservableList<String> packageNames = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ReleaseResult> release = new ReadOnlyObjectWrapper<>(this, "release");
    private final ReadOnlyObjectWrapper<Outcome<ReleaseResult>> releaseOutcome = new ReadOnlyObjectWrapper<>(this, "releaseOutcome");
    private final ReadOnlyStringWrapper releaseSummary = new ReadOnlyStringWrapper(this, "releaseSummary", "");
    private WizardDraft draft = new WizardDraft();
    private Path staged;
    /** The packages and folder of the release last written, so that pressing again rewrites it. */
    private List<ReleasePlan> releasedPlans = List.of();
    private Path releasedDir;
    /** The draft's package name the field last took; a field still holding it was not edited by the user. */
    private String nameTaken;
    /** What the zip or release shown was written from; null before one. */
    private Written written;

    /**
     * The packages, the builds and the staged folder a zip or a release was written from: results
     * belong to the plan that made them, so another plan, build or staging since clears them.
     */
    private record Written(List<ReleasePlan> plans, Map<String, BuildRecord> builds, Path staged) { }

    /** What the step would write from now, as {@link Written}. */
    private Written current() {
        List<ReleasePlan> plans = draft.severalPackages() ? draft.plans() : List.of(planWithName());
        return new Written(plans, draft.lastBuilds(), draft.severalPackages() ? null : staged);
    }

    /**
     * @param workflows the CI workflow exporter, or null when not available
     */
    public ArchiveStepViewModel(ZipArchiver archiver, ProfileStore profiles, CiWorkflowExporter workflows,
            TaskRunner runner, Function<String, Path> resolveOutput) {
        this(archiver, null, profiles, workflows, runner, resolveOutput);
    }

    /** @param releases the release engine that cuts a release of several packages (null: only one package) */
    public ArchiveStepViewModel(ZipArchiver archiver, ReleaseService releases, ProfileStore profiles, CiWorkflowExporter workflows,
            TaskRunner runner, Function<String, Path> resolveOutput) {
        super(runner);
        this.releases = releases;
        this.runner = runner;
        this.archiver = archiver;
        this.profiles = profiles;
        this.workflows = workflows;
        this.resolveOutput = resolveOutput;
        archiveName.addListener(o -> revalidate());
        outputFolder.addListener(o -> revalidate());
        revalidate();
    }

    @Override
    public StepId id() {
        return StepId.ARCHIVE;
    }

    @Override
    public void enter(WizardDraft d) {
        draft = d;
        severalPackages.set(d.severalPackages());
        packageNames.setAll(d.severalPackages() ? d.plans().stream().map(ReleasePlan::archiveName).toList() : List.of());
        staged = d.stagedDir();
        stagedDescription.set(staged == null ? "No staged package: go back to Review." : "Staged package: " + staged);
        // Several packages are named by their tracks; the one name field is the single package's. It follows
        // the track's name (after Back and another track) until the user types one of their own.
        if (d.archiveName() != null && !d.severalPackages()
                && (archiveName.get().isEmpty() || archiveName.get().equals(nameTaken))) {
            archiveName.set(d.archiveName());
            nameTaken = d.archiveName();
        }
        if (outputFolder.get() == null && d.outputDir() != null) {
            try {
                outputFolder.set(resolveOutput.apply(d.outputDir()));
            } catch (RuntimeException e) {
                error.set("The output folder " + d.outputDir() + " cannot be used here: " + e.getMessage());
            }
        }
        if (written != null && !written.equals(current())) {
            // Another plan, build or staging than the zip or release shown: it no longer describes what Finish would deliver.
            written = null;
            result.set(null);
            release.set(null);
            releaseSummary.set("");
            sizeVersusEstimate.set("");
            status.set("");
        }
        revalidate();
    }

    @Override
    public void leave(WizardDraft d) {
        if (!archiveName.get().isBlank() && !d.severalPackages()) {
            d.archiveName(archiveName.get().strip());
        }
    }

    /**
     * Writes and verifies the zip; ignored while busy or when the inputs are not ready. A zip of
     * the same name that this step did not write is replaced only when the user ticked "Replace";
     * the zip this step wrote itself is written again. A verified zip from before stays shown
     * (and the step complete) until a new one replaces it: a failed or cancelled rewrite leaves
     * the old zip as it was.
     */
    public void start() {
        if (!canStart()) {
            return;
        }
        if (draft.severalPackages()) {
            startRelease();
            return;
        }
        String name = archiveName.get().strip();
        Path zip = outputFolder.get().resolve(name + ".zip");
        ZipResult previous = result.get();
        boolean ours = previous != null && previous.zip().equals(zip);
        if (Files.exists(zip) && !overwrite.get() && !ours) {
            error.set(zip.getFileName() + " already exists in " + zip.getParent() + ". Tick \"Replace a zip of the same name\" "
                    + "to write it again, or give the archive another name.");
            revalidate();
            return;
        }
        ZipRequest request = ZipRequest.of(staged, zip, name).withOverwrite(overwrite.get() || ours);
        error.set("");
        outcome.set(null);
        runJob("Zipping", "Zipping " + zip.getFileName(), (listener, token) -> archiver.run(request, listener, token), o -> {
            if (o instanceof Outcome.Succeeded<ZipResult> s) {
                ZipResult r = s.value();
                sizeVersusEstimate.set(compare(r.zipBytes()));
                written = current();
                result.set(r);
                status.set("Verified " + r.zip().getFileName() + " (" + r.files() + " files).");
            } else {
                error.set(o instanceof Outcome.Failed<ZipResult> f ? f.message() : CANCELLED);
                // The earlier zip is kept by the archiver; it is still the result if it is still there.
                if (result.get() != null && !Files.isRegularFile(result.get().zip())) {
                    result.set(null);
                }
            }
            outcome.set(o);
            revalidate();
        });
        revalidate();
    }

    /**
     * Several packages, through the release engine: prepare (every refusal before work), then each
     * package under the output folder's lock, one after the other, then the sums and the notes.
     */
    private void startRelease() {
        List<ReleasePlan> plans = draft.plans();
        Host host = draft.host();
        Path out = outputFolder.get();
        boolean ours = release.get() != null && out.equals(releasedDir) && plans.equals(releasedPlans);
        boolean force = overwrite.get() || ours;
        List<String> existing = new ArrayList<>();
        for (ReleasePlan p : plans) {
            if (!PackageName.usesVersion(p.archiveName()) && Files.exists(out.resolve(p.archiveName() + ".zip"))) {
                existing.add(p.archiveName() + ".zip");
            }
        }
        for (String f : List.of(Sha256Sums.FILE_NAME, ReleaseNotes.FILE_NAME)) {
            if (Files.exists(out.resolve(f))) {
                existing.add(f);
            }
        }
        if (!existing.isEmpty() && !force) {
            error.set(String.join(", ", existing) + (existing.size() == 1 ? " already exists" : " already exist") + " in " + out
                    + " (an earlier release?). Tick \"Replace files of the same name\" to write the release again, or choose"
                    + " another output folder.");
            revalidate();
            return;
        }
        ReleaseRequest request = ReleaseRequest.of(new Release(plans), "the wizard's release", host, out)
                .withMode(ReleaseRequest.Mode.SKIP_BUILD).withForce(force);
        error.set("");
        releaseOutcome.set(null);
        runJob("Writing the release", "Checking the " + plans.size() + " packages", (listener, token) -> {
            PreparedRelease prepared = releases.prepare(request, listener, token);
            try {
                Files.createDirectories(prepared.outputDir());
            } catch (IOException e) {
                throw new PackagerException("Cannot create the output folder " + prepared.outputDir() + ": " + e.getMessage());
            }
            List<PackageOutcome> outcomes = new ArrayList<>();
            try (OutputLock lock = OutputLock.acquire(prepared.outputDir(), "the wizard's Archive step")) {
                int n = prepared.packages().size();
                for (int i = 0; i < n; i++) {
                    ResolvedPackage pkg = prepared.packages().get(i);
                    listener.status("Package " + (i + 1) + " of " + n + ": " + pkg.name());
                    outcomes.add(releases.runPackage(prepared, pkg, lock, listener, token));
                }
                return releases.finish(prepared, outcomes, lock, listener, token);
            }
        }, o -> {
            if (o instanceof Outcome.Succeeded<ReleaseResult> s) {
                ReleaseResult r = s.value();
                written = current();
                release.set(r);
                releasedPlans = plans;
                releasedDir = out;
                releaseSummary.set(summary(r));
                status.set(r.complete() ? "Release written: " + r.packages().size() + " zips, SHA256SUMS and RELEASE-NOTES.md."
                        : "Incomplete release written.");
            } else {
                error.set(o instanceof Outcome.Failed<ReleaseResult> f ? f.message()
                        : "Cancelled; no partial zip was left, and no SHA256SUMS or notes were written.");
            }
            releaseOutcome.set(o);
            revalidate();
        });
        revalidate();
    }

    /** "Incomplete release: ..." in plain words when a package has no zip; what was written otherwise. */
    private static String summary(ReleaseResult r) {
        List<PackageOutcome> failed = r.packages().stream().filter(o -> !o.zipped()).toList();
        if (failed.isEmpty()) {
            return "Complete release: all " + r.packages().size() + " packages zipped and verified, listed in SHA256SUMS, "
                    + "described in RELEASE-NOTES.md.";
        }
        List<String> why = failed.stream().map(o -> o.pkg().name() + " has no zip: " + o.reason()).toList();
        return "Incomplete release: " + failed.size() + " of " + r.packages().size() + " packages failed and "
                + (failed.size() == 1 ? "has" : "have") + " no zip. " + String.join(" ", why)
                + " SHA256SUMS lists only the zips written; RELEASE-NOTES.md says what failed.";
    }

    /** Saves the release profile (the plan as the command line reads it) to {@code file}. */
    public void saveProfile(Path file) {
        if (draft.severalPackages()) {
            Release r = draft.toRelease();
            runner.run((l, t) -> {
                profiles.save(r, file);
                return file;
            }, new TaskObserver<Path>() {
                @Override
                public void succeeded(Path f) {
                    profileMessage.set("Saved the release profile of " + r.packages().size() + " packages to " + f + ".");
                }

                @Override
                public void failed(Throwable e) {
                    profileMessage.set(failure("Saving the release profile", e).message());
                }
            });
            return;
        }
        ReleasePlan plan = planWithName();
        runner.run((l, t) -> {
            profiles.save(plan, file);
            return file;
        }, new TaskObserver<Path>() {
            @Override
            public void succeeded(Path f) {
                profileMessage.set("Saved the release profile to " + f + ".");
            }

            @Override
            public void failed(Throwable e) {
                profileMessage.set(failure("Saving the release profile", e).message());
            }
        });
    }

    /**
     * Writes a GitHub Actions workflow that cuts this release on a Windows runner, its runners
     * getting HIP Packager as {@link #workflowSource()} says; refused, saying what to enter, while
     * that names no source.
     */
    public void exportWorkflow(Path file) {
        if (workflows == null) {
            profileMessage.set("Exporting a CI workflow is not available in this build.");
            return;
        }
        CiWorkflowOptions.PackagerSource source = workflowSource.source();
        if (source == null) {
            profileMessage.set("The workflow was not written: " + workflowSource.problemProperty().get());
            return;
        }
        ReleasePlan plan = planWithName();
        Release several = draft.severalPackages() ? draft.toRelease() : null;
        String label = (several != null ? "release" : archiveName.get().strip()) + ".json";
        runner.run((l, t) -> {
            CiWorkflowOptions options = CiWorkflowOptions.defaults(label).withPackager(source);
            CiWorkflow w = several != null ? workflows.export(several, options) : workflows.export(plan, options);
            // The file chooser has already asked before replacing an existing file.
            workflows.write(w, file, true);
            return w;
        }, new TaskObserver<CiWorkflow>() {
            @Override
            public void succeeded(CiWorkflow w) {
                profileMessage.set("Wrote the CI workflow to " + file + (w.notes().isEmpty() ? "." : ". Note: " + String.join(" ", w.notes())));
            }

            @Override
            public void failed(Throwable e) {
                profileMessage.set(failure("Exporting the CI workflow", e).message());
            }
        });
    }

    /** Where the exported workflow's runners get HIP Packager, as the export dialog asks it. */
    public WorkflowSourceForm workflowSource() {
        return workflowSource;
    }

    public boolean canExportWorkflow() {
        return workflows != null;
    }

    /** The draft's plan with this step's archive name. */
    public ReleasePlan planWithName() {
        ReleasePlan p = draft.toPlan();
        return archiveName.get().isBlank() ? p : p.withArchiveName(archiveName.get().strip());
    }

    private String compare(long zipBytes) {
        if (draft.estimatedZipLow() < 0) {
            return "Zip size " + SizeText.of(zipBytes) + " (no estimate to compare with).";
        }
        String verdict;
        if (zipBytes < draft.estimatedZipLow()) {
            verdict = "smaller than estimated";
        } else if (zipBytes > draft.estimatedZipHigh()) {
            verdict = "larger than estimated";
        } else {
            verdict = "within the estimate";
        }
        String text = String.format(Locale.ROOT, "Zip size %s, %s (%s to %s).", SizeText.of(zipBytes), verdict,
                SizeText.of(draft.estimatedZipLow()), SizeText.of(draft.estimatedZipHigh()));
        if (draft.sampleMachine() && zipBytes < draft.estimatedZipLow()) {
            text += " This is the sample machine: its SDK files and binaries have real sizes but no content (sparse "
                    + "placeholders of zeros), which compress to almost nothing. A real SDK's kernels and DLLs zip to the "
                    + "estimated range.";
        }
        return text;
    }

    private String nameProblem() {
        String n = archiveName.get() == null ? "" : archiveName.get().strip();
        if (n.isEmpty()) {
            return "Give the archive a name.";
        }
        if (n.indexOf('{') >= 0 || n.indexOf('}') >= 0) {
            // A saved profile would read braces as a placeholder, while this zip takes the name as typed.
            return "Leave '{' and '}' out of the archive name: the zip gets the name as typed here.";
        }
        // The rule a release profile's archiveName follows, so a saved profile loads again.
        return WindowsNames.fileNameProblem(n).map(why -> "Choose another archive name: " + why + ".").orElse(null);
    }

    private void revalidate() {
        if (draft.severalPackages()) {
            blockedBy(release.get() != null && !busy.get() ? null
                    : outputFolder.get() == null ? "Choose the output folder."
                    : busy.get() ? "Writing the release."
                    : "Press \"Write the release\" to zip every package and write SHA256SUMS and RELEASE-NOTES.md.");
            return;
        }
        String reason;
        if (result.get() != null && !busy.get()) {
            reason = null;
        } else if (staged == null) {
            reason = "No staged package yet: complete the Review step.";
        } else if (nameProblem() != null) {
            reason = nameProblem();
        } else if (outputFolder.get() == null) {
            reason = "Choose the output folder.";
        } else if (busy.get()) {
            reason = "Zipping.";
        } else {
            reason = "Press \"Write and verify zip\" to make the package's zip.";
        }
        blockedBy(reason);
    }

    /** Whether Start can be pressed. */
    public boolean canStart() {
        if (draft.severalPackages()) {
            return !busy.get() && releases != null && outputFolder.get() != null && draft.host() != null;
        }
        return !busy.get() && staged != null && outputFolder.get() != null && nameProblem() == null;
    }

    public StringProperty archiveNameProperty() { return archiveName; }
    public ObjectProperty<Path> outputFolderProperty() { return outputFolder; }
    public BooleanProperty overwriteProperty() { return overwrite; }
    public ReadOnlyObjectProperty<ZipResult> resultProperty() { return result.getReadOnlyProperty(); }
    /** How the last zip ended (null while none ended, and while one runs): for notices. */
    public ReadOnlyObjectProperty<Outcome<ZipResult>> outcomeProperty() { return outcome.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sizeVersusEstimateProperty() { return sizeVersusEstimate.getReadOnlyProperty(); }
    public ReadOnlyStringProperty profileMessageProperty() { return profileMessage.getReadOnlyProperty(); }
    public ReadOnlyStringProperty stagedDescriptionProperty() { return stagedDescription.getReadOnlyProperty(); }
    /** True when the draft makes several packages: the step writes a release. */
    public ReadOnlyBooleanProperty severalPackagesProperty() { return severalPackages.getReadOnlyProperty(); }
    /** The names of the packages of a release of several, in order; empty for one package. */
    public ObservableList<String> packageNames() { return packageNames; }
    /** The release last written (null before one, and once the packages changed). */
    public ReadOnlyObjectProperty<ReleaseResult> releaseProperty() { return release.getReadOnlyProperty(); }
    /** How the last release ended (null while none ended, and while one runs): for notices. */
    public ReadOnlyObjectProperty<Outcome<ReleaseResult>> releaseOutcomeProperty() { return releaseOutcome.getReadOnlyProperty(); }
    /** "Complete release: ..." or "Incomplete release: ..." with each failed package and why; empty before one. */
    public ReadOnlyStringProperty releaseSummaryProperty() { return releaseSummary.getReadOnlyProperty(); }
}
