package dev.hippack.launch;

import dev.hippack.core.host.OperatingSystem;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.logging.ErrorManager;
import java.util.logging.FileHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The log of one run of the wizard or the command line: a new file per run in the per-user log
 * folder ({@link #folder}), written through the JDK's {@link System.Logger} with
 * {@code java.util.logging} as its backend, so every class logs with
 * {@code System.getLogger(getClass().getName())} and nothing else needs configuring.
 *
 * <p>{@code Main} starts it once, before it knows whether the wizard or a command runs, so both
 * are logged. Each file is capped in size and only the newest runs' files are kept. Starting never
 * fails the application: without a usable folder the run has no log, {@link #unavailable} says
 * why, and only errors reach the console. While it runs, JUL's console output is off (the command line's stderr is its own) and
 * uncaught exceptions of any thread are logged before the JVM's default report.
 */
public final class RunLog implements AutoCloseable {

    /** Environment variable that moves the log folder (tests, a portable install, CI). */
    public static final String FOLDER_VARIABLE = "HIP_PACKAGER_LOG_DIR";
    /** System property that moves the log folder; wins over {@link #FOLDER_VARIABLE}. */
    public static final String FOLDER_PROPERTY = "hippack.log.dir";
    /** How many runs' logs are kept, this one included. */
    public static final int KEEP_RUNS = 20;
    /** The most one run's log holds; past it the file starts again (the end of a run matters most). */
    public static final int MAX_BYTES = 8 * 1024 * 1024;

    static final String PREFIX = "hip-packager-";
    static final String SUFFIX = ".log";
    private static final System.Logger LOG = System.getLogger(RunLog.class.getName());

    private final Forwarder forwarder;
    private final List<Handler> replaced;
    private final Level previousLevel;
    private final Thread.UncaughtExceptionHandler previousUncaught;
    /** Whether this run changed java.util.logging (and {@link #close} must put it back). */
    private final boolean configured;
    /** The file, once it is open (or why there is none). */
    private final CompletableFuture<Opened> opened;

    /** The run's file and its handler, or why it has none. */
    private record Opened(Path file, FileHandler handler, String unavailable, WriteFailure failure) { }

    /**
     * What happens when the open log cannot be written (a full disk, a removed USB drive): one line
     * on stderr that says so, once, instead of java.util.logging's stack trace on every record; the
     * run goes on without its log, and an unexpected error then prints its details on stderr.
     */
    static final class WriteFailure extends ErrorManager {
        private final Path file;
        private final PrintStream err;
        private volatile String reason;

        WriteFailure(Path file, PrintStream err) {
            this.file = file;
            this.err = err;
        }

        @Override
        public synchronized void error(String msg, Exception ex, int code) {
            if (reason != null) {
                return;
            }
            String why = ex == null || ex.getMessage() == null ? (msg == null ? "error " + code : msg) : ex.getMessage();
            reason = why.length() > 1 && Character.isUpperCase(why.charAt(0)) && Character.isLowerCase(why.charAt(1))
                    ? Character.toLowerCase(why.charAt(0)) + why.substring(1) : why;
            err.println("hip-packager: the run log " + file + " cannot be written (" + reason
                    + "); the run goes on, but its log is incomplete. Free space in " + file.getParent() + ".");
        }

        /** Why the log could not be written; null while it could. */
        String reason() {
            return reason;
        }
    }

    private RunLog(Forwarder forwarder, List<Handler> replaced, Level previousLevel,
                   Thread.UncaughtExceptionHandler previousUncaught, boolean configured, CompletableFuture<Opened> opened) {
        this.forwarder = forwarder;
        this.replaced = replaced;
        this.previousLevel = previousLevel;
        this.previousUncaught = previousUncaught;
        this.configured = configured;
        this.opened = opened;
    }

    /**
     * The per-user log folder: {@link #FOLDER_PROPERTY} or {@link #FOLDER_VARIABLE} when set;
     * otherwise {@code %LOCALAPPDATA%\HIP Packager\logs} on Windows,
     * {@code ~/Library/Logs/HIP Packager} on macOS, and {@code $XDG_STATE_HOME/hip-packager/logs}
     * (default {@code ~/.local/state/hip-packager/logs}) elsewhere. Takes its inputs as values so
     * every case is testable on any machine.
     */
    public static Path folder(OperatingSystem os, Map<String, String> env, String property, Path userHome) {
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath();
        }
        String variable = env.get(FOLDER_VARIABLE);
        if (variable != null && !variable.isBlank()) {
            return Path.of(variable).toAbsolutePath();
        }
        return switch (os) {
            case WINDOWS -> {
                String local = env.get("LOCALAPPDATA");
                Path base = local != null && !local.isBlank() ? Path.of(local) : userHome.resolve("AppData").resolve("Local");
                yield base.resolve("HIP Packager").resolve("logs");
            }
            case MACOS -> userHome.resolve("Library").resolve("Logs").resolve("HIP Packager");
            case LINUX -> {
                String state = env.get("XDG_STATE_HOME");
                // The XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored.
                Path base = state != null && !state.isBlank() && Path.of(state).isAbsolute()
                        ? Path.of(state) : userHome.resolve(".local").resolve("state");
                yield base.resolve("hip-packager").resolve("logs");
            }
        };
    }

    /** This machine's log folder. */
    public static Path folder() {
        return folder(OperatingSystem.current(), System.getenv(), System.getProperty(FOLDER_PROPERTY),
                Path.of(System.getProperty("user.home", ".")));
    }

    /** A run without a log file, e.g. when the folder cannot be written; {@code why} says so in messages. */
    public static RunLog none(String why) {
        return new RunLog(null, List.of(), null, null, false, CompletableFuture.completedFuture(new Opened(null, null, why, null)));
    }

    /** {@link #start(Path, List, int, int)} with {@link #KEEP_RUNS} and {@link #MAX_BYTES}. */
    public static RunLog start(Path folder, List<String> args) {
        return start(folder, args, KEEP_RUNS, MAX_BYTES);
    }

    /**
     * Starts this run's log in {@code folder}: deletes the oldest runs' files so that {@code keep}
     * remain with the new one, opens a new file of at most {@code maxBytes}, and sends every
     * {@code System.Logger} record (INFO and above) there instead of to the console. Returns when
     * the file is open (or known to be unusable).
     */
    public static RunLog start(Path folder, List<String> args, int keep, int maxBytes) {
        RunLog log = startInBackground(folder, args, keep, maxBytes);
        log.opened.join();
        return log;
    }

    /** {@link #startInBackground(Path, List, int, int)} with {@link #KEEP_RUNS} and {@link #MAX_BYTES}. */
    public static RunLog startInBackground(Path folder, List<String> args) {
        return startInBackground(folder, args, KEEP_RUNS, MAX_BYTES);
    }

    /**
     * {@link #start(Path, List, int, int)}, except that the folder and the file are made on a
     * thread of its own, so the program goes on at once (the wizard's window is not kept waiting
     * for the log folder, the time zone and the file lock; docs/design.md §10.1). No record is lost meanwhile: from this
     * call on, every record goes to this run's handler, which keeps them until the file is open
     * and then writes them, in order, ahead of the later ones; {@link #file}, {@link #unavailable},
     * {@link #recordUnexpected} and {@link #close} wait for the file to be open. Without a usable
     * folder the kept errors go to the console, as they would have.
     */
    public static RunLog startInBackground(Path folder, List<String> args, int keep, int maxBytes) {
        Logger root = LogManager.getLogManager().getLogger("");
        Forwarder forwarder = new Forwarder();
        List<Handler> replaced = List.of(root.getHandlers());
        replaced.forEach(root::removeHandler);
        root.addHandler(forwarder);
        Level previousLevel = root.getLevel();
        root.setLevel(Level.INFO);
        Thread.UncaughtExceptionHandler previousUncaught = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            LOG.log(System.Logger.Level.ERROR, "Uncaught exception in thread " + thread.getName(), error);
            forwarder.flush();
            if (previousUncaught != null) {
                previousUncaught.uncaughtException(thread, error);
            } else {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                error.printStackTrace();
            }
        });
        CompletableFuture<Opened> opened = new CompletableFuture<>();
        Thread opener = new Thread(() -> opened.complete(open(folder, keep, maxBytes, root, forwarder, replaced, previousUncaught)),
                "hip-packager-log");
        opener.setDaemon(true);
        opener.start();
        RunLog log = new RunLog(forwarder, replaced, previousLevel, previousUncaught, true, opened);
        LOG.log(System.Logger.Level.INFO, "hip-packager " + ApplicationVersion.version() + " started with arguments " + args
                + "; Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ") on "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        return log;
    }

    /**
     * Makes the folder and the file and hands the kept records to it; without them, puts the
     * console handlers back with only errors passing (the command line's stderr stays its own)
     * and hands them the kept errors.
     */
    private static Opened open(Path folder, int keep, int maxBytes, Logger root, Forwarder forwarder, List<Handler> replaced,
                               Thread.UncaughtExceptionHandler previousUncaught) {
        try {
            Files.createDirectories(folder);
            prune(folder, keep - 1);
            Path file = newFile(folder);
            FileHandler handler = new FileHandler(pattern(file), maxBytes, 1, false);
            handler.setEncoding(StandardCharsets.UTF_8.name());
            handler.setFormatter(new LineFormatter());
            handler.setLevel(Level.ALL);
            WriteFailure failure = new WriteFailure(file, System.err);
            handler.setErrorManager(failure);
            forwarder.sendTo(List.of(handler), Level.ALL);
            return new Opened(file, handler, null, failure);
        } catch (IOException | RuntimeException | Error e) {
            root.setLevel(Level.SEVERE);
            forwarder.sendTo(replaced, Level.SEVERE);
            root.removeHandler(forwarder);
            replaced.forEach(root::addHandler);
            Thread.setDefaultUncaughtExceptionHandler(previousUncaught);
            return new Opened(null, null, "the log folder " + folder + " cannot be written (" + e.getMessage() + ")", null);
        }
    }

    /** This run's log file; empty when the run has none. */
    public Optional<Path> file() {
        return Optional.ofNullable(opened.join().file());
    }

    /** Why this run has no log file; empty when it has one. */
    public Optional<String> unavailable() {
        return Optional.ofNullable(opened.join().unavailable());
    }

    /**
     * Records an error nobody expected, with its stack trace, and says where it went: the log
     * file, or without one the stack trace itself, so it is never lost.
     */
    public String recordUnexpected(String what, Throwable error) {
        Opened o = opened.join();
        String failed = o.failure() == null ? null : o.failure().reason();
        if (o.handler() == null || failed != null) {
            StringWriter trace = new StringWriter();
            error.printStackTrace(new PrintWriter(trace));
            String why = o.handler() == null ? o.unavailable() : "the run log " + o.file() + " cannot be written: " + failed;
            return "no log file (" + why + "); the details follow:" + System.lineSeparator() + trace;
        }
        LOG.log(System.Logger.Level.ERROR, what, error);
        o.handler().flush();
        return "details in " + o.file();
    }

    /** Ends the log: the last line, then the console handlers and uncaught-exception handler as they were. */
    @Override
    public void close() {
        if (!configured) {
            return;
        }
        Opened o = opened.join();
        Logger root = LogManager.getLogManager().getLogger("");
        root.setLevel(previousLevel);
        if (o.handler() != null) {
            root.removeHandler(forwarder);
            o.handler().close();
            replaced.forEach(root::addHandler);
            Thread.setDefaultUncaughtExceptionHandler(previousUncaught);
        }
    }

    /** Deletes the oldest run logs (and their stale lock files) so that at most {@code keep} remain. */
    static void prune(Path folder, int keep) throws IOException {
        List<Path> logs = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*" + SUFFIX)) {
            files.forEach(logs::add);
        }
        logs.sort(Comparator.comparing(RunLog::modified).thenComparing(Path::getFileName).reversed());
        for (Path old : logs.subList(Math.min(Math.max(keep, 0), logs.size()), logs.size())) {
            Files.deleteIfExists(old);
            Files.deleteIfExists(old.resolveSibling(old.getFileName() + ".lck"));
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** {@code hip-packager-20261130-101500-4242.log}: the start time and the process, never an existing name. */
    private static Path newFile(Path folder) throws IOException {
        // Made here, on the log's own thread: DateTimeFormatter's set-up took the main thread's time
        // when it was a constant, before the wizard's window could start (docs/design.md §10.1).
        DateTimeFormatter time = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
        String stem = PREFIX + LocalDateTime.now().format(time) + "-" + ProcessHandle.current().pid();
        Path file = folder.resolve(stem + SUFFIX);
        for (int n = 2; Files.exists(file); n++) {
            file = folder.resolve(stem + "-" + n + SUFFIX);
        }
        return file;
    }

    /** The file as a FileHandler pattern: the path with '%' escaped (a Windows user name may hold one). */
    private static String pattern(Path file) {
        return file.toAbsolutePath().toString().replace("%", "%%");
    }

    /**
     * The run's handler on the root logger: keeps the records until {@link #sendTo} names where
     * they go (the file, or without one the console), then writes the kept ones there in order
     * and passes on every later one.
     */
    static final class Forwarder extends Handler {
        private final List<LogRecord> kept = new ArrayList<>();
        private List<Handler> targets;
        private Level least = Level.ALL;

        @Override
        public synchronized void publish(LogRecord r) {
            if (targets == null) {
                kept.add(r);
            } else if (r.getLevel().intValue() >= least.intValue()) {
                targets.forEach(h -> h.publish(r));
            }
        }

        synchronized void sendTo(List<Handler> handlers, Level level) {
            targets = handlers;
            least = level;
            kept.forEach(this::publish);
            kept.clear();
            flush();
        }

        @Override
        public synchronized void flush() {
            if (targets != null) {
                targets.forEach(Handler::flush);
            }
        }

        @Override
        public void close() {
            flush();
        }
    }

    /** One line a record: time, level, logger, message; then the stack trace when there is one. */
    static final class LineFormatter extends Formatter {
        @Override
        public String format(LogRecord r) {
            StringBuilder sb = new StringBuilder()
                    .append(ZonedDateTime.ofInstant(r.getInstant(), ZoneId.systemDefault())
                            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
                    .append(' ').append(r.getLevel().getName())
                    .append(' ').append(r.getLoggerName())
                    .append(": ").append(formatMessage(r)).append(System.lineSeparator());
            if (r.getThrown() != null) {
                StringWriter trace = new StringWriter();
                r.getThrown().printStackTrace(new PrintWriter(trace));
                sb.append(trace);
            }
            return sb.toString();
        }
    }
}
