package dev.hippack.ui.steps.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildScriptArguments;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.build.BuiltFor;
import dev.hippack.core.build.WindowsCommandLine;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.ToolsetVerdict;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.PartState;
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
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
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
 */
public final class BuildStepViewModel extends AbstractStepViewModel {

    /** The error text after the user cancelled the build's task. */
    public static final String CANCELLED = "Cancelled: the build's processes were ended.";

    private final Function<Host, BuildService> services;
    /** The core's check that earlier binaries were built for this plan (stateless). */
    private final BuiltBinariesCheck binariesCheck = new BuiltBinariesCheck();
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
    private final ReadOnlyBooleanWrapper outcomeShown = new ReadOnlyBooleanWrapper(this, "outcomeShown");
    private WizardDraft draft = new WizardDraft();
    private Host serviceHost;
    private BuildService service;
    /** What the last build started in this session was for, whatever its outcome; null before one. */
    private BuiltFor attemptedFor;
    /** What the binaries in the build folder were built for, when this session's last build succeeded. */
    private BuiltFor builtFor;
    /** The rows, status and error the attempt for {@link #attemptedFor} ended with: shown again while the plan matches. */
    private List<BinaryBuild> attemptRows = List.of();
    private String attemptStatus = "";
    private String attemptError = "";
    /** How the attempt for {@link #attemptedFor} ended when it did not build; null otherwise. */
    private Unfinished lastEnd;
    private boolean loading;

    private enum Unfinished { CANCELLED, FAILED, NOT_STARTED }

    public BuildStepViewModel(Function<Host, BuildService> services, PlanJudge judge, TaskRunner runner, LogBuffer log, Clock clock) {
        super(runner);
        this.services = services;
        this.judge = judge;
        this.log = log;
        this.clock = clock;
        // Whether an option makes the last build stale is decided in one place: BuiltFor.
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
        d.builtFor(builtFor);
    }

    private void write(WizardDraft d) {
        d.toolset(toolset.get() == null || toolset.get().isBlank() ? ReleasePlan.RECOMMENDED_TOOLSET : toolset.get().strip());
        d.jobs(Math.max(0, jobs.get()));
        if (buildDir.get() != null && !buildDir.get().isBlank()) {
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

    private void refresh() {
        ReleasePlan plan = draft.track() == null ? null : plan();
        if (!busy.get()) {
            // While idle the rows, the status and the error show the last build while it is for this
            // plan; once the plan differs they list what Start will build, and the last build no longer counts.
            boolean current = plan != null && attemptedFor != null && attemptedFor.matches(plan);
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
            rebuildNotice.set(plan == null || builtFor == null || builtFor.matches(plan) ? ""
                    : "Built for " + builtFor.describe() + " - rebuild needed: the plan now has "
                            + String.join("; ", builtFor.differencesFrom(plan)) + ".");
        }
        commandLines.clear();
        optionFindings.clear();
        if (plan != null) {
            Optional<BuildScriptFacts> script = script();
            if (script.isPresent() && plan.sdk() != null) {
                for (String b : plan.binaries()) {
                    List<String> shown = new ArrayList<>(List.of("powershell", "-NoProfile", "-ExecutionPolicy", "Bypass",
                            "-File", BuildScriptArguments.SCRIPT));
                    shown.addAll(BuildScriptArguments.forTarget(plan, script.get(), b));
                    commandLines.add(WindowsCommandLine.join(shown));
                }
            }
            if (judge != null) {
                optionFindings.setAll(judge.judge(plan).stream()
                        .filter(f -> f.id().startsWith("build.") || f.id().startsWith("toolset.")).toList());
            }
        }
        String problem = existingProblem(plan);
        existingDescription.set(problem == null ? "Found the binaries of an earlier build." + existingNotes(plan) : problem);
        revalidate();
    }

    /** What the core's binaries check says about earlier binaries besides errors (no record, more targets). */
    private String existingNotes(ReleasePlan plan) {
        try {
            List<String> notes = binariesCheck.check(plan, draft.host()).stream().filter(f -> !f.isError()).map(Finding::message).toList();
            return notes.isEmpty() ? "" : " " + String.join(" ", notes);
        } catch (PackagerException | RuntimeException e) {
            return "";
        }
    }

    /**
     * Why "use existing binaries" cannot be used now; null when every binary exists and the core's
     * binaries check (build record and CMakeCache) finds them built for this plan.
     */
    private String existingProblem(ReleasePlan plan) {
        Host host = draft.host();
        if (plan == null || host == null || plan.source() == null) {
            return "No checkout known, so no earlier binaries can be found.";
        }
        List<String> missing = new ArrayList<>();
        for (String b : plan.binaries()) {
            String exe = host.join(buildDirOf(plan, host), "bin", b + ".exe");
            try {
                if (!Files.isRegularFile(host.resolve(exe))) {
                    missing.add(exe);
                }
            } catch (RuntimeException e) {
                missing.add(exe);
            }
        }
        if (!missing.isEmpty()) {
            return "Not built yet: " + String.join(", ", missing);
        }
        if (attemptedFor != null && builtFor == null && Objects.equals(attemptedFor.buildDir(), plan.buildDir())) {
            return "The last build into " + plan.buildDir() + " did not finish, so its binaries may be partly rebuilt: "
                    + "build again.";
        }
        if (builtFor != null && Objects.equals(builtFor.buildDir(), plan.buildDir()) && !builtFor.matches(plan)) {
            return "The binaries in " + plan.buildDir() + " were built in this session for " + builtFor.describe()
                    + " - rebuild needed: the plan now has " + String.join("; ", builtFor.differencesFrom(plan)) + ".";
        }
        try {
            Optional<Finding> mismatch = binariesCheck.check(plan, host).stream().filter(Finding::isError).findFirst();
            return mismatch.map(f -> "These binaries do not match the plan: " + f.message() + " Rebuild: turn off"
                    + " \"use existing binaries\" and press Start.").orElse(null);
        } catch (PackagerException e) {
            return e.getMessage();
        }
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

    private void revalidate() {
        String reason;
        if (busy.get()) {
            reason = "The build is running.";
        } else if (useExisting.get()) {
            reason = existingProblem(draft.track() == null ? null : plan());
        } else if (builtFor != null && builtFor.matches(plan())) {
            reason = null;
        } else if (optionFindings.stream().anyMatch(Finding::isError)) {
            reason = "Fix first: " + optionFindings.stream().filter(Finding::isError).findFirst().orElseThrow().message();
        } else if (!rebuildNotice.get().isEmpty()) {
            reason = rebuildNotice.get() + " Press Start build.";
        } else if (lastEnd != null && attemptedFor.matches(plan())) {
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
        ReleasePlan plan = plan();
        Host host = draft.host();
        BuildScriptFacts script = script().orElse(new BuildScriptFacts(Set.of(), false));
        BuildService service = service(host);
        try {
            logFile.set(host.resolve(service.buildDirOf(plan)).resolve(BuildService.LOG_NAME));
        } catch (RuntimeException e) {
            logFile.set(null);
        }
        log.clear();
        attemptedFor = BuiltFor.of(plan);
        // The build writes into the build folder: whatever was there is not known-good any more.
        builtFor = null;
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
        startedAt.set(clock.instant());
        endedAt.set(null);
        runJob("The build", "Starting the build", (listener, token) -> service.run(new BuildRequest(plan, script), listener, token),
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
                            builtFor = attemptedFor;
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
                    revalidate();
                });
        revalidate();
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
    /** True when the last build's findings describe the plan as it is now (a build ran to its end for it). */
    public ReadOnlyBooleanProperty outcomeShownProperty() { return outcomeShown.getReadOnlyProperty(); }
    public LogBuffer log() { return log; }
    public Clock clock() { return clock; }
}
