package dev.hippack.core.launch;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.audit.DependencyCheck;
import dev.hippack.core.audit.RuntimeLoadCheck;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.build.ConsoleCharset;
import dev.hippack.core.build.ProcessResult;
import dev.hippack.core.build.ProcessRunner;
import dev.hippack.core.build.ProcessSpec;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.ForwardingListener;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Proves a staged package starts, after staging and before zipping (rule {@value #ID}).
 *
 * <p>On a local Windows machine each executable of the package folder runs with {@code --help}
 * from that folder, with PATH reduced to Windows' own folders (no SDK, no Visual Studio on it),
 * under a time limit, through the {@link ProcessRunner} (a run over the limit has its whole
 * process tree ended). An NTSTATUS exit code of the loader ({@link WindowsExitStatus}: DLL not
 * found, bad image, entry point not found) is an error naming the executable and, where the
 * output or the package's import tables tell, the DLL.
 *
 * <p>Elsewhere (Linux, the sample environment, a machine described by host.json), or when the
 * user turned it off, it does not run and says so in a note; instead the loader's search is
 * followed in the package folder ({@link FolderLoaderSearch}): every DLL each executable imports
 * (transitively) or loads at run time must be in its folder or be Windows' own.
 */
public final class StartCheck {

    public static final String ID = "start.check";
    public static final String HELP_ARGUMENT = "--help";
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(60);

    /** How many of the last output lines are kept for the findings. */
    private static final int TAIL_LINES = 20;
    private static final Pattern DLL_NAME = Pattern.compile("([A-Za-z0-9_.+\\-]+\\.dll)", Pattern.CASE_INSENSITIVE);

    private final Catalog catalog;
    private final PeReader reader;
    private final ProcessRunner runner;
    private final Duration limit;
    private final Predicate<Host> canRun;
    private final Function<Host, Map<String, String>> environment;
    private final Charset charset;

    /** The check as packaging uses it: a 60 s limit per executable, real runs only on a local Windows machine. */
    public StartCheck(Catalog catalog) {
        this(catalog, new PeReader(), new ProcessRunner(Duration.ofSeconds(2)), DEFAULT_LIMIT, StartCheck::canRunWindowsPrograms,
                StartCheck::windowsSystemEnvironment, ConsoleCharset.detect());
    }

    StartCheck(Catalog catalog, PeReader reader, ProcessRunner runner, Duration limit, Predicate<Host> canRun,
               Function<Host, Map<String, String>> environment, Charset charset) {
        this.catalog = catalog;
        this.reader = reader;
        this.runner = runner;
        this.limit = limit;
        this.canRun = canRun;
        this.environment = environment;
        this.charset = charset;
    }

    /** Only this machine runs its programs, and only Windows runs Windows executables. */
    public static boolean canRunWindowsPrograms(Host host) {
        return host.isLocal() && host.os().isWindows();
    }

    /**
     * Whether the executables are run, and if not why.
     *
     * @param run    true when they are started
     * @param whyNot the reason they are not, as a clause ("it was turned off"); null when they are
     */
    public record Decision(boolean run, String whyNot) { }

    /** The decision for {@code host}: run on a machine that can run them, unless {@code skip}. */
    public static Decision decide(Host host, boolean skip, Predicate<Host> canRun) {
        if (skip) {
            return new Decision(false, "it was turned off (--no-start-check)");
        }
        if (!canRun.test(host)) {
            if (!host.isLocal()) {
                return new Decision(false, "the package was staged for " + host.displayName()
                        + " (the sample environment, or --host), whose programs do not run here");
            }
            return new Decision(false, "Windows executables cannot run on " + host.os().displayName());
        }
        return new Decision(true, null);
    }

    /**
     * The environment the executables start in: Windows' own variables, and PATH holding only
     * Windows' folders, so a DLL found through the SDK's or Visual Studio's folders on this build
     * machine cannot hide one missing from the package.
     */
    public static Map<String, String> windowsSystemEnvironment(Host host) {
        Map<String, String> env = new LinkedHashMap<>();
        String root = host.env("SystemRoot").or(() -> host.env("windir")).orElse("C:\\Windows");
        for (String name : List.of("SystemRoot", "SystemDrive", "windir", "TEMP", "TMP", "USERPROFILE", "LOCALAPPDATA", "APPDATA",
                "ComSpec", "PATHEXT", "NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE", "OS")) {
            host.env(name).ifPresent(v -> env.put(name, v));
        }
        env.put("SystemRoot", root);
        env.put("PATH", String.join(";", root + "\\system32", root, root + "\\System32\\Wbem",
                root + "\\System32\\WindowsPowerShell\\v1.0\\"));
        return env;
    }

    /**
     * Runs the check on the package folder.
     *
     * @throws OperationFailedException    when the package folder cannot be listed, so the check cannot run at all
     * @throws OperationCancelledException when the user cancelled (a run over the time limit is a finding, not a cancel)
     */
    public List<Finding> run(StartCheckRequest request, OperationListener listener, CancellationToken token)
            throws OperationFailedException, OperationCancelledException {
        Path folder = request.packageDir();
        List<String> executables;
        try {
            executables = executables(folder);
        } catch (IOException e) {
            throw new OperationFailedException("The start check cannot list the package folder " + folder + ": " + e.getMessage()
                    + ". Check that the staged folder exists and is readable, then stage again.", e);
        }
        if (executables.isEmpty()) {
            return List.of(Finding.error(ID, "The package folder " + folder + " holds no executable to start.",
                    "Stage the package again; its executables belong in the package folder itself."));
        }
        Decision decision = decide(request.host(), request.skip(), canRun);
        if (!decision.run()) {
            return simulated(folder, executables, decision.whyNot());
        }
        List<Finding> out = new ArrayList<>();
        List<String> started = new ArrayList<>();
        for (String exe : executables) {
            token.throwIfCancelled();
            listener.status("Start check: " + exe + " " + HELP_ARGUMENT);
            Outcome outcome = start(folder, exe, request.host(), listener, token);
            Finding f = judge(exe, outcome, likelyMissing(folder, exe), limit);
            if (f == null) {
                started.add(exe);
            } else {
                out.add(f);
            }
        }
        if (!started.isEmpty()) {
            out.add(Finding.info(ID, "Started " + String.join(", ", started) + " with " + HELP_ARGUMENT + " from the package folder,"
                    + " with PATH reduced to Windows' folders: " + (started.size() == 1 ? "it" : "each") + " loaded every DLL it imports and exited normally."
                    + " What this start cannot see: Windows always searches System32, where the AMD driver and the Visual C++"
                    + " redistributable put copies of the HIP runtime, comgr and the C++ runtime, so on this machine a package"
                    + " missing one of those still starts.",
                    "Nothing to do here: the audit is the authority for those DLLs (" + DependencyCheck.DEPS_CLOSURE + " and "
                            + RuntimeLoadCheck.DEPS_RUNTIME_LOADED + ", which also covers DLLs opened later, such as comgr)."));
        }
        return out;
    }

    /**
     * What became of one start.
     *
     * @param exitCode  the exit code as Java reports it (meaningless when {@code startError} or {@code timedOut})
     * @param timedOut  the time limit ended it
     * @param startError why it could not be started at all; null when it started
     * @param tail      its last output lines
     */
    record Outcome(int exitCode, boolean timedOut, String startError, List<String> tail) { }

    private Outcome start(Path folder, String exe, Host host, OperationListener listener, CancellationToken token)
            throws OperationCancelledException {
        Deque<String> tail = new ArrayDeque<>();
        OperationListener collect = new ForwardingListener(listener) {
            @Override public void log(LogLine line) {
                synchronized (tail) {
                    tail.addLast(line.text());
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
                super.log(line);
            }
        };
        CancellationToken run = new CancellationToken();
        Runnable forward = run::cancel;
        token.onCancel(forward);
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hippack-start-check-limit");
            t.setDaemon(true);
            return t;
        });
        timer.schedule(() -> {
            timedOut.set(true);
            run.cancel();
        }, limit.toMillis(), TimeUnit.MILLISECONDS);
        try {
            ProcessSpec spec = new ProcessSpec(List.of(folder.resolve(exe).toAbsolutePath().toString(), HELP_ARGUMENT), folder,
                    environment.apply(host), true, charset, null);
            ProcessResult result = runner.run(spec, collect, run);
            if (result.cancelled() && !timedOut.get()) {
                throw new OperationCancelledException();
            }
            synchronized (tail) {
                return new Outcome(result.exitCode(), result.cancelled(), null, List.copyOf(tail));
            }
        } catch (IOException e) {
            return new Outcome(-1, false, e.getMessage(), List.of());
        } finally {
            timer.shutdownNow();
            token.removeOnCancel(forward);
        }
    }

    /**
     * The finding for one start, or null when it started and exited normally.
     *
     * @param likelyMissing DLLs the package's import tables say the folder lacks, to name when Windows does not
     */
    static Finding judge(String exe, Outcome outcome, List<String> likelyMissing, Duration limit) {
        if (outcome.startError() != null) {
            return new Finding(ID, Severity.ERROR, exe + " could not be started: " + outcome.startError() + ".",
                    "Stage the package again from a complete build; the file may be damaged or not a 64-bit Windows program.", exe);
        }
        String output = outcome.tail().isEmpty() ? "" : " Its last output: \"" + String.join(" | ", outcome.tail()) + "\".";
        if (outcome.timedOut()) {
            return new Finding(ID, Severity.ERROR, exe + " " + HELP_ARGUMENT + " did not end within " + limit.toSeconds()
                    + " s, so its whole process tree was ended. A missing DLL can make Windows show a dialog and wait for a click."
                    + missingClause(likelyMissing) + output,
                    "Run it by hand from the package folder to see what it waits for; check the DLLs the audit lists.", exe);
        }
        if (outcome.exitCode() == 0) {
            return null;
        }
        var status = WindowsExitStatus.of(outcome.exitCode());
        String code = WindowsExitStatus.describe(outcome.exitCode());
        if (status.isPresent()) {
            WindowsExitStatus s = status.get();
            Set<String> named = new LinkedHashSet<>();
            for (String line : outcome.tail()) {
                Matcher m = DLL_NAME.matcher(line);
                while (m.find()) {
                    named.add(m.group(1));
                }
            }
            String dll = named.isEmpty() ? missingClause(likelyMissing) : " Windows named " + String.join(", ", named) + ".";
            String fix = s.loaderFailure()
                    ? "Put the DLL it needs next to it: copy it from the HIP SDK's bin (ROCm DLLs) or the Visual Studio redist"
                    + " (MSVC runtime) the package was built with, then stage again. The audit's deps.* findings name what is missing."
                    : s == WindowsExitStatus.ILLEGAL_INSTRUCTION
                    ? "Rebuild with -NoNativeCpu (ENGINE_ENABLE_NATIVE_CPU=OFF) so the CPU backend runs on every x64 CPU."
                    : "Run it by hand from the package folder to see where it fails.";
            return new Finding(ID, Severity.ERROR, exe + " failed to start: exit status " + code + " (" + s.symbol() + "): "
                    + s.meaning() + "." + dll + output, fix, exe);
        }
        return new Finding(ID, Severity.WARNING, exe + " " + HELP_ARGUMENT + " exited with code " + code
                + ", which is not a loader failure: it started, but its help did not end normally." + output,
                "Run it by hand with " + HELP_ARGUMENT + " to see why.", exe);
    }

    private static String missingClause(List<String> likelyMissing) {
        return likelyMissing.isEmpty() ? "" : " Of the DLLs it needs, these are neither in its folder nor Windows' own: "
                + String.join(", ", likelyMissing) + ".";
    }

    private List<String> likelyMissing(Path folder, String exe) {
        try {
            return new FolderLoaderSearch(catalog, reader).search(folder, exe).missing().stream()
                    .map(FolderLoaderSearch.Missing::dll).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The note that the check did not run, and what was checked in its place. */
    private List<Finding> simulated(Path folder, List<String> executables, String whyNot) {
        List<Finding> out = new ArrayList<>();
        FolderLoaderSearch search = new FolderLoaderSearch(catalog, reader);
        boolean complete = true;
        for (String exe : executables) {
            FolderLoaderSearch.Result r;
            try {
                r = search.search(folder, exe);
            } catch (IOException e) {
                out.add(new Finding(ID, Severity.ERROR, "Cannot follow the DLLs of " + exe + ": " + e.getMessage() + ".",
                        "Stage the package again.", exe));
                complete = false;
                continue;
            }
            for (FolderLoaderSearch.Missing m : r.missing()) {
                complete = false;
                String how = m.runtimeLoaded()
                        ? m.neededBy() + " opens " + m.dll() + " with LoadLibrary when " + exe + " first uses the GPU"
                        : m.neededBy() + " imports " + m.dll() + ", so Windows refuses to start " + exe + " (0xC0000135, STATUS_DLL_NOT_FOUND)";
                out.add(new Finding(ID, Severity.ERROR, exe + " would fail from its package folder: " + how + ", and "
                        + m.dll() + " is neither in the folder nor a Windows system DLL.",
                        "Copy " + m.dll() + " from the SDK's bin (or the Visual Studio redist for the MSVC runtime) next to "
                                + exe + ", then stage again.", exe));
            }
            r.unreadable().forEach((file, problem) -> out.add(new Finding(ID, Severity.ERROR, file + " in the package folder is"
                    + " not a readable PE file (" + problem + "), so Windows could not load it for " + exe + ".",
                    "Copy it again from the build output or the SDK.", file)));
            complete &= r.unreadable().isEmpty();
        }
        out.add(0, Finding.info(ID, "Not run: " + whyNot + ". Instead the loader's search was followed in the package folder for "
                + String.join(", ", executables) + ": " + (complete
                ? "every DLL they import (transitively) or load at run time is there or is Windows' own."
                : "some DLLs are missing (see the errors)."),
                "Run hip-packager package on the Windows build machine to start the executables for real."));
        return out;
    }

    private static List<String> executables(Path folder) throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(folder)) {
            for (Path p : dir) {
                if (Files.isRegularFile(p) && p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".exe")) {
                    out.add(p.getFileName().toString());
                }
            }
        }
        out.sort(String.CASE_INSENSITIVE_ORDER);
        return out;
    }
}
