package dev.hippack.ui.app;

import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipResult;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.estimate.SizeEstimator;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.profile.CiWorkflowExporter;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.release.ReleaseResult;
import dev.hippack.core.release.ReleaseService;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.verify.PackageVerifier;
import dev.hippack.launch.ApplicationVersion;
import dev.hippack.launch.GuiRequest;
import dev.hippack.ui.common.FailureDialog;
import dev.hippack.ui.common.FileOpener;
import dev.hippack.ui.common.Notifier;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.SizeText;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.settings.AppSettings;
import dev.hippack.ui.steps.archive.ArchiveStepView;
import dev.hippack.ui.steps.archive.ArchiveStepViewModel;
import dev.hippack.ui.steps.build.BuildStepView;
import dev.hippack.ui.steps.build.BuildStepViewModel;
import dev.hippack.ui.steps.build.PackageBuild;
import dev.hippack.ui.steps.environment.EnvironmentStepView;
import dev.hippack.ui.steps.environment.EnvironmentStepViewModel;
import dev.hippack.ui.steps.environment.HostSource;
import dev.hippack.ui.steps.review.PackageTreeReader;
import dev.hippack.ui.steps.review.ReviewStepView;
import dev.hippack.ui.steps.review.ReviewStepViewModel;
import dev.hippack.ui.steps.PlanJudge;
import dev.hippack.ui.steps.track.CoreEstimates;
import dev.hippack.ui.steps.track.TrackStepView;
import dev.hippack.ui.steps.track.TrackStepViewModel;
import dev.hippack.ui.wizard.Confirmation;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.StepView;
import dev.hippack.ui.wizard.StepViewModel;
import dev.hippack.ui.wizard.WizardDraft;
import dev.hippack.ui.wizard.WizardViewModel;
import dev.hippack.ui.wizard.WizardWindow;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;

/**
 * Wires the engine's services into the five steps once, and builds the window. Tests build it
 * with their own runner, executor and confirmation, and put its scene on a stage.
 */
public final class Wizard {

    /** Milliseconds one ninja step of the stand-in build takes (the sample environment's build). */
    public static final String STAND_IN_PACE = "hippack.standInPaceMillis";

    private final GuiRequest request;
    private final WizardDraft draft;
    private final WizardViewModel vm;
    private final WizardWindow window;
    private final StringBinding title;
    private final EnvironmentStepViewModel environment;
    private final TrackStepViewModel track;
    private final BuildStepViewModel build;
    private final ReviewStepViewModel review;
    private final ArchiveStepViewModel archive;
    private final FileOpener opener;
    /** The --demo sample machine, or null when the wizard is not on it. */
    private final DemoSample sample;
    private Notifier notifier = Notifier.NONE;
    private boolean tourBuilt;
    private boolean tourArchived;

    public Wizard(GuiRequest request, Catalog catalog, TaskRunner runner, Executor fx, FileOpener opener,
            AppSettings settings, Confirmation confirmation, Runnable close) {
        this(request, catalog, runner, fx, opener, settings, confirmation, close, false);
    }

    /** @param systemDark whether the desktop asks for a dark look (what the theme shows until the user picks one) */
    public Wizard(GuiRequest request, Catalog catalog, TaskRunner runner, Executor fx, FileOpener opener,
            AppSettings settings, Confirmation confirmation, Runnable close, boolean systemDark) {
        this(new Models(request, catalog, runner, settings), opener, confirmation, close, systemDark);
    }

    /**
     * The window for {@code models}; on the FX thread. The application makes the models while
     * JavaFX starts its toolkit ({@link WizardLauncher}), so that the FX thread, the first frame's
     * only path, builds only the window (docs/design.md §10.1).
     */
    Wizard(Models models, FileOpener opener, Confirmation confirmation, Runnable close, boolean systemDark) {
        this.request = models.request;
        this.opener = opener;
        this.draft = models.draft;
        this.sample = models.sample;
        this.environment = models.environment;
        this.track = models.track;
        this.build = models.build;
        this.review = models.review;
        this.archive = models.archive;
        this.vm = models.vm;
        noticesOnLongTasks();

        AtomicReference<WizardWindow> shown = new AtomicReference<>();
        FailureDialog failures = new FailureDialog(() -> shown.get() == null ? null : shown.get().scene().getWindow(),
                ApplicationVersion.version());
        window = new WizardWindow(vm, demoNotice(request), this::view, confirmation, close, failures, systemDark, 1180, 780);
        shown.set(window);
        notifier = window.notifier();
        title = Bindings.createStringBinding(() -> {
            StepId id = vm.currentId();
            return "HIP Packager" + (id == null ? "" : " - " + id.title())
                    + (request.demo() ? " - SAMPLE ENVIRONMENT (--demo)" : "")
                    + (request.hostDir() != null ? " - host " + request.hostDir() : "");
        }, vm.currentProperty());
        vm.start();
    }

    /** Where notices go when the build or the zip ends (inside the window unless set otherwise). */
    public void notifyWith(Notifier n) {
        notifier = n == null ? Notifier.NONE : n;
    }

    /** The one package's build ended: how, in a sentence. */
    private static Notifier.Notice buildEnded(PackageBuild b) {
        BuildResult r = b.result();
        if (r == null) {
            return b.state() == PackageBuild.State.FAILED
                    ? new Notifier.Notice(Severity.ERROR, "Build not started", b.error())
                    : new Notifier.Notice(Severity.WARNING, "Build cancelled", BuildStepViewModel.CANCELLED);
        }
        if (r.cancelled()) {
            return new Notifier.Notice(Severity.WARNING, "Build cancelled", "No process of the build is left running.");
        }
        if (r.success()) {
            return new Notifier.Notice(Severity.INFO, "Build finished",
                    String.join(" and ", r.outputs().stream().map(p -> p.substring(p.lastIndexOf('\\') + 1)).toList()) + " built.");
        }
        long errors = r.findings().stream().filter(Finding::isError).count();
        return new Notifier.Notice(Severity.ERROR, "Build failed",
                errors + (errors == 1 ? " problem" : " problems") + " found; the Build step lists each with its fix.");
    }

    /** The builds of several packages ended: how many were built. */
    private static Notifier.Notice buildsEnded(List<PackageBuild> builds) {
        long ok = builds.stream().filter(b -> b.state() == PackageBuild.State.BUILT).count();
        return ok == builds.size()
                ? new Notifier.Notice(Severity.INFO, "Builds finished", "All " + ok + " packages built.")
                : new Notifier.Notice(Severity.ERROR, "Builds incomplete", ok + " of " + builds.size()
                        + " packages built; the Build step shows each package's state and log.");
    }

    /** The build and the zip take minutes: say when they end, and how. */
    private void noticesOnLongTasks() {
        build.releaseEndedProperty().addListener((o, was, builds) -> {
            if (builds != null) {
                notifier.show(builds.size() == 1 ? buildEnded(builds.get(0)) : buildsEnded(builds));
            }
        });
        archive.releaseOutcomeProperty().addListener((o, was, outcome) -> {
            if (outcome instanceof Outcome.Succeeded<ReleaseResult> s) {
                ReleaseResult r = s.value();
                long zips = r.packages().stream().filter(p -> p.zipped()).count();
                notifier.show(r.complete()
                        ? new Notifier.Notice(Severity.INFO, "Release written", zips + " zips, SHA256SUMS and RELEASE-NOTES.md are ready.")
                        : new Notifier.Notice(Severity.WARNING, "Incomplete release", zips + " of " + r.packages().size()
                                + " packages zipped; RELEASE-NOTES.md says what failed."));
            } else if (outcome instanceof Outcome.Failed<ReleaseResult> f) {
                notifier.show(new Notifier.Notice(Severity.ERROR, "Release not written", f.message()));
            } else if (outcome != null) {
                notifier.show(new Notifier.Notice(Severity.WARNING, "Release not written", "Cancelled."));
            }
        });
        archive.outcomeProperty().addListener((o, was, outcome) -> {
            if (outcome instanceof Outcome.Succeeded<ZipResult> s) {
                notifier.show(new Notifier.Notice(Severity.INFO, "Archive verified",
                        s.value().zip().getFileName() + " (" + SizeText.of(s.value().zipBytes()) + ") is ready, with SHA256SUMS."));
            } else if (outcome instanceof Outcome.Cancelled<ZipResult>) {
                notifier.show(new Notifier.Notice(Severity.WARNING, "Archive not made", ArchiveStepViewModel.CANCELLED));
            } else if (outcome instanceof Outcome.Failed<ZipResult> f) {
                notifier.show(new Notifier.Notice(Severity.ERROR, "Archive not made", f.message()));
            }
        });
    }

    /**
     * The wizard's engine and step view-models, wired once: no JavaFX scene in them, so any thread
     * may make them (the application makes them on a thread of its own while JavaFX starts), and the
     * FX thread takes them over with the {@link Wizard} made from them. Nothing runs until the window
     * starts its first step.
     */
    static final class Models {
        final GuiRequest request;
        final WizardDraft draft;
        /** The --demo sample machine, or null when the wizard is not on it. */
        final DemoSample sample;
        final EnvironmentStepViewModel environment;
        final TrackStepViewModel track;
        final BuildStepViewModel build;
        final ReviewStepViewModel review;
        final ArchiveStepViewModel archive;
        final WizardViewModel vm;

        Models(GuiRequest request, Catalog catalog, TaskRunner runner, AppSettings settings) {
            this(request, catalog, runner, settings, dir -> new SampleEnvironmentWriter(catalog).write(dir).host());
        }

        /** {@code sampleWriter} makes the --demo sample machine (tests: a copy of one written before, in a fraction of the time). */
        Models(GuiRequest request, Catalog catalog, TaskRunner runner, AppSettings settings, DemoSample.Writer sampleWriter) {
            this.request = request;
            draft = WizardDraft.forTrack(catalog.tracks().get(0));
            draft.sampleMachine(request.demo());
            if (request.demo()) {
                // The sample machine has its own release folder; the user's settings are not about it.
                draft.outputDir(SampleEnvironmentWriter.OUTPUT_DIR);
            } else {
                draft.source(settings.lastCheckout());
                draft.outputDir(settings.outputFolder());
            }

            PlanRules rules = new PlanRules(catalog);
            PlanJudge judge = PlanJudge.of(rules, draft::factsFor);
            ProfileStore profiles = new ProfileStore(catalog);
            Duration pace = Duration.ofMillis(Long.getLong(STAND_IN_PACE, 25));

            sample = request.demo() ? new DemoSample(sampleWriter) : null;
            environment = new EnvironmentStepViewModel(hostSource(request, sample), MachineDetector.standard(catalog), runner);
            track = new TrackStepViewModel(catalog, CoreEstimates.estimator(new SizeEstimator(catalog, rules), draft::factsFor), judge);
            // One release engine for every run (a release of one or more packages): Build asks it first, Archive cuts the release with it.
            ReleaseService releases = ReleaseService.standard(catalog);
            build = new BuildStepViewModel(host -> BuildService.forHost(host, pace), releases, judge, runner, Clock.systemUTC());
            review = new ReviewStepViewModel(new LayoutPlanner(catalog), new Stager(), PackageVerifier.standard(catalog),
                    new PackageTreeReader(new KernelFileClassifier()), runner);
            archive = new ArchiveStepViewModel(new ZipArchiver(), releases, profiles, new CiWorkflowExporter(catalog, profiles),
                    runner, hostPath -> draft.host().resolve(hostPath));
            List<StepViewModel> steps = List.of(environment, track, build, review, archive);
            vm = new WizardViewModel(steps, draft);
        }
    }

    /** The machine to detect on: the sample (made when first asked, in the background), a described one, or this one. */
    private static HostSource hostSource(GuiRequest request, DemoSample sample) {
        if (sample != null) {
            return sample::open;
        }
        if (request.hostDir() != null) {
            return () -> Host.describe(request.hostDir());
        }
        return Host::local;
    }

    private static String demoNotice(GuiRequest request) {
        if (request.demo()) {
            return "Sample environment (--demo): a generated Windows build machine, not this computer. It is removed, "
                    + "with any zip written into it, when the window closes: to keep a zip, choose an output folder of yours on Archive.";
        }
        if (request.hostDir() != null) {
            return "Described host (--host " + request.hostDir() + "): the machine shown is the one described there.";
        }
        return null;
    }

    private StepView view(StepId id) {
        return switch (id) {
            case ENVIRONMENT -> new EnvironmentStepView(environment);
            case TRACK -> new TrackStepView(track);
            case BUILD -> new BuildStepView(build, opener);
            case REVIEW -> new ReviewStepView(review);
            case ARCHIVE -> new ArchiveStepView(archive, opener);
        };
    }

    public WizardWindow window() { return window; }
    public WizardViewModel viewModel() { return vm; }
    public WizardDraft draft() { return draft; }
    public StringBinding titleProperty() { return title; }
    public GuiRequest request() { return request; }
    public BuildStepViewModel build() { return build; }
    public ArchiveStepViewModel archive() { return archive; }
    public ReviewStepViewModel review() { return review; }
    public EnvironmentStepViewModel environment() { return environment; }
    public TrackStepViewModel track() { return track; }

    /** The settings with this session's checkout and output folder (never the sample's). */
    public AppSettings rememberedChoices(AppSettings s) {
        if (request.demo()) {
            return s;
        }
        AppSettings out = s;
        if (draft.source() != null) {
            out = out.withLastCheckout(draft.source());
        }
        if (draft.outputDir() != null) {
            out = out.withOutputFolder(draft.outputDir());
        }
        return out;
    }

    /**
     * For the screenshot tour: starts the step's main action once if it has one that is not done
     * yet (build, archive). Returns true when something was started.
     */
    boolean tourAction(StepId id) {
        if (id == StepId.BUILD && !tourBuilt && build.canStart()) {
            tourBuilt = true;
            build.start();
            return true;
        }
        if (id == StepId.ARCHIVE && !tourArchived && archive.canStart()) {
            tourArchived = true;
            archive.start();
            return true;
        }
        return false;
    }

    /** Stops what runs in the background (the app is closing) and removes the sample machine, if any. */
    public void close() {
        vm.cancelTask();
        if (sample != null) {
            sample.close();
        }
    }
}
