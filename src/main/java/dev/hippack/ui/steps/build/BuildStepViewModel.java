package dev.hippack.ui.steps.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildScriptArguments;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.build.BuiltFor;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.build.WindowsCommandLine;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.ToolsetVerdict;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;
import dev.hippack.core.release.ReleaseRequest;
import dev.hippack.core.release.ReleaseService;
import dev.hippack.ui.common.Outcome;
import dev.hippack.ui.common.TaskRunner;
import dev.hippack.ui.run.LogBuffer;
import dev.hippack.ui.steps.PlanJudge;
import dev.hippack.ui.wizard.AbstractStepViewModel;
import dev.hippack.ui.wizard.StepId;
import dev.hippack.ui.wizard.WizardDraft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Step 3. Holds the build options (toolset, jobs, build folder, hipBLASLt / VMM / graphs), shows
 * the exact command lines the engine will run, and runs the engine's build in the background:
 * progress from ninja's [n/m], status as text, every log line into the {@link LogBuffer}.
 * Complete when the build succeeded, or when the user chose to use binaries already built and
 * they exist.
 *
 * <p>For a release of several packages ({@link WizardDraft#severalPackages()}) the same Start
 * builds each package in its own build folder, one after the other, each as its own task with its
 * own log ({@link #packageBuilds()}); the release engine's {@link ReleaseService#prepare} refuses
 * first what it refuses (two packages in one build folder, names that cannot be made). A package
 * that fails does not stop the next; cancelling ends the running build's process tree and the
 * packages after it are not run. Complete when every package was built.
 */
public final class BuildStepViewModel extends AbstractStepViewModel {

    /** The error text after the user cancelled the build's task. */
    public static final String CANCELLED = "Cancelled: the build's processes were ended.";

    private final Function<Host, BuildService> services;
    /**
     * The core's judge of the binaries in a build folder against a plan (CMakeCache, build record,
     * files), as {@code stage} and {@code package} use it: after this session's build as for
     * binaries built earlier.
     */
    private final CheckoutInspector checkout = new CheckoutInspector();
    private final BuiltBinariesCheck binariesCheck = new BuiltBinariesCheck(checkout::revision);
    private final PlanJudge judge;
    private final LogBuffer log;
    private final Clock clock;
    private final StringProperty toolset = new SimpleStringProperty(this, "toolset", ReleasePlan.RECOMMENDED_TOOLSET);
    private final IntegerProperty jobs = new SimpleIntegerProperty(this, "jobs", 0);
    private final StringProperty buildDir = new SimpleStringProperty(this, "buildDir", "");
    private final BooleanProperty hipblaslt = new SimpleBooleanProperty(this, "hipblaslt", true);
    private final BooleanProperty vmm = new SimpleBooleanProperty(this, "vmm", false);
    private final BooleanProperty graphs = new SimpleBooleanProperty(this, "graphs", false);
    private final BooleanProperty useExisting = new SimpleBooleanProperty(this, "useExisting", false);
    private final ObservableList<String> toolsets = FXCollections.observableArrayList();
    private final ObservableList<String> commandLines = FXCollections.observableArrayList();
    private final ObservableList<Finding> findings = FXCollections.observableArrayList();
    private final ObservableList<Finding> optionFindings = FXCollections.observableArrayList();
    private final ObservableList<BinaryBuild> binaries = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<BuildResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<Instant> startedAt = new ReadOnlyObjectWrapper<>(this, "startedAt");
    private final ReadOnlyObjectWrapper<Instant> endedAt = new ReadOnlyObjectWrapper<>(this, "endedAt");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper existingDescription = new ReadOnlyStringWrapper(this, "existingDescription", "");
    private final ReadOnlyObjectWrapper<Path> logFile = new ReadOnlyObjectWrapper<>(this, "logFile");
    private final ReadOnlyObjectWrapper<Outcome<BuildResult>> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");
    private final ReadOnlyStringWrapper rebuildNotice = new ReadOnlyStringWrapper(this, "rebuildNotice", "");
    private final ReadOnlyStringWrapper builtNote = new ReadOnlyStringWrapper(this, "builtNote", "");
    private final ReadOnlyBooleanWrapper outcomeShown = new ReadOnlyBooleanWrapper(this, "outcomeShown");
    private final ReadOnlyBooleanWrapper severalPackages = new ReadOnlyBooleanWrapper(this, "severalPackages");
    private final ObservableList<PackageBuild> packageBuilds = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<List<PackageBuild>> releaseEnded = new ReadOnlyObjectWrapper<>(this, "releaseEnded");
    private final ReadOnlyBooleanWrapper completed = new ReadOnlyBooleanWrapper(this, "completed");
    /** The release engine, for its refusals before the builds of several packages; null where not wired. */
    private final ReleaseService releases;
    /** The plans {@link #packageBuilds} were made for (with this step's options). */
    private List<ReleasePlan> releasePlans = List.of();
    private WizardDraft draft = new WizardDraft();
    private Host serviceHost;
    private BuildService service;
    /** What the last build started in this session was for, whatever its outcome; null before one. */
    private BuiltFor attemptedFor;
    /** The build folder (a host path) and the plan's name for it that the last build wrote into. */
    private String attemptedDir;
    private String attemptedDirName;
    /**
     * The record the last build of this session wrote beside its binaries (in {@link #attemptedDir});
     * null before one, and while or after one that did not succeed.
     */
    private BuildRecord built;
    /** The binaries in the plan's build folder as the core's check saw them at the last refresh. */
    private Folder folder = Folder.NONE;
    /** The rows, status and error the attempt for {@link #attemptedFor} ended with: shown again while the plan matches. */
    private List<BinaryBuild> attemptRows = List.of();
    private String attemptStatus = "";
    private String attemptError = "";
    /** How the attempt for {@link #attemptedFor} ended when it did not build; null otherwise. */
    private Unfinished lastEnd;
    private boolean loading;

    private enum Unfinished { CANCELLED, FAILED, NOT_STARTED }

    public BuildStepViewModel(Function<Host, BuildService> services, PlanJudge judge, TaskRunner runner, LogBuffer log, Clock clock) {
        this(services, null, judge, runner, log, clock);
    }

    /** @param releases the release engine, whose {@link ReleaseService#prepare} checks a release of several before its builds */
    public BuildStepViewModel(Function<Host, BuildService> services, ReleaseService releases, PlanJudge judge, TaskRunner runner,
                              LogBuffer log, Clock clock) {
        super(runner);
        this.releases = releases;
        this.services = services;
        this.judge = judge;
        this.log = log;
        this.clock = clock;
        // Whether an option makes the last build stale is decided by the core: BuiltBinariesCheck (through BuiltFor).
        Runnable changed = () -> {
            if (!loading) {
                refresh();
            }
        };
        toolset.addListener(o -> changed.run());
        jobs.addListener(o -> changed.run());
        buildDir.addListener(o -> changed.run());
        hipblaslt.addListener(o -> changed.run());
        vmm.addListener(o -> changed.run());
        graphs.addListener(o -> changed.run());
        useExisting.addListener(o -> refresh());
        // One package: its last build, for the plan as it is, succeeded. Several: the last builds
        // ended with every package built (releaseEnded is cleared when the packages change).
        completed.bind(Bindings.createBooleanBinding(() -> severalPackages.get()
                        ? releaseEnded.get() != null && releaseEnded.get().stream().allMatch(b -> b.state() == PackageBuild.State.BUILT)
                        : outcomeShown.get() && result.get() != null && result.get().success(),
                severalPackages, releaseEnded, outcomeShown, result));
        refresh();
    }

    @Override
    public StepId id() {
        return StepId.BUILD;
    }

    @Override
    public void enter(WizardDraft d) {
        draft = d;
        loading = true;
        try {
            toolset.set(d.toolset());
            jobs.set(d.jobs());
            buildDir.set(d.buildDir() == null ? "" : d.buildDir());
            hipblaslt.set(d.options().hipblaslt());
            vmm.set(d.options().vmm());
            graphs.set(d.options().graphs());
            useExisting.set(d.useExistingBinaries());
            List<String> found = new ArrayList<>();
            MachineReport r = d.report();
            if (r != null && d.vsInstance() != null) {
                r.visualStudioAt(d.vsInstance()).ifPresent(vs -> vs.toolsets().stream()
                        .filter(t -> t.verdict() != ToolsetVerdict.INCOMPLETE)
                        .map(MsvcToolset::vcvarsVersion).distinct().forEach(found::add));
            }
            if (!found.contains(ReleasePlan.RECOMMENDED_TOOLSET)) {
                found.add(0, ReleasePlan.RECOMMENDED_TOOLSET);
            }
            toolsets.setAll(found);
        } finally {
            loading = false;
        }
        refresh();
    }

    @Override
    public void leave(WizardDraft d) {
        write(d);
        d.useExistingBinaries(useExisting.get());
        d.lastBuild(built);
        Map<String, BuildRecord> records = new LinkedHashMap<>();
        if (d.severalPackages() && releasePlans.equals(d.plans())) {
            packageBuilds.stream().filter(b -> b.record() != null).forEach(b -> records.put(b.name(), b.record()));
        }
        d.lastBuilds(records);
    }

    private void write(WizardDraft d) {
        d.toolset(toolset.get() == null || toolset.get().isBlank() ? ReleasePlan.RECOMMENDED_TOOLSET : toolset.get().strip());
        d.jobs(Math.max(0, jobs.get()));
        // Each package of several builds in its own track's folder: the one field is not theirs.
        if (!d.severalPackages() && buildDir.get() != null && !buildDir.get().isBlank()) {
            d.buildDir(buildDir.get().strip());
        }
        d.options(new BuildOptions(hipblaslt.get(), vmm.get(), graphs.get(), d.options().nativeCpu(), d.options().deploymentBuild()));
    }

    /** The plan with this step's options. */
    public ReleasePlan plan() {
        WizardDraft copy = new WizardDraft();
        copy.load(draft.toPlan());
        write(copy);
        return copy.toPlan();
    }

    private Optional<BuildScriptFacts> script() {
        MachineReport r = draft.report();
        return r == null || r.checkout() == null ? Optional.empty() : r.checkout().scriptFacts();
    }

    /** The command line that builds each of the plan's binaries, as shown to the user (one line each). */
    private void addCommandLines(ReleasePlan plan, BuildScriptFacts script) {
        for (String b : plan.binaries()) {
            List<String> shown = new ArrayList<>(List.of("powershell", "-NoProfile", "-ExecutionPolicy", "Bypass",
                    "-File", BuildScriptArguments.SCRIPT));
            shown.addAll(BuildScriptArguments.forTarget(plan, script, b));
            commandLines.add(WindowsCommandLine.join(shown));
        }
    }

    /** A finding about the build's own options and toolset (what this step shows beside the commands). */
    private static boolean isBuildOption(Finding f) {
        return f.id().startsWith("build.") || f.id().startsWith("toolset.");
    }

    /** The packages with this step's options: one plan, or one per package of a release of several. */
    public List<ReleasePlan> plans() {
        WizardDraft copy = new WizardDraft();
        copy.load(draft.toPlan());
        copy.sdkByVersion(draft.sdkByVersion());
        copy.packages(draft.packages());
        write(copy);
        return copy.plans();
    }

    private void refresh() {
        severalPackages.set(draft.severalPackages());
        if (draft.severalPackages()) {
            refreshRelease();
            return;
        }
        ReleasePlan plan = draft.track() == null ? null : plan();
        if (!busy.get()) {
            // A running build rewrites the folder: it is judged again when the build ends.
            folder = inspect(plan);
            // While idle the rows, the status and the error show the last build while it is for this
            // plan; once the plan differs they list what Start will build, and the last build no longer counts.
            boolean current = plan != null && attemptCurrent(plan);
            if (current) {
                if (!binaries.equals(attemptRows)) {
                    binaries.setAll(attemptRows);
                }
                status.set(attemptStatus);
                error.set(attemptError);
            } else {
                List<String> names = plan == null ? List.of() : plan.binaries();
                if (binaries.stream().anyMatch(b -> b.state() != PartState.WAITING)
                        || !names.equals(binaries.stream().map(BinaryBuild::binary).toList())) {
                    binaries.setAll(names.stream().map(BinaryBuild::new).toList());
                }
                status.set("");
                error.set("");
            }
            outcomeShown.set(current && result.get() != null && !result.get().cancelled());
            rebuildNotice.set(plan == null ? "" : rebuildNotice(plan));
            builtNote.set(builtHere() && folder.good() && !folder.notes().isEmpty()
                    ? "Built for " + built.builtFor().describe() + ", and usable for this plan:" + folder.notes() : "");
        }
        commandLines.clear();
        optionFindings.clear();
        if (plan != null) {
            Optional<BuildScriptFacts> script = script();
            if (script.isPresent() && plan.sdk() != null) {
                addCommandLines(plan, script.get());
            }
            if (judge != null) {
                optionFindings.setAll(judge.judge(plan).stream().filter(BuildStepViewModel::isBuildOption).toList());
            }
        }
        String problem = existingProblem(plan);
        existingDescription.set(problem == null ? "Found the binaries of an earlier build." + folder.notes() : problem);
        revalidate();
    }

    /**
     * The binaries in the plan's build folder: which are missing and, when none is, what the
     * core's check says about them.
     */
    private record Folder(String dir, List<String> missing, List<Finding> findings, String unusable) {

        static final Folder NONE = new Folder(null, List.of(), List.of(), null);

        List<Finding> errors() {
            return findings.stream().filter(Finding::isError).toList();
        }

        /** What the check says besides errors (built outside HIP Packager, more targets), as sentences after a space. */
        String notes() {
            List<String> notes = findings.stream().filter(f -> !f.isError()).map(Finding::message).toList();
            return notes.isEmpty() ? "" : " " + String.join(" ", notes);
        }

        /** The binaries are all there and the check found no error. */
        boolean good() {
            return dir != null && unusable == null && missing.isEmpty() && errors().isEmpty();
        }
    }

    private Folder inspect(ReleasePlan plan) {
        Host host = draft.host();
        if (plan == null || host == null || plan.source() == null) {
            return Folder.NONE;
        }
        String dir;
        try {
            dir = buildDirOf(plan, host);
        } catch (RuntimeException e) {
            return new Folder(null, List.of(), List.of(), e.getMessage());
        }
        List<String> missing = new ArrayList<>();
        for (String b : plan.binaries()) {
            String exe = host.join(dir, "bin", b + ".exe");
            try {
                if (!Files.isRegularFile(host.resolve(exe))) {
                    missing.add(exe);
                }
            } catch (RuntimeException e) {
                missing.add(exe);
            }
        }
        if (!missing.isEmpty()) {
            return new Folder(dir, missing, List.of(), null);
        }
        try {
            return new Folder(dir, List.of(), binariesCheck.check(plan, host), null);
        } catch (PackagerException e) {
            return new Folder(dir, List.of(), List.of(), e.getMessage());
        } catch (IllegalArgumentException e) {
            // A build folder typed into the field that is no path on this machine.
            return new Folder(dir, List.of(), List.of(), "The build folder " + dir + " cannot be read here: " + e.getMessage());
        }
    }

    /** True when this session's last build succeeded into the plan's build folder. */
    private boolean builtHere() {
        return built != null && folder.dir() != null && folder.dir().equals(attemptedDir);
    }

    /**
     * Whether the last attempt's rows and status describe the plan: a build that succeeded while
     * the core's check still finds its binaries good for the plan; one that did not, while the plan
     * asks for exactly what it tried.
     */
    private boolean attemptCurrent(ReleasePlan plan) {
        if (attemptedFor == null || folder.dir() == null || !folder.dir().equals(attemptedDir)) {
            return false;
        }
        return built != null ? folder.good() : attemptedFor.differences(plan).isEmpty();
    }

    /** "Built for ... - rebuild needed: ..." when this session's build does not serve the plan; empty otherwise. */
    private String rebuildNotice(ReleasePlan plan) {
        if (built == null) {
            return "";
        }
        String head = "Built for " + built.builtFor().describe() + " - rebuild needed: ";
        if (!builtHere()) {
            List<String> why = new ArrayList<>();
            why.add("the plan builds in " + plan.buildDir() + ", the build was in " + attemptedDirName);
            built.builtFor().problems(plan).forEach(d -> why.add(d.describe()));
            return head + String.join("; ", why) + ".";
        }
        if (folder.unusable() != null) {
            return head + folder.unusable();
        }
        if (!folder.missing().isEmpty()) {
            return head + "its binaries are gone (" + String.join(", ", folder.missing()) + ").";
        }
        List<Finding> errors = folder.errors();
        return errors.isEmpty() ? "" : head + String.join(" ", errors.stream().map(Finding::message).toList());
    }

    /**
     * Why "use existing binaries" cannot be used now; null when every binary exists and the core's
     * binaries check (build record and CMakeCache) finds them built for this plan.
     */
    private String existingProblem(ReleasePlan plan) {
        if (plan == null || draft.host() == null || plan.source() == null) {
            return "No checkout known, so no earlier binaries can be found.";
        }
        if (folder.unusable() != null) {
            return folder.unusable();
        }
        if (!folder.missing().isEmpty()) {
            return "Not built yet: " + String.join(", ", folder.missing());
        }
        if (attemptedFor != null && built == null && folder.dir().equals(attemptedDir)) {
            return "The last build into " + plan.buildDir() + " did not finish, so its binaries may be partly rebuilt: "
                    + "build again.";
        }
        List<Finding> errors = folder.errors();
        if (errors.isEmpty()) {
            return null;
        }
        if (builtHere()) {
            return "The binaries in " + plan.buildDir() + " were built in this session for " + built.builtFor().describe()
                    + " - rebuild needed: " + String.join(" ", errors.stream().map(Finding::message).toList());
        }
        return "These binaries do not match the plan: " + errors.get(0).message() + " Rebuild: turn off"
                + " \"use existing binaries\" and press Start.";
    }

    private String buildDirOf(ReleasePlan plan, Host host) {
        return service(host).buildDirOf(plan);
    }

    /** One service per machine: making one may ask the console for its code page. */
    private BuildService service(Host host) {
        if (service == null || serviceHost != host) {
            service = services.apply(host);
            serviceHost = host;
        }
        return service;
    }

    /** {@link #refresh()} for several packages: their rows, their command lines, their options judged. */
    private void refreshRelease() {
        List<ReleasePlan> plans = plans();
        if (!busy.get() && !plans.equals(releasePlans)) {
            // Other packages than the last builds were for: they list what Start will build.
            releasePlans = plans;
            packageBuilds.setAll(plans.stream().map(p -> new PackageBuild(p, new LogBuffer(10_000))).toList());
            status.set("");
            error.set("");
            releaseEnded.set(null);
        }
        outcomeShown.set(false);
        rebuildNotice.set("");
        builtNote.set("");
        commandLines.clear();
        optionFindings.clear();
        Optional<BuildScriptFacts> script = script();
        for (ReleasePlan plan : plans) {
            if (script.isPresent() && plan.sdk() != null) {
                addCommandLines(plan, script.get());
            }
            if (judge != null) {
                judge.judge(plan).stream().filter(BuildStepViewModel::isBuildOption)
                        .filter(f -> !optionFindings.contains(f)).forEach(optionFindings::add);
            }
        }
        String problem = existingProblemOfRelease(plans);
        existingDescription.set(problem == null ? "Found the binaries of an earlier build of every package." : problem);
        revalidate();
    }

    /** Why the binaries in the packages' build folders cannot be used; null when every package's are good. */
    private String existingProblemOfRelease(List<ReleasePlan> plans) {
        if (draft.host() == null || draft.source() == null) {
            return "No checkout known, so no earlier binaries can be found.";
        }
        for (ReleasePlan p : plans) {
            Folder f = inspect(p);
            String why = f.unusable() != null ? f.unusable()
                    : !f.missing().isEmpty() ? "not built yet: " + String.join(", ", f.missing())
                    : f.errors().isEmpty() ? null : f.errors().get(0).message();
            if (why != null) {
                return p.archiveName() + ": " + why;
            }
        }
        return null;
    }

    private String revalidateRelease() {
        List<PackageBuild> builds = packageBuilds;
        if (busy.get()) {
            return "The packages are being built.";
        }
        if (useExisting.get()) {
            return existingProblemOfRelease(releasePlans);
        }
        if (!builds.isEmpty() && builds.stream().allMatch(b -> b.state() == PackageBuild.State.BUILT)) {
            // Built in this session, and the core's check still finds each folder good for its package.
            return existingProblemOfRelease(releasePlans) == null ? null
                    : "Rebuild needed: " + existingProblemOfRelease(releasePlans) + " Press Start build.";
        }
        if (optionFindings.stream().anyMatch(Finding::isError)) {
            return "Fix first: " + optionFindings.stream().filter(Finding::isError).findFirst().orElseThrow().message();
        }
        List<String> unbuilt = builds.stream().filter(b -> b.state() == PackageBuild.State.FAILED
                || b.state() == PackageBuild.State.CANCELLED || b.state() == PackageBuild.State.NOT_RUN).map(PackageBuild::name).toList();
        if (!unbuilt.isEmpty()) {
            return String.join(" and ", unbuilt) + (unbuilt.size() == 1 ? " was" : " were")
                    + " not built: see " + (unbuilt.size() == 1 ? "its tab" : "their tabs") + ", fix and start again.";
        }
        return "Press Start to build the " + builds.size() + " packages one after the other, or use binaries built earlier.";
    }

    private void revalidate() {
        if (draft.severalPackages()) {
            blockedBy(revalidateRelease());
            return;
        }
        String reason;
        if (busy.get()) {
            reason = "The build is running.";
        } else if (useExisting.get()) {
            reason = existingProblem(draft.track() == null ? null : plan());
        } else if (builtHere() && folder.good()) {
            reason = null;
        } else if (optionFindings.stream().anyMatch(Finding::isError)) {
            reason = "Fix first: " + optionFindings.stream().filter(Finding::isError).findFirst().orElseThrow().message();
        } else if (!rebuildNotice.get().isEmpty()) {
            reason = rebuildNotice.get() + " Press Start build.";
        } else if (lastEnd != null && attemptCurrent(plan())) {
            reason = switch (lastEnd) {
                case CANCELLED -> "The build was cancelled: start it again, or use existing binaries.";
                case FAILED -> "The build failed: see the findings, fix and start again.";
                case NOT_STARTED -> "The build did not start: " + error.get();
            };
        } else {
            reason = "Press Start to build, or use binaries built earlier.";
        }
        blockedBy(reason);
    }

    /** Whether Start can be pressed now. */
    public boolean canStart() {
        return !busy.get() && !useExisting.get() && draft.host() != null && optionFindings.stream().noneMatch(Finding::isError);
    }

    /** Builds audiocpp_cli then audiocpp_server in the background, each shown as its own task. */
    public void start() {
        if (!canStart()) {
            return;
        }
        if (draft.severalPackages()) {
            startRelease();
            return;
        }
        ReleasePlan plan = plan();
        Host host = draft.host();
        BuildScriptFacts script = script().orElse(new BuildScriptFacts(Set.of(), false));
        BuildService service = service(host);
        String dir;
        try {
            dir = service.buildDirOf(plan);
            logFile.set(host.resolve(dir).resolve(BuildService.LOG_NAME));
        } catch (RuntimeException e) {
            dir = null;
            logFile.set(null);
        }
        log.clear();
        attemptedFor = BuiltFor.of(plan);
        attemptedDir = dir;
        attemptedDirName = plan.buildDir();
        // The build writes into the build folder: whatever was there is not known-good any more.
        built = null;
        lastEnd = null;
        List<BinaryBuild> rows = plan.binaries().stream().map(BinaryBuild::new).toList();
        rows.forEach(BinaryBuild::includedInBuild);
        attemptRows = rows;
        attemptStatus = "";
        attemptError = "";
        binaries.setAll(rows);
        findings.clear();
        error.set("");
        result.set(null);
        outcome.set(null);
        outcomeShown.set(false);
        rebuildNotice.set("");
        builtNote.set("");
        startedAt.set(clock.instant());
        endedAt.set(null);
        runJob("The build", "Starting the build", (listener, token) -> service.run(new BuildRequest(plan, script, checkout.revision(host, plan.source())), listener, token),
                new JobEvents() {
                    @Override
                    public void log(LogLine line) {
                        log.offer(line);
                    }

                    @Override
                    public void part(String name, PartState state) {
                        binaries.stream().filter(b -> b.binary().equals(name)).findFirst()
                                .ifPresent(b -> b.moveTo(state, clock.instant()));
                    }

                    @Override
                    public void progress(double fraction) {
                        running().ifPresent(b -> b.progress(fraction));
                    }
                }, o -> {
                    endedAt.set(clock.instant());
                    if (o instanceof Outcome.Succeeded<BuildResult> s) {
                        BuildResult r = s.value();
                        result.set(r);
                        findings.setAll(r.findings());
                        logFile.set(r.logFile());
                        if (r.success()) {
                            built = r.record();
                        } else {
                            lastEnd = r.cancelled() ? Unfinished.CANCELLED : Unfinished.FAILED;
                        }
                        outcomeShown.set(!r.cancelled());
                        status.set(r.cancelled() ? "Build cancelled." : r.success() ? "Build finished." : "Build failed.");
                    } else if (o instanceof Outcome.Failed<BuildResult> f) {
                        running().ifPresent(b -> b.moveTo(PartState.FAILED, clock.instant()));
                        error.set(f.message());
                        lastEnd = Unfinished.NOT_STARTED;
                        status.set("Build not started.");
                    } else {
                        running().ifPresent(b -> b.moveTo(PartState.CANCELLED, clock.instant()));
                        status.set("Build cancelled.");
                        error.set(CANCELLED);
                        lastEnd = Unfinished.CANCELLED;
                    }
                    attemptStatus = status.get();
                    attemptError = error.get();
                    outcome.set(o);
                    // The build changed the folder: judge its binaries again.
                    refresh();
                });
        revalidate();
    }

    /**
     * Several packages: the engine's refusals first (its own short task), then each package's
     * build as a task of its own, one after the other.
     */
    private void startRelease() {
        List<ReleasePlan> plans = plans();
        Host host = draft.host();
        BuildScriptFacts script = script().orElse(new BuildScriptFacts(Set.of(), false));
        BuildService service = service(host);
        releasePlans = plans;
        List<PackageBuild> builds = plans.stream().map(p -> new PackageBuild(p, new LogBuffer(10_000))).toList();
        packageBuilds.setAll(builds);
        built = null;
        attemptedFor = null;
        findings.clear();
        error.set("");
        result.set(null);
        outcome.set(null);
        releaseEnded.set(null);
        startedAt.set(clock.instant());
        endedAt.set(null);
        Path out = outputFolder(host);
        runJob("Checking the release", "Checking the " + builds.size() + " packages", (listener, token) -> {
            if (releases != null && out != null) {
                // Force: the outputs are the Archive step's to refuse; here, only what would spoil a build counts.
                releases.prepare(ReleaseRequest.of(new Release(plans), "the wizard's release", host, out)
                        .withMode(ReleaseRequest.Mode.SKIP_BUILD).withForce(true), listener, token);
            }
            return Boolean.TRUE;
        }, o -> {
            if (o instanceof Outcome.Succeeded<Boolean>) {
                buildPackage(builds, 0, host, script, service);
                return;
            }
            String why = o instanceof Outcome.Failed<Boolean> f ? f.message() : CANCELLED;
            builds.forEach(b -> b.notStarted(why, clock.instant()));
            error.set(why);
            endRelease(builds);
        });
        revalidate();
    }

    private Path outputFolder(Host host) {
        try {
            return draft.outputDir() == null ? null : host.resolve(draft.outputDir());
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void buildPackage(List<PackageBuild> builds, int i, Host host, BuildScriptFacts script, BuildService service) {
        PackageBuild pb = builds.get(i);
        try {
            pb.logFile(host.resolve(service.buildDirOf(pb.plan())).resolve(BuildService.LOG_NAME));
        } catch (RuntimeException e) {
            pb.logFile(null);
        }
        pb.started(clock.instant());
        String which = pb.name() + " (" + (i + 1) + " of " + builds.size() + ")";
        runJob("The build of " + pb.name(), "Building " + which,
                (listener, token) -> service.run(new BuildRequest(pb.plan(), script, checkout.revision(host, pb.plan().source())),
                        listener, token), new JobEvents() {
                    @Override
                    public void log(LogLine line) {
                        pb.log().offer(line);
                    }

                    @Override
                    public void part(String name, PartState state) {
                        pb.binaries().stream().filter(b -> b.binary().equals(name)).findFirst()
                                .ifPresent(b -> b.moveTo(state, clock.instant()));
                        if (state == PartState.RUNNING) {
                            pb.status("building " + name);
                        }
                    }

                    @Override
                    public void progress(double fraction) {
                        BinaryBuild b = pb.running();
                        if (b != null) {
                            b.progress(fraction);
                        }
                    }

                    @Override
                    public String status(String text) {
                        return which + ": " + text;
                    }
                }, o -> {
                    Instant now = clock.instant();
                    boolean stop = false;
                    if (o instanceof Outcome.Succeeded<BuildResult> s) {
                        pb.ended(s.value(), now);
                        stop = s.value().cancelled();
                    } else if (o instanceof Outcome.Failed<BuildResult> f) {
                        pb.notStarted(f.message(), now);
                    } else {
                        pb.stopped(now);
                        stop = true;
                    }
                    if (stop) {
                        builds.subList(i + 1, builds.size()).forEach(PackageBuild::notRun);
                        error.set(CANCELLED + " " + (i + 1 < builds.size() ? "The packages after " + pb.name() + " were not run." : ""));
                        endRelease(builds);
                    } else if (i + 1 < builds.size()) {
                        // A package that failed stops nothing else.
                        buildPackage(builds, i + 1, host, script, service);
                    } else {
                        endRelease(builds);
                    }
                });
        revalidate();
    }

    private void endRelease(List<PackageBuild> builds) {
        endedAt.set(clock.instant());
        long ok = builds.stream().filter(b -> b.state() == PackageBuild.State.BUILT).count();
        status.set(ok == builds.size() ? "All " + ok + " packages built."
                : ok + " of " + builds.size() + " packages built.");
        if (ok < builds.size() && error.get().isEmpty()) {
            error.set(String.join(" ", builds.stream().filter(b -> b.state() == PackageBuild.State.FAILED)
                    .map(b -> b.name() + ": " + b.error()).toList()));
        }
        releaseEnded.set(List.copyOf(builds));
        refresh();
    }

    /** The binary being built now, if any. */
    private Optional<BinaryBuild> running() {
        return binaries.stream().filter(b -> b.state() == PartState.RUNNING).findFirst();
    }

    public ObservableList<String> toolsets() { return toolsets; }
    public StringProperty toolsetProperty() { return toolset; }
    public IntegerProperty jobsProperty() { return jobs; }
    public StringProperty buildDirProperty() { return buildDir; }
    public BooleanProperty hipblasltProperty() { return hipblaslt; }
    public BooleanProperty vmmProperty() { return vmm; }
    public BooleanProperty graphsProperty() { return graphs; }
    public BooleanProperty useExistingProperty() { return useExisting; }
    public ObservableList<String> commandLines() { return commandLines; }
    /** The binaries the build makes, in order, each with its own state, progress and time. */
    public ObservableList<BinaryBuild> binaries() { return binaries; }
    /** Findings of the last build (known failures, missing outputs, build flags). */
    public ObservableList<Finding> findings() { return findings; }
    /** What the rules say about the chosen options (toolset, defaults), live. */
    public ObservableList<Finding> optionFindings() { return optionFindings; }
    public ReadOnlyObjectProperty<BuildResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Instant> startedAtProperty() { return startedAt.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Instant> endedAtProperty() { return endedAt.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty existingDescriptionProperty() { return existingDescription.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Path> logFileProperty() { return logFile.getReadOnlyProperty(); }
    /** How the last build ended (null while none ended, and while a build runs): for notices. */
    public ReadOnlyObjectProperty<Outcome<BuildResult>> outcomeProperty() { return outcome.getReadOnlyProperty(); }
    /** "Built for ... - rebuild needed: ..." when this session's build was for another plan; empty otherwise. */
    public ReadOnlyStringProperty rebuildNoticeProperty() { return rebuildNotice.getReadOnlyProperty(); }
    /**
     * What the core's check says about this session's build when it serves the plan with a remark
     * (e.g. built for more targets than the plan ships, after Back and fewer targets); empty otherwise.
     */
    public ReadOnlyStringProperty builtNoteProperty() { return builtNote.getReadOnlyProperty(); }
    /** True when the last build's findings describe the plan as it is now (a build ran to its end for it). */
    public ReadOnlyBooleanProperty outcomeShownProperty() { return outcomeShown.getReadOnlyProperty(); }
    public LogBuffer log() { return log; }
    /** True when the draft makes several packages: the step shows {@link #packageBuilds()}. */
    public ReadOnlyBooleanProperty severalPackagesProperty() { return severalPackages.getReadOnlyProperty(); }
    /** Each package of a release of several, in order, with its own state and log; empty for one package. */
    public ObservableList<PackageBuild> packageBuilds() { return packageBuilds; }
    /** The packages as the last builds of several ended (null before, and while they run): for notices. */
    public ReadOnlyObjectProperty<List<PackageBuild>> releaseEndedProperty() { return releaseEnded.getReadOnlyProperty(); }
    /**
     * True when the last build, for what the step would build now, built everything: the one
     * package's binaries, or every package of several. What the step's overall bar shows as full.
     */
    public ReadOnlyBooleanProperty completedProperty() { return completed.getReadOnlyProperty(); }
    public Clock clock() { return clock; }
}
