package dev.hippack.core.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.build.ProcessRunner;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class StartCheckTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    Path temp;

    /** The executables and DLLs of a ROCm 6.4 package, as staging lays them out. */
    private Path rocm6Package() throws Exception {
        Path pkg = Files.createDirectories(temp.resolve("pkg"));
        for (String f : List.of("audiocpp_cli.exe", "audiocpp_server.exe", "amdhip64_6.dll", "amd_comgr_2.dll", "hipblas.dll",
                "hipblaslt.dll", "rocblas.dll")) {
            Files.copy(PeFixtures.sample("rocm6/" + f), pkg.resolve(f));
        }
        for (String f : List.of("MSVCP140.dll", "VCRUNTIME140.dll", "VCRUNTIME140_1.dll")) {
            Files.copy(PeFixtures.sample("crt/" + f), pkg.resolve(f));
        }
        return pkg;
    }

    private static Host windowsDescribed(Path dir) {
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), Map.of(), "C:\\", Map.of());
    }

    // ---- the decision ---------------------------------------------------------------------

    @Test
    void itRunsOnlyOnAMachineThatRunsWindowsProgramsAndUnlessTurnedOff() {
        Host local = Host.local();
        assertThat(StartCheck.decide(local, false, h -> true).run()).isTrue();
        assertThat(StartCheck.decide(local, true, h -> true)).satisfies(d -> {
            assertThat(d.run()).isFalse();
            assertThat(d.whyNot()).contains("--no-start-check");
        });
        assertThat(StartCheck.decide(windowsDescribed(temp), false, StartCheck::canRunWindowsPrograms)).satisfies(d -> {
            assertThat(d.run()).isFalse();
            assertThat(d.whyNot()).contains("sample environment").contains("host.json");
        });
        if (!local.os().isWindows()) {
            assertThat(StartCheck.canRunWindowsPrograms(local)).isFalse();
            assertThat(StartCheck.decide(local, false, StartCheck::canRunWindowsPrograms).whyNot())
                    .contains("Windows executables cannot run on");
        }
    }

    @Test
    void theStartEnvironmentHasOnlyWindowsFoldersOnPath() {
        Map<String, String> env = StartCheck.windowsSystemEnvironment(Host.described(OperatingSystem.WINDOWS, temp, Map.of("C:", temp),
                Map.of("SystemRoot", "C:\\WINDOWS", "PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\bin;C:\\WINDOWS\\system32",
                        "HIP_PATH", "C:\\Program Files\\AMD\\ROCm\\6.4\\", "TEMP", "C:\\Temp"), "C:\\", Map.of()));
        assertThat(env.get("PATH")).isEqualTo("C:\\WINDOWS\\system32;C:\\WINDOWS;C:\\WINDOWS\\System32\\Wbem;"
                + "C:\\WINDOWS\\System32\\WindowsPowerShell\\v1.0\\");
        assertThat(env).doesNotContainKey("HIP_PATH").containsEntry("TEMP", "C:\\Temp").containsEntry("SystemRoot", "C:\\WINDOWS");
    }

    // ---- what a finished run means -----------------------------------------------------------

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void dllNotFoundIsAnErrorNamingTheExecutableAndTheDllWindowsReported() {
        Finding f = StartCheck.judge("audiocpp_cli.exe", new StartCheck.Outcome(-1073741515, false, null,
                List.of("The code execution cannot proceed because amdhip64_6.dll was not found.")), List.of(), LIMIT);
        assertThat(f.isError()).isTrue();
        assertThat(f.id()).isEqualTo(StartCheck.ID);
        assertThat(f.file()).isEqualTo("audiocpp_cli.exe");
        assertThat(f.message()).contains("audiocpp_cli.exe failed to start").contains("0xC0000135")
                .contains("STATUS_DLL_NOT_FOUND").contains("Windows named amdhip64_6.dll");
    }

    @Test
    void whenWindowsNamesNoDllTheImportTablesNameTheLikelyOnes() {
        Finding f = StartCheck.judge("audiocpp_server.exe", new StartCheck.Outcome((int) 0xC0000135L, false, null, List.of()),
                List.of("hipblaslt.dll"), LIMIT);
        assertThat(f.message()).contains("neither in its folder nor Windows' own: hipblaslt.dll");
        Finding image = StartCheck.judge("audiocpp_server.exe", new StartCheck.Outcome((int) 0xC000007BL, false, null, List.of()),
                List.of(), LIMIT);
        assertThat(image.isError()).isTrue();
        assertThat(image.message()).contains("0xC000007B").contains("STATUS_INVALID_IMAGE_FORMAT");
        Finding entry = StartCheck.judge("a.exe", new StartCheck.Outcome((int) 0xC0000139L, false, null, List.of()), List.of(), LIMIT);
        assertThat(entry.message()).contains("STATUS_ENTRYPOINT_NOT_FOUND");
    }

    @Test
    void anIllegalInstructionPointsAtANativeCpuBuild() {
        Finding f = StartCheck.judge("a.exe", new StartCheck.Outcome((int) 0xC000001DL, false, null, List.of()), List.of(), LIMIT);
        assertThat(f.isError()).isTrue();
        assertThat(f.fix()).contains("-NoNativeCpu");
    }

    @Test
    void aNormalExitIsNoFindingAndAnotherCodeOnlyWarns() {
        assertThat(StartCheck.judge("a.exe", new StartCheck.Outcome(0, false, null, List.of("usage: ...")), List.of(), LIMIT)).isNull();
        Finding f = StartCheck.judge("a.exe", new StartCheck.Outcome(2, false, null, List.of("unknown option")), List.of(), LIMIT);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("exited with code 2").contains("unknown option");
    }

    @Test
    void aTimeoutAndAStartFailureAreErrors() {
        Finding timeout = StartCheck.judge("a.exe", new StartCheck.Outcome(-1, true, null, List.of()), List.of("amd_comgr_2.dll"), LIMIT);
        assertThat(timeout.isError()).isTrue();
        assertThat(timeout.message()).contains("did not end within 60 s").contains("amd_comgr_2.dll");
        Finding start = StartCheck.judge("a.exe", new StartCheck.Outcome(-1, false, "error=193, %1 is not a valid Win32 application",
                List.of()), List.of(), LIMIT);
        assertThat(start.isError()).isTrue();
        assertThat(start.message()).contains("could not be started").contains("error=193");
    }

    // ---- not run: the loader's search followed in the folder ---------------------------------

    private List<Finding> notRun(Path pkg) throws Exception {
        return new StartCheck(CATALOG).run(new StartCheckRequest(pkg, windowsDescribed(temp), false),
                OperationListener.NONE, CancellationToken.none());
    }

    @Test
    void onTheSampleMachineItSaysItDidNotRunAndFollowsTheLoadersSearch() throws Exception {
        List<Finding> findings = notRun(rocm6Package());
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.message()).startsWith("Not run: ").contains("audiocpp_cli.exe, audiocpp_server.exe")
                    .contains("every DLL they import (transitively) or load at run time is there");
        });
    }

    @Test
    void aComgrMissingBesideTheHipRuntimeIsFoundAlthoughNoImportNamesIt() throws Exception {
        Path pkg = rocm6Package();
        Files.delete(pkg.resolve("amd_comgr_2.dll"));
        List<Finding> findings = notRun(pkg);
        assertThat(findings.get(0).severity()).isEqualTo(Severity.INFO);
        assertThat(findings.get(0).message()).contains("some DLLs are missing");
        assertThat(findings).filteredOn(Finding::isError).hasSize(2).allSatisfy(f -> assertThat(f.message())
                .contains("amdhip64_6.dll opens amd_comgr_2.dll with LoadLibrary"));
    }

    @Test
    void anImportedDllMissingWouldStopTheStartWithDllNotFound() throws Exception {
        Path pkg = rocm6Package();
        Files.delete(pkg.resolve("rocblas.dll"));
        assertThat(notRun(pkg)).filteredOn(Finding::isError).extracting(Finding::message)
                .containsExactly(
                        "audiocpp_cli.exe would fail from its package folder: hipblas.dll imports rocblas.dll, so Windows refuses to start"
                                + " audiocpp_cli.exe (0xC0000135, STATUS_DLL_NOT_FOUND), and rocblas.dll is neither in the folder nor a Windows system DLL.",
                        "audiocpp_server.exe would fail from its package folder: hipblas.dll imports rocblas.dll, so Windows refuses to start"
                                + " audiocpp_server.exe (0xC0000135, STATUS_DLL_NOT_FOUND), and rocblas.dll is neither in the folder nor a Windows system DLL.");
    }

    @Test
    void turnedOffItStillFollowsTheSearchAndSaysWhy() throws Exception {
        List<Finding> findings = new StartCheck(CATALOG).run(new StartCheckRequest(rocm6Package(), Host.local(), true),
                OperationListener.NONE, CancellationToken.none());
        assertThat(findings).singleElement().satisfies(f -> assertThat(f.message()).contains("turned off (--no-start-check)"));
    }

    @Test
    void aPackageFolderThatCannotBeListedIsAFailureOfTheWorkNotAFinding() {
        Path gone = temp.resolve("never-staged");
        assertThatThrownBy(() -> new StartCheck(CATALOG).run(new StartCheckRequest(gone, Host.local(), true),
                OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(OperationFailedException.class).hasMessageContaining(gone.toString()).hasMessageContaining("stage again");
    }

    // ---- the run path itself, with real child processes ---------------------------------------
    // Windows programs cannot run here, so shell scripts named like the executables stand in for
    // them; the code path (process runner, working folder, environment, time limit, whole-tree
    // kill) is the one a Windows machine takes.

    private static Path script(Path dir, String name, String body) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }

    private StartCheck running(Duration limit) {
        return new StartCheck(CATALOG, new PeReader(), new ProcessRunner(Duration.ofMillis(200)), limit, h -> true,
                h -> Map.of("PATH", "/usr/bin:/bin"), StandardCharsets.UTF_8);
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void eachExecutableRunsWithHelpFromThePackageFolderWithTheReducedPath() throws Exception {
        Path pkg = Files.createDirectories(temp.resolve("run"));
        for (String exe : List.of("audiocpp_cli.exe", "audiocpp_server.exe")) {
            script(pkg, exe, "echo \"$1 $(pwd) $PATH\" > \"" + pkg.resolve(exe + ".txt") + "\"; echo usage");
        }
        List<LogLine> lines = new CopyOnWriteArrayList<>();
        List<Finding> findings = running(Duration.ofSeconds(60)).run(new StartCheckRequest(pkg, Host.local(), false),
                new OperationListener() {
                    @Override public void log(LogLine line) {
                        lines.add(line);
                    }
                }, CancellationToken.none());
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.message()).contains("Started audiocpp_cli.exe, audiocpp_server.exe with --help")
                    // It says what it cannot see: System32's copies of the runtime DLLs.
                    .contains("What this start cannot see").contains("System32").contains("HIP runtime, comgr");
            assertThat(f.fix()).contains("deps.closure").contains("deps.runtime-loaded");
        });
        for (String exe : List.of("audiocpp_cli.exe", "audiocpp_server.exe")) {
            assertThat(Files.readString(pkg.resolve(exe + ".txt")).trim())
                    .isEqualTo("--help " + pkg.toRealPath() + " /usr/bin:/bin");
        }
        assertThat(lines).extracting(LogLine::text).contains("usage");
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void anExecutableThatDoesNotEndHasItsWholeTreeEndedAtTheLimit() throws Exception {
        Path pkg = Files.createDirectories(temp.resolve("hang"));
        Path pidFile = pkg.resolve("child.pid");
        script(pkg, "audiocpp_cli.exe", "sleep 300 &\necho $! > \"" + pidFile + "\"\nwait");
        List<Finding> findings = running(Duration.ofSeconds(2)).run(new StartCheckRequest(pkg, Host.local(), false),
                OperationListener.NONE, CancellationToken.none());
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("audiocpp_cli.exe --help did not end within 2 s");
        });
        long child = Long.parseLong(Files.readString(pidFile).trim());
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("sleep %d left running", child).isFalse();
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void anotherExitCodeWarnsAndACancelIsACancelNotAFinding() throws Exception {
        Path pkg = Files.createDirectories(temp.resolve("codes"));
        script(pkg, "audiocpp_cli.exe", "echo bad option >&2; exit 3");
        assertThat(running(Duration.ofSeconds(60)).run(new StartCheckRequest(pkg, Host.local(), false), OperationListener.NONE,
                CancellationToken.none())).singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.WARNING);
                    assertThat(f.message()).contains("exited with code 3").contains("bad option");
                });

        Path slow = Files.createDirectories(temp.resolve("slow"));
        script(slow, "audiocpp_cli.exe", "echo started; sleep 300");
        CancellationToken token = new CancellationToken();
        assertThatThrownBy(() -> running(Duration.ofSeconds(300)).run(new StartCheckRequest(slow, Host.local(), false),
                new OperationListener() {
                    @Override public void log(LogLine line) {
                        if (line.text().equals("started")) {
                            token.cancel();
                        }
                    }
                }, token)).isInstanceOf(OperationCancelledException.class);
    }
}
