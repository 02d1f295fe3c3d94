package dev.hippack.ui.steps.archive;

import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.CiWorkflow;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.CiWorkflowOptions;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.TaskObserver;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Step 5. Zips the staged folder with the engine's archiver (written under a temporary name,
 * read back and checked, then renamed), shows the SHA-256 and the size against the estimate, and
 * saves the release profile in the same JSON the command line reads. Complete once a verified
 * zip exists.
 */
public final class ArchiveStepViewModel extends AbstractStepViewModel {

    /** The error text after the user cancelled the zip. */
    public static final String CANCELLED = "Cancelled; the partial zip was removed.";

    private final ZipArchiver archiver;
    private final ProfileStore profiles;
    private final CiWorkflowExporter workflows;
    private final String packagerVersion;
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
    private WizardDraft draft = new WizardDraft();
    private Path staged;

    /**
     * @param workflows       the CI workflow exporter, or null when not available
     * @param packagerVersion HIP Packager's version, which the workflow builds on the runner
     */
    public ArchiveStepViewModel(ZipArchiver archiver, ProfileStore profiles, CiWorkflowExporter workflows,
            String packagerVersion, TaskRunner runner, Function<String, Path> resolveOutput) {
        super(runner);
        this.runner = runner;
        this.archiver = archiver;
        this.profiles = profiles;
        this.workflows = workflows;
        this.packagerVersion = packagerVersion;
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
        staged = d.stagedDir();
        stagedDescription.set(staged == null ? "No staged package: go back to Review." : "Staged package: " + staged);
        if (archiveName.get().isEmpty() && d.archiveName() != null) {
            archiveName.set(d.archiveName());
        }
        if (outputFolder.get() == null && d.outputDir() != null) {
            try {
                outputFolder.set(resolveOutput.apply(d.outputDir()));
            } catch (RuntimeException e) {
                error.set("The output folder " + d.outputDir() + " cannot be used here: " + e.getMessage());
            }
        }
        revalidate();
    }

    @Override
    public void leave(WizardDraft d) {
        if (!archiveName.get().isBlank()) {
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

    /** Saves the release profile (the plan as the command line reads it) to {@code file}. */
    public void saveProfile(Path file) {
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

    /** Writes a GitHub Actions workflow that cuts this release on a Windows runner. */
    public void exportWorkflow(Path file) {
        if (workflows == null) {
            profileMessage.set("Exporting a CI workflow is not available in this build.");
            return;
        }
        ReleasePlan plan = planWithName();
        String label = archiveName.get().strip() + ".json";
        runner.run((l, t) -> {
            CiWorkflow w = workflows.export(plan, CiWorkflowOptions.defaults(packagerVersion, label));
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
        if (!n.matches("[A-Za-z0-9._-]+")) {
            return "Use only letters, digits, '.', '_' and '-' in the archive name.";
        }
        return null;
    }

    private void revalidate() {
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
}
