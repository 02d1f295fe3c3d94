package dev.hippack.ui.steps.build;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildScriptArguments;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.build.BuiltBinariesCheck;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * the exact command lines the engine will run, and builds the release the draft makes: one
 * package for a single track (a release of one), one per track for "all tracks". One path for
 * both: the release engine's {@link ReleaseService#prepare} refuses first what it refuses (two
 * packages in one build folder, names that cannot be made), then each package builds in its own
 * build folder, one after the other, each as its own task with its own log ({@link #packageBuilds()}):
 * progress from ninja's [n/m], status as text. A package that fails does not stop the next;
 * cancelling ends the running build's process tree and the packages after it are not run.
 *
 * <p>Each package's part of the last run is one {@link BuildAttempt}. A package whose plan the
 * attempt still serves (the core's {@link BuiltBinariesCheck} says so for a build that succeeded)
 * shows that attempt: its rows, log, findings and time; otherwise it is a fresh "waiting" package,
 * and a build that no longer serves it says "rebuild needed" and what changed. Complete when
 * every package was built for the plan as it is, or when the user chose to use binaries already
 * built and every package's exist and serve it.
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
    private final ReadOnlyStringWrapper rebuildNotice = new ReadOnlyStringWrapper(this, "rebuildNotice", "");
    private final ReadOnlyStringWrapper builtNote = new ReadOnlyStringWrapper(this, "builtNote", "");
    private final ReadOnlyBooleanWrapper outcomeShown = new ReadOnlyBooleanWrapper(this, "outcomeShown");
    private final ReadOnlyBooleanWrapper severalPackages = new ReadOnlyBooleanWrapper(this, "severalPackages");
    private final ObservableList<PackageBuild> packageBuilds = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<PackageBuild> selected = new ReadOnlyObjectWrapper<>(this, "selected");
    private final ReadOnlyObjectWrapper<List<PackageBuild>> releaseEnded = new ReadOnlyObjectWrapper<>(this, "releaseEnded");
    private final ReadOnlyBooleanWrapper completed = new ReadOnlyBooleanWrapper(this, "completed");
    private final ReadOnlyBooleanWrapper startable = new ReadOnlyBooleanWrapper(this, "startable");
    /** The log shown while no package is (no track chosen yet). */
    private final LogBuffer noLog = new LogBuffer(1);
    /** The release engine, for its refusals before the builds; null where not wired (then only the builds run). */
    private final ReleaseService releases;
    private WizardDraft draft = new WizardDraft();
    private Host serviceHost;
    private BuildService service;
    /** The packages of the last run started in this session, each with its attempt; empty before one. */
    private List<PackageBuild> lastRun = List.of();
    /** Each package of the plan as the last refresh judged it, in order. */
    private List<Judged> judged = List.of();
    private boolean loading;

    public BuildStepViewModel(Function<Host, BuildService> services, PlanJudge judge, TaskRunner runner, Clock clock) {
        this(services, null, judge, runner, clock);
    }

    /** @param releases the release engine, whose {@link ReleaseService#prepare} checks the release before its builds */
    public BuildStepViewModel(Function<Host, BuildService> services, ReleaseService releases, PlanJudge judge, TaskRunner runner,
                              Clock clock) {
        super(runner);
        this.releases = releases;
        this.services = services;
        this.judge = judge;
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
        logFile.bind(selected.flatMap(PackageBuild::logFileProperty));
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
        // Only builds that serve the plan as it is are handed on: Review restages when a record changes.
        Map<String, BuildRecord> records = new LinkedHashMap<>();
        packageBuilds.stream().filter(b -> b.record() != null).forEach(b -> records.put(b.name(), b.record()));
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

    /** The plan with this step's options (the first package's, for several). */
    public ReleasePlan plan() {
        WizardDraft copy = new WizardDraft();
        copy.load(draft.toPlan());
        write(copy);
        return copy.toPlan();
    }

    /** The packages with this step's options: one plan for a single track, one per package of "all tracks". */
    public List<ReleasePlan> plans() {
        WizardDraft copy = new WizardDraft();
        copy.load(draft.toPlan());
        copy.sdkByVersion(draft.sdkByVersion());
        copy.packages(draft.packages());
        write(copy);
        return copy.plans();
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

    /** True from Start until the last package of the run has ended (the step is not busy between two packages). */
    private boolean runActive() {
        return lastRun.stream().anyMatch(b -> b.attempt().active());
    }

    private void refresh() {
        List<ReleasePlan> plans = draft.track() == null ? List.of() : plans();
        severalPackages.set(plans.size() > 1);
        if (!busy.get() && !runActive()) {
            // A running build rewrites its folder: the packages are judged again when the run ends.
            List<Judged> now = new ArrayList<>();
            List<PackageBuild> used = new ArrayList<>();
            for (int i = 0; i < plans.size(); i++) {
                Judged j = judge(plans.get(i), i, plans.size(), used);
                now.add(j);
                used.add(j.row());
            }
            judged = List.copyOf(now);
            if (!used.equals(packageBuilds)) {
                packageBuilds.setAll(used);
            }
            if (selected.get() == null || !used.contains(selected.get())) {
                selected.set(used.isEmpty() ? null : used.get(0));
            }
            showSelected();
            showRun();
        }
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
        String problem = existingProblem();
        existingDescription.set(problem != null ? problem : "Found the binaries of an earlier build"
                + (judged.size() > 1 ? " of every package." : "." + (judged.isEmpty() ? "" : judged.get(0).folder().notes())));
        revalidate();
    }

    /**
     * One package of the plan against the last run: its build folder as the core's check sees it,
     * the last run's package that built in the same folder ({@code sameDir}), the one whose build
     * speaks for it ({@code before}: the same folder's, or the one in the same place of a run of as
     * many packages, for "the plan builds in another folder"), and the row to show.
     */
    private record Judged(ReleasePlan plan, Folder folder, PackageBuild sameDir, PackageBuild before, PackageBuild row) {

        /** True when this session built the package's folder and the build succeeded. */
        boolean builtHere() {
            return sameDir != null && sameDir.record() != null;
        }
    }

    private Judged judge(ReleasePlan plan, int i, int n, List<PackageBuild> used) {
        Folder folder = inspect(plan);
        PackageBuild sameDir = lastRun.stream()
                .filter(b -> !used.contains(b) && folder.dir() != null && folder.dir().equals(b.attempt().dir()))
                .min(Comparator.comparing(b -> b.name().equals(plan.archiveName()) ? 0 : 1)).orElse(null);
        PackageBuild before = sameDir != null ? sameDir : lastRun.size() == n ? lastRun.get(i) : null;
        // A build that succeeded counts while the core's check finds its binaries good for the plan;
        // one that did not, while the plan asks for exactly what it tried.
        boolean current = sameDir != null && (sameDir.record() != null ? folder.good()
                : sameDir.attempt().builtFor().differences(plan).isEmpty());
        PackageBuild row = current ? sameDir : packageBuilds.stream()
                .filter(b -> b.attempt() == null && b.plan().equals(plan) && !used.contains(b)).findFirst()
                .orElseGet(() -> new PackageBuild(plan));
        return new Judged(plan, folder, sameDir, before, row);
    }

    /** The selected package's rows, findings, result and log file are the step's. */
    private void showSelected() {
        PackageBuild s = selected.get();
        List<BinaryBuild> rows = s == null ? List.of() : s.binaries();
        if (!binaries.equals(rows)) {
            binaries.setAll(rows);
        }
        findings.setAll(s == null ? List.of() : s.findings());
        result.set(s == null ? null : s.result());
        outcomeShown.set(s != null && s.result() != null && !s.result().cancelled() && !s.attempt().active());
    }

    /** Status, error, times and notices of the packages shown; empty where no shown package is from a run. */
    private void showRun() {
        List<PackageBuild> ran = packageBuilds.stream().filter(b -> b.attempt() != null).toList();
        status.set(ran.isEmpty() ? "" : runStatus());
        error.set(ran.isEmpty() ? "" : runError(ran));
        // The time shown is the run's that the rows show: never a stale time beside "waiting" rows.
        startedAt.set(ran.stream().map(b -> b.attempt().startedAt()).filter(Objects::nonNull).min(Comparator.naturalOrder()).orElse(null));
        endedAt.set(startedAt.get() == null ? null
                : ran.stream().map(b -> b.attempt().endedAt()).filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null));
        completed.set(!packageBuilds.isEmpty() && packageBuilds.stream()
                .allMatch(b -> b.attempt() != null && b.state() == PackageBuild.State.BUILT));
        rebuildNotice.set(eachSaid(this::rebuildNotice));
        builtNote.set(eachSaid(this::builtNote));
    }

    /** What {@code said} says of each package: as is for one, after the package's name for several. */
    private String eachSaid(Function<Judged, String> said) {
        List<String> parts = new ArrayList<>();
        for (Judged j : judged) {
            String s = said.apply(j);
            if (!s.isEmpty()) {
                parts.add(judged.size() > 1 ? j.plan().archiveName() + ": " + s : s);
            }
        }
        return String.join(" ", parts);
    }

    private String runStatus() {
        if (packageBuilds.size() == 1) {
            BuildAttempt a = packageBuilds.get(0).attempt();
            return switch (a.state()) {
                case BUILT -> "Build finished.";
                case FAILED -> a.neverStarted() ? "Build not started." : "Build failed.";
                case CANCELLED, NOT_RUN -> "Build cancelled.";
                case WAITING, RUNNING -> "";
            };
        }
        long ok = packageBuilds.stream().filter(b -> b.attempt() != null && b.state() == PackageBuild.State.BUILT).count();
        return ok == packageBuilds.size() ? "All " + ok + " packages built." : ok + " of " + packageBuilds.size() + " packages built.";
    }

    private String runError(List<PackageBuild> ran) {
        Optional<PackageBuild> cancelled = ran.stream().filter(b -> b.state() == PackageBuild.State.CANCELLED).findFirst();
        if (cancelled.isPresent()) {
            boolean after = ran.stream().anyMatch(b -> b.state() == PackageBuild.State.NOT_RUN);
            return CANCELLED + (after ? " The packages after " + cancelled.get().name() + " were not run." : "");
        }
        // One package's failed build is told by its findings; several name each package that failed.
        return String.join(" ", ran.stream().filter(b -> b.state() == PackageBuild.State.FAILED)
                .filter(b -> packageBuilds.size() > 1 || b.attempt().neverStarted())
                .map(b -> packageBuilds.size() > 1 ? b.name() + ": " + b.error() : b.error()).toList());
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
            dir = service(host).buildDirOf(plan);
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

    /** "Built for ... - rebuild needed: ..." when this session's build does not serve the package; empty otherwise. */
    private String rebuildNotice(Judged j) {
        BuildRecord built = j.before() == null ? null : j.before().record();
        if (built == null) {
            return "";
        }
        String head = "Built for " + built.builtFor().describe() + " - rebuild needed: ";
        Folder folder = j.folder();
        if (j.sameDir() == null) {
            List<String> why = new ArrayList<>();
            why.add("the plan builds in " + j.plan().buildDir() + ", the build was in " + j.before().plan().buildDir());
            built.builtFor().problems(j.plan()).forEach(d -> why.add(d.describe()));
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

    /** What the core's check remarks about this session's build that serves the package; empty otherwise. */
    private String builtNote(Judged j) {
        Folder folder = j.folder();
        return j.builtHere() && folder.good() && !folder.notes().isEmpty()
                ? "Built for " + j.sameDir().record().builtFor().describe() + ", and usable for this plan:" + folder.notes() : "";
    }

    /**
     * Why "use existing binaries" cannot be used now, for the first package where it cannot (after
     * its name, for several); null when every binary of every package exists and the core's
     * binaries check (build record and CMakeCache) finds them built for its plan.
     */
    private String existingProblem() {
        if (judged.isEmpty() || draft.host() == null || draft.source() == null) {
            return "No checkout known, so no earlier binaries can be found.";
        }
        for (Judged j : judged) {
            String why = existingProblem(j);
            if (why != null) {
                return judged.size() > 1 ? j.plan().archiveName() + ": " + lowerFirst(why) : why;
            }
        }
        return null;
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toLowerCase(Locale.ROOT) + s.substring(1);
    }

    private String existingProblem(Judged j) {
        ReleasePlan plan = j.plan();
        Folder folder = j.folder();
        if (plan.source() == null) {
            return "No checkout known, so no earlier binaries can be found.";
        }
        if (folder.unusable() != null) {
            return folder.unusable();
        }
        if (!folder.missing().isEmpty()) {
            return "Not built yet: " + String.join(", ", folder.missing());
        }
        if (j.sameDir() != null && j.sameDir().record() == null && j.sameDir().attempt().touchedFolder()) {
            return "The last build into " + plan.buildDir() + " did not finish, so its binaries may be partly rebuilt: "
                    + "build again.";
        }
        List<Finding> errors = folder.errors();
        if (errors.isEmpty()) {
            return null;
        }
        if (j.builtHere()) {
            return "The binaries in " + plan.buildDir() + " were built in this session for " + j.sameDir().record().builtFor().describe()
                    + " - rebuild needed: " + String.join(" ", errors.stream().map(Finding::message).toList());
        }
        return "These binaries do not match the plan: " + errors.get(0).message() + " Rebuild: turn off"
                + " \"use existing binaries\" and press Start.";
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
        int n = packageBuilds.size();
        String reason;
        if (busy.get() || runActive()) {
            reason = n > 1 ? "The packages are being built." : "The build is running.";
        } else if (useExisting.get()) {
            reason = existingProblem();
        } else if (completed.get()) {
            reason = null;
        } else if (optionFindings.stream().anyMatch(Finding::isError)) {
            reason = "Fix first: " + optionFindings.stream().filter(Finding::isError).findFirst().orElseThrow().message();
        } else if (!rebuildNotice.get().isEmpty()) {
            reason = rebuildNotice.get() + " Press Start build.";
        } else {
            List<PackageBuild> unbuilt = packageBuilds.stream().filter(b -> b.attempt() != null && b.state() != PackageBuild.State.BUILT).toList();
            if (!unbuilt.isEmpty()) {
                reason = unbuiltReason(unbuilt);
            } else {
                reason = n > 1 ? "Press Start to build the " + n + " packages one after the other, or use binaries built earlier."
                        : "Press Start to build, or use binaries built earlier.";
            }
        }
        blockedBy(reason);
        startable.set(canStart());
    }

    private String unbuiltReason(List<PackageBuild> unbuilt) {
        if (packageBuilds.size() == 1) {
            BuildAttempt a = unbuilt.get(0).attempt();
            return switch (a.state()) {
                case FAILED -> a.neverStarted() ? "The build did not start: " + a.error()
                        : "The build failed: see the findings, fix and start again.";
                default -> "The build was cancelled: start it again, or use existing binaries.";
            };
        }
        List<String> names = unbuilt.stream().map(PackageBuild::name).toList();
        return String.join(" and ", names) + (names.size() == 1 ? " was" : " were")
                + " not built: see " + (names.size() == 1 ? "its tab" : "their tabs") + ", fix and start again.";
    }

    /**
     * Whether Start can be pressed now: {@link #canStart()} as a property, since a run is not over
     * when the step stops being busy between two packages.
     */
    public ReadOnlyBooleanProperty startableProperty() {
        return startable.getReadOnlyProperty();
    }

    /** Whether Start can be pressed now. */
    public boolean canStart() {
        return !busy.get() && !runActive() && !useExisting.get() && draft.host() != null && draft.track() != null
                && optionFindings.stream().noneMatch(Finding::isError);
    }

    /**
     * Builds every package of the release in turn: the engine's refusals first (its own short
     * task), then each package's build as a task of its own, audiocpp_cli then audiocpp_server.
     */
    public void start() {
        if (!canStart()) {
            return;
        }
        List<ReleasePlan> plans = plans();
        Host host = draft.host();
        BuildScriptFacts script = script().orElse(new BuildScriptFacts(Set.of(), false));
        BuildService service = service(host);
        List<PackageBuild> run = new ArrayList<>();
        for (ReleasePlan p : plans) {
            PackageBuild b = new PackageBuild(p);
            String dir;
            Path file;
            try {
                dir = service.buildDirOf(p);
                file = host.resolve(dir).resolve(BuildService.LOG_NAME);
            } catch (RuntimeException e) {
                dir = null;
                file = null;
            }
            b.included(dir, file);
            run.add(b);
        }
        lastRun = List.copyOf(run);
        packageBuilds.setAll(run);
        selected.set(run.get(0));
        releaseEnded.set(null);
        completed.set(false);
        error.set("");
        rebuildNotice.set("");
        builtNote.set("");
        startedAt.set(clock.instant());
        endedAt.set(null);
        showSelected();
        Path out = outputFolder(host);
        runJob("Checking the release", "Checking " + (run.size() == 1 ? "the package" : "the " + run.size() + " packages"),
                (listener, token) -> {
                    if (releases != null && out != null) {
                        // Force: the outputs are the Archive step's to refuse; here, only what would spoil a build counts.
                        releases.prepare(ReleaseRequest.of(new Release(plans), "the wizard's release", host, out)
                                .withMode(ReleaseRequest.Mode.SKIP_BUILD).withForce(true), listener, token);
                    }
                    return Boolean.TRUE;
                }, o -> {
                    if (o instanceof Outcome.Succeeded<Boolean>) {
                        buildPackage(run, 0, host, script, service);
                        return;
                    }
                    Instant now = clock.instant();
                    if (o instanceof Outcome.Failed<Boolean> f) {
                        run.forEach(b -> b.notStarted(f.message(), now));
                    } else {
                        run.get(0).stopped(now);
                        run.subList(1, run.size()).forEach(PackageBuild::notRun);
                    }
                    endRun(run);
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

    private void buildPackage(List<PackageBuild> run, int i, Host host, BuildScriptFacts script, BuildService service) {
        PackageBuild pb = run.get(i);
        pb.started(clock.instant());
        // The log in front is the running package's.
        selected.set(pb);
        showSelected();
        String which = pb.name() + " (" + (i + 1) + " of " + run.size() + ")";
        runJob("The build" + (run.size() == 1 ? "" : " of " + pb.name()), run.size() == 1 ? "Starting the build" : "Building " + which,
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
                        return run.size() == 1 ? text : which + ": " + text;
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
                        run.subList(i + 1, run.size()).forEach(PackageBuild::notRun);
                        endRun(run);
                    } else if (i + 1 < run.size()) {
                        // A package that failed stops nothing else.
                        buildPackage(run, i + 1, host, script, service);
                    } else {
                        endRun(run);
                    }
                });
        revalidate();
    }

    /** The run ended: its packages are judged again against the plan (the builds changed their folders). */
    private void endRun(List<PackageBuild> run) {
        releaseEnded.set(List.copyOf(run));
        refresh();
    }

    /** Shows {@code b}'s rows, findings and log; ignored for a package the step does not show. */
    public void select(PackageBuild b) {
        if (b != null && packageBuilds.contains(b) && b != selected.get()) {
            selected.set(b);
            showSelected();
        }
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
    /** The selected package's binaries, in order, each with its own state, progress and time. */
    public ObservableList<BinaryBuild> binaries() { return binaries; }
    /** Findings of the selected package's last build (known failures, missing outputs, build flags). */
    public ObservableList<Finding> findings() { return findings; }
    /** What the rules say about the chosen options (toolset, defaults) of every package, live. */
    public ObservableList<Finding> optionFindings() { return optionFindings; }
    /** The selected package's build result, while its last build is the one shown. */
    public ReadOnlyObjectProperty<BuildResult> resultProperty() { return result.getReadOnlyProperty(); }
    /** When the run shown started; null while no package shown is from a run. */
    public ReadOnlyObjectProperty<Instant> startedAtProperty() { return startedAt.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Instant> endedAtProperty() { return endedAt.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyStringProperty existingDescriptionProperty() { return existingDescription.getReadOnlyProperty(); }
    /** The selected package's log file, once known. */
    public ReadOnlyObjectProperty<Path> logFileProperty() { return logFile.getReadOnlyProperty(); }
    /** "Built for ... - rebuild needed: ..." for each package whose build this session no longer serves it; empty otherwise. */
    public ReadOnlyStringProperty rebuildNoticeProperty() { return rebuildNotice.getReadOnlyProperty(); }
    /**
     * What the core's check says about this session's build when it serves the plan with a remark
     * (e.g. built for more targets than the plan ships, after Back and fewer targets); empty otherwise.
     */
    public ReadOnlyStringProperty builtNoteProperty() { return builtNote.getReadOnlyProperty(); }
    /** True when the selected package's last build ran to its end for the plan as it is: its findings describe it. */
    public ReadOnlyBooleanProperty outcomeShownProperty() { return outcomeShown.getReadOnlyProperty(); }
    /** The selected package's log: the build of the plan shown, never another plan's. */
    public LogBuffer log() { return selected.get() == null ? noLog : selected.get().log(); }
    /** True when the draft makes several packages: the step shows a row and a log tab for each. */
    public ReadOnlyBooleanProperty severalPackagesProperty() { return severalPackages.getReadOnlyProperty(); }
    /** Each package of the release, in build order, with its own state and log (one for a single track). */
    public ObservableList<PackageBuild> packageBuilds() { return packageBuilds; }
    /** The package whose rows, findings and log the step shows: the running one during a run. */
    public ReadOnlyObjectProperty<PackageBuild> selectedProperty() { return selected.getReadOnlyProperty(); }
    /** The packages as the last run ended (null before, and while it runs): for notices. */
    public ReadOnlyObjectProperty<List<PackageBuild>> releaseEndedProperty() { return releaseEnded.getReadOnlyProperty(); }
    /**
     * True when the last run, for what the step would build now, built every package. What the
     * step's overall bar shows as full.
     */
    public ReadOnlyBooleanProperty completedProperty() { return completed.getReadOnlyProperty(); }
    public Clock clock() { return clock; }
}
