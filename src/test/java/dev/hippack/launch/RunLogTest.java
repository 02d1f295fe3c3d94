package dev.hippack.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.host.OperatingSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run log: where it lives on each OS, what a run writes, how many runs are kept, and that it never stops a start. */
class RunLogTest {

    @TempDir
    Path dir;

    private static final Path HOME = Path.of("/home/ada");

    @Test
    void windowsLogsGoToLocalAppDataHipPackagerLogs() {
        assertThat(RunLog.folder(OperatingSystem.WINDOWS, Map.of("LOCALAPPDATA", "C:\\Users\\Ada\\AppData\\Local"), null, HOME))
                .isEqualTo(Path.of("C:\\Users\\Ada\\AppData\\Local").resolve("HIP Packager").resolve("logs"));
        assertThat(RunLog.folder(OperatingSystem.WINDOWS, Map.of(), null, HOME))
                .isEqualTo(HOME.resolve("AppData/Local/HIP Packager/logs"));
    }

    @Test
    void linuxLogsGoToTheXdgStateFolderOrItsDefault() {
        assertThat(RunLog.folder(OperatingSystem.LINUX, Map.of("XDG_STATE_HOME", "/var/state/ada"), null, HOME))
                .isEqualTo(Path.of("/var/state/ada/hip-packager/logs"));
        assertThat(RunLog.folder(OperatingSystem.LINUX, Map.of(), null, HOME))
                .isEqualTo(HOME.resolve(".local/state/hip-packager/logs"));
        // A relative XDG_STATE_HOME is invalid by the spec and ignored.
        assertThat(RunLog.folder(OperatingSystem.LINUX, Map.of("XDG_STATE_HOME", "state"), null, HOME))
                .isEqualTo(HOME.resolve(".local/state/hip-packager/logs"));
        assertThat(RunLog.folder(OperatingSystem.MACOS, Map.of(), null, HOME))
                .isEqualTo(HOME.resolve("Library/Logs/HIP Packager"));
    }

    @Test
    void thePropertyThenTheVariableMoveTheFolder() {
        Map<String, String> env = Map.of(RunLog.FOLDER_VARIABLE, dir.resolve("from-env").toString(), "XDG_STATE_HOME", "/x");
        assertThat(RunLog.folder(OperatingSystem.LINUX, env, null, HOME)).isEqualTo(dir.resolve("from-env"));
        assertThat(RunLog.folder(OperatingSystem.WINDOWS, env, dir.resolve("from-property").toString(), HOME))
                .isEqualTo(dir.resolve("from-property"));
    }

    @Test
    void aRunWritesItsOwnFileAndSystemLoggerRecordsGoThereNotToTheConsole() throws Exception {
        Path folder = dir.resolve("logs");
        List<Handler> before = List.of(LogManager.getLogManager().getLogger("").getHandlers());
        Path file;
        try (RunLog log = RunLog.start(folder, List.of("--demo", "detect"))) {
            file = log.file().orElseThrow();
            assertThat(log.unavailable()).isEmpty();
            assertThat(file.getParent()).isEqualTo(folder);
            assertThat(file.getFileName().toString()).startsWith("hip-packager-").endsWith(".log");
            assertThat(LogManager.getLogManager().getLogger("").getHandlers()).noneMatch(h -> h instanceof ConsoleHandler);
            System.getLogger("dev.hippack.ui.steps.build.BuildStepViewModel").log(System.Logger.Level.WARNING, "ünïcode ok");
            System.getLogger("dev.hippack.ui.Somewhere").log(System.Logger.Level.DEBUG, "below the level");
        }
        String text = Files.readString(file);
        assertThat(text).contains("started with arguments [--demo, detect]").contains("Java ")
                .contains("WARNING dev.hippack.ui.steps.build.BuildStepViewModel: ünïcode ok")
                .doesNotContain("below the level");
        assertThat(LogManager.getLogManager().getLogger("").getHandlers()).containsExactlyInAnyOrderElementsOf(before);
        assertThat(folder.resolve(file.getFileName() + ".lck")).doesNotExist();
    }

    @Test
    void anUnexpectedErrorGoesToTheFileWithItsStackTrace() throws Exception {
        Path file;
        String where;
        try (RunLog log = RunLog.start(dir, List.of())) {
            file = log.file().orElseThrow();
            where = log.recordUnexpected("Unexpected error in hip-packager zip", new IllegalStateException("boom"));
        }
        assertThat(where).isEqualTo("details in " + file);
        assertThat(Files.readString(file)).contains("SEVERE dev.hippack.launch.RunLog: Unexpected error in hip-packager zip")
                .contains("java.lang.IllegalStateException: boom").contains("RunLogTest.anUnexpectedErrorGoesToTheFileWithItsStackTrace(RunLogTest.java");
    }

    @Test
    void uncaughtExceptionsOfAnyThreadAreLoggedThenPassedOn() throws Exception {
        Thread.UncaughtExceptionHandler outer = Thread.getDefaultUncaughtExceptionHandler();
        List<Throwable> passedOn = new ArrayList<>();
        // The JVM-wide handler that was there before (another library's) still gets the exception.
        Thread.UncaughtExceptionHandler earlier = (thread, error) -> passedOn.add(error);
        Thread.setDefaultUncaughtExceptionHandler(earlier);
        try {
            Path file;
            try (RunLog log = RunLog.start(dir, List.of())) {
                file = log.file().orElseThrow();
                Thread t = new Thread(() -> {
                    throw new IllegalArgumentException("from a worker");
                }, "worker-7");
                t.start();
                t.join();
            }
            assertThat(Files.readString(file)).contains("Uncaught exception in thread worker-7")
                    .contains("java.lang.IllegalArgumentException: from a worker");
            assertThat(passedOn).singleElement().satisfies(e -> assertThat(e).hasMessage("from a worker"));
            assertThat(Thread.getDefaultUncaughtExceptionHandler()).isSameAs(earlier);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(outer);
        }
    }

    @Test
    void onlyTheNewestRunsAreKept() throws Exception {
        for (int i = 0; i < 6; i++) {
            Path old = Files.writeString(dir.resolve("hip-packager-2025010" + i + "-000000-1.log"), "run " + i);
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * (i + 1)));
            Files.writeString(dir.resolve(old.getFileName() + ".lck"), "");
        }
        Files.writeString(dir.resolve("notes.txt"), "not a log");
        Path file;
        try (RunLog log = RunLog.start(dir, List.of(), 3, 1 << 20)) {
            file = log.file().orElseThrow();
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "hip-packager-20250104-000000-1.log", "hip-packager-20250104-000000-1.log.lck",
                    "hip-packager-20250105-000000-1.log", "hip-packager-20250105-000000-1.log.lck",
                    file.getFileName().toString(), "notes.txt");
        }
    }

    @Test
    void oneRunsFileStaysWithinItsSizeCap() throws Exception {
        Path file;
        try (RunLog log = RunLog.start(dir, List.of(), 5, 64 * 1024)) {
            file = log.file().orElseThrow();
            for (int i = 0; i < 2_000; i++) {
                System.getLogger("dev.hippack.flood").log(System.Logger.Level.INFO, "line " + i + " " + "x".repeat(100));
            }
        }
        assertThat(Files.size(file)).isLessThanOrEqualTo(64 * 1024 + 1024);
        assertThat(Files.readString(file)).contains("line 1999");
    }

    @Test
    void aFolderThatCannotBeMadeMeansNoLogNotAFailedStart() throws Exception {
        Path blocker = Files.writeString(dir.resolve("blocker"), "a file where the folder must be");
        List<Handler> before = List.of(LogManager.getLogManager().getLogger("").getHandlers());
        Level level = LogManager.getLogManager().getLogger("").getLevel();
        try (RunLog log = RunLog.start(blocker.resolve("logs"), List.of())) {
            assertThat(log.file()).isEmpty();
            // Without a file only errors reach the console: the command line's stderr stays its own.
            assertThat(System.getLogger("dev.hippack.cli.Cli").isLoggable(System.Logger.Level.INFO)).isFalse();
            assertThat(System.getLogger("dev.hippack.cli.Cli").isLoggable(System.Logger.Level.ERROR)).isTrue();
            assertThat(log.unavailable()).get().asString().contains(blocker.resolve("logs").toString());
            assertThat(log.recordUnexpected("x", new IllegalStateException("kept"))).contains("no log file")
                    .contains("java.lang.IllegalStateException: kept");
        }
        assertThat(LogManager.getLogManager().getLogger("").getHandlers()).containsExactlyInAnyOrderElementsOf(before);
        assertThat(LogManager.getLogManager().getLogger("").getLevel()).isEqualTo(level);
    }
}
