package dev.hippack.core.build;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.progress.PartState;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds audio.cpp for a plan: one run of {@code scripts\build_windows_hip.ps1} per binary
 * ({@code audiocpp_cli}, then {@code audiocpp_server}) inside the captured MSVC environment,
 * log streamed to the listener and to {@code <BuildDir>\hip-packager-build.log}, progress from
 * ninja, cancel ending the whole process tree. Afterwards the executables must exist and the
 * build folder's CMakeCache.txt must match the plan (the audit's build-flag check); then the
 * build record ({@link BuildRecordStore}) is written beside the binaries. The record of an
 * earlier build is removed before anything runs, so a failed or cancelled build leaves none, and
 * the marker {@value BuildRecordStore#UNFINISHED_NAME} is written before the first configure and
 * removed only after the new record: a failed, cancelled or killed build leaves it (FAILED,
 * CANCELLED, or RUNNING after a kill), and every packaging path refuses those binaries
 * ({@link BuiltBinariesCheck}), since the new configure has already rewritten CMakeCache.txt.
 * <p>
 * On a machine that cannot run the script (not a local Windows machine: the sample
 * environment, Linux CI) the stand-in build runs instead, through the same code.
 */
public final class BuildService {

    public static final String LOG_NAME = "hip-packager-build.log";
    public static final String BUILD_FAILED = "build.failed";
    public static final String BUILD_OUTPUTS = "build.outputs";
    public static final String BUILD_FLAGS = "build.flags";

    private final Host host;
    private final ProcessRunner runner;
    private final VcvarsCapture vcvars;
    private final BuildFlagCheck flagCheck;
    private final StandInLauncher standIn;
    private final Charset consoleCharset;
    private final BuildRecordStore records = new BuildRecordStore();

    public BuildService(Host host, ProcessRunner runner, VcvarsCapture vcvars, BuildFlagCheck flagCheck,
                        StandInLauncher standIn, Charset consoleCharset) {
        this.host = host;
        this.runner = runner;
        this.vcvars = vcvars;
        this.flagCheck = flagCheck;
        this.standIn = standIn;
        this.consoleCharset = consoleCharset;
    }

    /**
     * The service as the wizard, {@code build} and {@code package} use it: a 3 s grace period on
     * cancel, the console's charset, and the stand-in at {@code standInPace} per step.
     */
    public static BuildService forHost(Host host, Duration standInPace) {
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(3));
        return new BuildService(host, runner, new VcvarsCapture(host, runner), new BuildFlagCheck(),
                new StandInLauncher(standInPace), ConsoleCharset.detect());
    }

    /** True when the real script runs here; false when the stand-in does. */
    public boolean runsRealScript() {
        return host.isLocal() && host.os().isWindows();
    }

    /**
     * Builds every binary of the plan.
     *
     * @throws PackagerException when the plan cannot be built as asked (nothing has run then):
     *         no source or SDK chosen, a parameter the release needs missing from the script, no
     *         PowerShell, a vcvars environment that cannot be captured
     */
    public BuildResult run(BuildRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        ReleasePlan plan = request.plan();
        require(plan.source(), "source", "the audio.cpp checkout");
        require(plan.sdk(), "sdk", "the HIP SDK folder");
        if (plan.targets().isEmpty()) {
            throw new PackagerException("The plan has no GPU targets; choose at least one architecture.");
        }
        if (plan.binaries().isEmpty()) {
            throw new PackagerException("The plan lists no binaries to build; add audiocpp_cli and audiocpp_server.");
        }
        BuildScriptArguments.requireSupported(plan, request.script());
        Path checkout = host.resolve(plan.source());
        if (!Files.isDirectory(checkout)) {
            throw new PackagerException("The audio.cpp checkout " + plan.source() + " does not exist (" + checkout
                    + "). Choose the folder of your clone.");
        }
        if (!Files.isDirectory(host.resolve(plan.sdk()))) {
            throw new PackagerException("The HIP SDK folder " + plan.sdk() + " does not exist. Install the HIP SDK or choose its folder.");
        }
        // The plan rule build.folder, for the commands that build without judging the plan first: a
        // described machine on Linux could make a folder Windows cannot have.
        Optional<Finding> badFolder = PlanRules.buildFolder(plan);
        if (badFolder.isPresent()) {
            throw new PackagerException(badFolder.get().message() + " " + badFolder.get().fix());
        }
        String buildDir = buildDirOf(plan);
        Path localBuild = host.resolveForWriting(buildDir);

        boolean real = runsRealScript();
        List<String> program;
        Map<String, String> env = new LinkedHashMap<>();
        boolean replaceEnv = false;
        Charset charset;
        String shell = null;
        if (real) {
            shell = host.which("powershell").isPresent() ? "powershell" : host.which("pwsh").isPresent() ? "pwsh" : null;
            if (shell == null) {
                throw new OperationFailedException("Neither powershell.exe nor pwsh.exe is on PATH, and the build script needs one."
                        + " Windows PowerShell is part of Windows: check that C:\\Windows\\System32\\WindowsPowerShell\\v1.0 is on PATH.");
            }
            if (plan.vsInstance() == null || plan.vsInstance().isBlank()) {
                throw new PackagerException("The plan names no Visual Studio instance; choose one that has the MSVC "
                        + plan.toolset() + " toolset.");
            }
            program = List.of(host.which(shell).orElseThrow().toString(), "-NoProfile", "-ExecutionPolicy", "Bypass",
                    "-File", BuildScriptArguments.SCRIPT);
            charset = consoleCharset;
        } else {
            program = standIn.command(host.descriptionDir().orElse(null), plan.source());
            charset = StandardCharsets.UTF_8;
        }
        Optional<Path> ccache = host.which("ccache");
        if (ccache.isPresent()) {
            env.put("CMAKE_C_COMPILER_LAUNCHER", host.toHostPath(ccache.get()));
            env.put("CMAKE_CXX_COMPILER_LAUNCHER", host.toHostPath(ccache.get()));
        }

        List<String> pasteLines = new ArrayList<>();
        List<List<String>> scriptArgs = new ArrayList<>();
        for (String binary : plan.binaries()) {
            List<String> args = BuildScriptArguments.forTarget(plan, request.script(), binary);
            scriptArgs.add(args);
            List<String> shown = new ArrayList<>(List.of(shell == null ? "powershell" : shell, "-NoProfile",
                    "-ExecutionPolicy", "Bypass", "-File", BuildScriptArguments.SCRIPT));
            shown.addAll(args);
            pasteLines.add(WindowsCommandLine.join(shown));
        }

        Path logPath = localBuild.resolve(LOG_NAME);
        Path bin = localBuild.resolve("bin");
        // The build writes its binaries, log and record there: a link would send them outside the build folder.
        for (Path output : List.of(bin, logPath, bin.resolve(BuildRecordStore.FILE_NAME))) {
            if (Files.isSymbolicLink(output)) {
                throw new PackagerException(output + " is a link; the build writes there and would write outside the build folder "
                        + buildDir + ". Nothing was built. Remove the link (or make it a plain folder) and run again.");
            }
        }
        List<Finding> findings = new ArrayList<>();
        UnfinishedBuild marker = new UnfinishedBuild(UnfinishedBuild.State.RUNNING, now(), null, plan.targets(), null);
        try {
            Files.createDirectories(localBuild);
            Files.deleteIfExists(logPath);
            // Before the first configure rewrites CMakeCache.txt: until a record replaces it, nothing packages these binaries.
            records.markUnfinished(bin, marker);
            // The binaries are about to change: the record of an earlier build must not describe them.
            records.clear(bin);
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write to the build folder " + buildDir + " (" + localBuild + "): " + e.getMessage()
                    + ". Check that it is writable.", e);
        }
        UnfinishedBuild.State how = UnfinishedBuild.State.FAILED;
        String building = null;
        boolean recorded = false;
        try (LogFile log = LogFile.append(logPath)) {
            LogTee tee = new LogTee(log, listener);
            for (String binary : plan.binaries()) {
                tee.part(binary, PartState.WAITING);
            }
            tee.log(LogLine.info("HIP Packager build of " + plan.project() + " for " + String.join(";", plan.targets())
                    + " against " + plan.sdk()));
            tee.log(LogLine.info("Log file: " + logPath));
            if (!real) {
                tee.log(LogLine.tool(LogLine.Level.WARN, "This is " + host.displayName()
                        + ", where Windows PowerShell and MSVC cannot run: the stand-in build runs in place of the script."
                        + " It compiles nothing and writes the sample binaries."));
            }
            tee.log(LogLine.info("To run the same build in a terminal, from a prompt opened with"
                    + " \"" + (plan.vsInstance() == null ? "<Visual Studio>" : plan.vsInstance())
                    + "\\VC\\Auxiliary\\Build\\vcvarsall.bat\" x64 -vcvars_ver=" + plan.toolset() + ":"));
            tee.log(LogLine.info("  cd /d " + WindowsCommandLine.quote(plan.source())));
            for (Map.Entry<String, String> e : env.entrySet()) {
                tee.log(LogLine.info("  set " + e.getKey() + "=" + e.getValue()));
            }
            for (String line : pasteLines) {
                tee.log(LogLine.info("  " + line));
            }

            if (real) {
                VcvarsEnvironment msvc = vcvars.capture(plan.vsInstance(), plan.toolset(), tee, token);
                Map<String, String> full = new LinkedHashMap<>(msvc.variables());
                full.putAll(env);
                env = full;
                replaceEnv = true;
            } else {
                tee.log(LogLine.info("vcvarsall.bat x64 -vcvars_ver=" + plan.toolset() + " not run: it needs Windows."));
            }

            for (int i = 0; i < plan.binaries().size(); i++) {
                String binary = plan.binaries().get(i);
                token.throwIfCancelled();
                building = binary;
                tee.part(binary, PartState.RUNNING);
                listener.progress(0, -1);
                listener.status("Building " + binary + " (" + (i + 1) + " of " + plan.binaries().size() + ")");
                tee.log(LogLine.info("== " + binary + ": " + pasteLines.get(i)));
                List<String> command = new ArrayList<>(program);
                command.addAll(scriptArgs.get(i));
                ProcessSpec spec = new ProcessSpec(command, checkout, env, replaceEnv, charset, null);
                BuildLogAnalyzer analyzer = new BuildLogAnalyzer(tee, binary, plan.sdk());
                ProcessResult result;
                try {
                    result = runner.run(spec, analyzer, token);
                } catch (IOException e) {
                    throw new OperationFailedException("Could not start " + command.get(0) + ": " + e.getMessage(), e);
                }
                analyzer.finished(result.succeeded());
                findings.addAll(analyzer.findings());
                if (result.cancelled()) {
                    how = UnfinishedBuild.State.CANCELLED;
                    tee.part(binary, PartState.CANCELLED);
                    tee.log(LogLine.tool(LogLine.Level.WARN, "Build cancelled while building " + binary + "."));
                    return finish(log, new BuildResult(false, true, !real, List.of(), findings, logPath, pasteLines, null));
                }
                if (result.exitCode() != 0) {
                    tee.part(binary, PartState.FAILED);
                    findings.add(new Finding(BUILD_FAILED, Severity.ERROR,
                            "The build of " + binary + " failed (exit code " + result.exitCode() + ")"
                                    + (analyzer.findings().isEmpty() ? "." : "; see the findings above for the cause."),
                            "Read the end of the log " + logPath + ", fix the cause and build again.", logPath.toString()));
                    tee.log(LogLine.tool(LogLine.Level.ERROR, "The build of " + binary + " failed with exit code " + result.exitCode() + "."));
                    return finish(log, new BuildResult(false, false, !real, List.of(), findings, logPath, pasteLines, null));
                }
                tee.part(binary, PartState.SUCCEEDED);
                tee.log(LogLine.info(binary + " built."));
            }
            building = null;

            List<String> outputs = new ArrayList<>();
            for (String binary : plan.binaries()) {
                String exe = host.join(buildDir, "bin", binary + ".exe");
                if (Files.isRegularFile(host.resolve(exe))) {
                    outputs.add(exe);
                } else {
                    findings.add(Finding.error(BUILD_OUTPUTS, "The build ended without error but " + exe + " does not exist.",
                            "Check the log " + logPath + " for where the script put its binaries (audio.cpp puts them in"
                                    + " <BuildDir>\\bin) and build again.").withFile(exe));
                }
            }
            listener.status("Checking the build flags in CMakeCache.txt");
            try {
                List<Finding> flags = flagCheck.check(localBuild, plan);
                for (Finding f : flags) {
                    tee.log(LogLine.tool(f.isError() ? LogLine.Level.ERROR : LogLine.Level.WARN,
                            "Build-flag check: " + f.id() + ": " + f.message()));
                }
                findings.addAll(flags);
            } catch (PackagerException e) {
                findings.add(Finding.error(BUILD_FLAGS, e.getMessage(),
                        "Configure the build again with the build script so it writes CMakeCache.txt."));
            }
            boolean ok = findings.stream().noneMatch(Finding::isError);
            BuildRecord record = null;
            if (ok) {
                record = record(plan, !real, bin).withSource(request.revision().version(), request.revision().commit());
                Path file = records.write(bin, record);
                records.clearUnfinished(bin);
                recorded = true;
                tee.log(LogLine.info("Build record: " + host.toHostPath(file)));
            }
            tee.log(ok ? LogLine.info("Build finished: " + String.join(", ", outputs))
                    : LogLine.tool(LogLine.Level.ERROR, "Build finished with errors; see the findings."));
            listener.status(ok ? "Build finished" : "Build finished with errors");
            return finish(log, new BuildResult(ok, false, !real, outputs, findings, logPath, pasteLines, record));
        } catch (OperationCancelledException e) {
            how = UnfinishedBuild.State.CANCELLED;
            throw e;
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write the build log " + logPath + ": " + e.getMessage(), e);
        } finally {
            if (!recorded) {
                endUnfinished(bin, marker.ended(how, now(), building));
            }
        }
    }

    /**
     * Says how the build ended in its marker. If that cannot be written the RUNNING marker stays,
     * which refuses the binaries just the same.
     */
    private void endUnfinished(Path bin, UnfinishedBuild ended) {
        try {
            records.markUnfinished(bin, ended);
        } catch (PackagerException e) {
            // The RUNNING marker written at the start is still there and still refuses these binaries.
        }
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** What this build was made with, and the size and SHA-256 of each of its binaries. */
    private static BuildRecord record(ReleasePlan plan, boolean standIn, Path bin) throws PackagerException {
        List<BuildRecord.BuiltBinary> built = new ArrayList<>();
        for (String binary : plan.binaries()) {
            Path exe = bin.resolve(binary + ".exe");
            try {
                built.add(new BuildRecord.BuiltBinary(exe.getFileName().toString(), Files.size(exe),
                        Files.getLastModifiedTime(exe).toMillis(), Sha256.of(exe)));
            } catch (IOException e) {
                throw new OperationFailedException("Cannot read the built " + exe + " for its build record: " + SmallFile.why(e) + ".", e);
            }
        }
        return BuildRecord.of(plan, standIn, now(), built);
    }

    private static BuildResult finish(LogFile log, BuildResult result) throws IOException {
        log.flush();
        return result;
    }

    /** The build folder as a host path: the plan's, relative to the checkout unless absolute. */
    public String buildDirOf(ReleasePlan plan) {
        try {
            return buildDirOf(plan, host);
        } catch (PackagerException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * The build folder of {@code plan} as a path of {@code host}: {@code buildDir} below the
     * checkout unless it is absolute.
     *
     * @throws PackagerException when it is relative and the plan names no checkout
     */
    public static String buildDirOf(ReleasePlan plan, Host host) throws PackagerException {
        String b = plan.buildDir();
        if (host.isRooted(b)) {
            return b;
        }
        if (plan.source() == null || plan.source().isBlank()) {
            throw new PackagerException("The plan names no audio.cpp checkout ('source'), so the build folder '" + b
                    + "' cannot be found. Set 'source', or make 'buildDir' absolute.");
        }
        return host.join(plan.source(), b);
    }

    private static void require(String value, String field, String what) throws PackagerException {
        if (value == null || value.isBlank()) {
            throw new PackagerException("The plan does not say " + what + " (\"" + field + "\" in the profile); set it and build again.");
        }
    }
}
