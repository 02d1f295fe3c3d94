package dev.hippack.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hippack.core.PackagerException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTest {

    @TempDir
    Path dir;

    private Host windowsHost(Map<String, String> env) throws PackagerException {
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir, "D:", dir.resolve("ddrive")), env,
                "C:\\src\\audio.cpp", Map.of());
    }

    @Test
    void windowsPathWithDriveLetterAndTrailingBackslashResolvesThroughTheDriveMap() throws Exception {
        Host host = windowsHost(Map.of());
        assertThat(host.resolve("C:\\Program Files\\AMD\\ROCm\\6.4\\"))
                .isEqualTo(dir.resolve("Program Files").resolve("AMD").resolve("ROCm").resolve("6.4"));
        assertThat(host.resolve("d:/builds/x")).isEqualTo(dir.resolve("ddrive").resolve("builds").resolve("x"));
        assertThat(host.resolve("\"C:\\a\\..\\b\"")).isEqualTo(dir.resolve("b"));
    }

    @Test
    void relativeHostPathResolvesAgainstTheWorkingFolder() throws Exception {
        Host host = windowsHost(Map.of());
        assertThat(host.resolve("build\\hip")).isEqualTo(dir.resolve("src/audio.cpp/build/hip"));
        assertThat(host.workingDirectory()).isEqualTo("C:\\src\\audio.cpp");
    }

    @Test
    void unmappedDriveGetsItsOwnFolderInsteadOfAliasingDriveC() throws Exception {
        Host host = windowsHost(Map.of());
        assertThat(host.resolve("E:\\data")).isEqualTo(dir.resolve("E").resolve("data"));
    }

    @Test
    void namesMatchCaseInsensitivelyOnADescribedWindowsHost() throws Exception {
        Files.createDirectories(dir.resolve("Program Files/AMD/ROCm/6.4/bin"));
        Host host = windowsHost(Map.of());
        assertThat(host.resolve("c:\\PROGRAM FILES\\amd\\rocm\\6.4\\BIN"))
                .isEqualTo(dir.resolve("Program Files/AMD/ROCm/6.4/bin"));
    }

    @Test
    void toHostPathIsTheInverseOfResolve() throws Exception {
        Host host = windowsHost(Map.of());
        Path local = dir.resolve("Program Files/AMD/ROCm/7.1");
        assertThat(host.toHostPath(local)).isEqualTo("C:\\Program Files\\AMD\\ROCm\\7.1");
        assertThat(host.resolve(host.toHostPath(local))).isEqualTo(local);
        assertThat(host.toHostPath(dir.resolve("ddrive/x"))).isEqualTo("D:\\x");
    }

    @Test
    void pathsWithSpacesAndNonAsciiLettersRoundTrip() throws Exception {
        Path local = dir.resolve("Users/Jürgen Ødegård/音声 cpp");
        Files.createDirectories(local);
        Host host = windowsHost(Map.of());
        assertThat(host.resolve("C:\\Users\\jürgen ødegård\\音声 cpp")).isEqualTo(local);
        assertThat(host.toHostPath(local)).isEqualTo("C:\\Users\\Jürgen Ødegård\\音声 cpp");
    }

    @Test
    void environmentNamesAreCaseInsensitiveOnWindowsOnly() throws Exception {
        Host win = windowsHost(Map.of("Path", "C:\\Windows", "HIP_PATH_64", "C:\\x\\"));
        assertThat(win.env("PATH")).contains("C:\\Windows");
        assertThat(win.env("hip_path_64")).contains("C:\\x\\");
        Host linux = Host.described(OperatingSystem.LINUX, dir, Map.of(), Map.of("Path", "/x"), null, Map.of());
        assertThat(linux.env("PATH")).isEmpty();
        assertThat(linux.env("Path")).contains("/x");
    }

    @Test
    void whichHonoursPathextAndPathOrder() throws Exception {
        Files.createDirectories(dir.resolve("tools/a"));
        Files.createDirectories(dir.resolve("tools/b"));
        Files.writeString(dir.resolve("tools/b/cmake.exe"), "");
        Files.writeString(dir.resolve("tools/a/ninja.CMD"), "");
        Files.writeString(dir.resolve("tools/b/ninja.exe"), "");
        Host host = windowsHost(Map.of("PATH", "C:\\tools\\a;;\"C:\\tools\\b\"", "PATHEXT", ".EXE;.CMD"));
        assertThat(host.which("cmake")).contains(dir.resolve("tools/b/cmake.exe"));
        assertThat(host.which("cmake.exe")).contains(dir.resolve("tools/b/cmake.exe"));
        assertThat(host.which("ninja")).contains(dir.resolve("tools/a/ninja.CMD"));
        assertThat(host.which("7z")).isEmpty();
        Host noCmd = windowsHost(Map.of("PATH", "C:\\tools\\a", "PATHEXT", ".EXE"));
        assertThat(noCmd.which("ninja")).isEmpty();
    }

    @Test
    void describedHostRefusesToStartProgramsAndSaysWhy() throws Exception {
        Host host = windowsHost(Map.of());
        assertThat(host.canLaunch()).isFalse();
        assertThatThrownBy(() -> host.processBuilder(List.of("C:\\x\\vswhere.exe")))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("vswhere.exe").hasMessageContaining("described by").hasMessageContaining("do not run");
        assertThatThrownBy(() -> host.run(List.of("git", "describe"), Duration.ofSeconds(5), StandardCharsets.UTF_8))
                .isInstanceOf(PackagerException.class).hasMessageContaining("git");
    }

    @Test
    void describedHostAnswersQueriesFromItsRecordedOutputs() throws Exception {
        Files.writeString(dir.resolve("vswhere.json"), "[]");
        Host host = Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), Map.of(), null,
                Map.of("vswhere.exe", dir.resolve("vswhere.json")));
        CommandOutput out = host.run(List.of("C:\\Program Files (x86)\\Microsoft Visual Studio\\Installer\\vswhere.exe", "-all"),
                Duration.ofSeconds(5), StandardCharsets.UTF_8);
        assertThat(out.recorded()).isTrue();
        assertThat(out.stdout()).isEqualTo("[]");
    }

    @Test
    void aRecordingListedUnderTheExeNameAnswersTheBareProgramNameOnWindows() throws Exception {
        Files.writeString(dir.resolve("git-describe.txt"), "v0.4.3-12-g615971e\n");
        Host host = Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), Map.of(), null,
                Map.of("GIT.EXE", dir.resolve("git-describe.txt"), "vswhere.exe", dir.resolve("missing.json")));
        assertThat(host.run(List.of("git", "describe"), Duration.ofSeconds(5), StandardCharsets.UTF_8).stdout())
                .isEqualTo("v0.4.3-12-g615971e\n");
        assertThatThrownBy(() -> host.run(List.of("vswhere.exe"), Duration.ofSeconds(5), StandardCharsets.UTF_8))
                .isInstanceOf(PackagerException.class).hasMessageContaining("missing.json").hasMessageContaining("host.json");
    }

    @Test
    void localHostRunsARealChildProcess() throws Exception {
        assumeFalse(OperatingSystem.current().isWindows(), "uses /bin/sh");
        Host host = Host.local();
        assertThat(host.isLocal()).isTrue();
        CommandOutput out = host.run(List.of("/bin/sh", "-c", "echo hello; echo oops >&2; exit 3"),
                Duration.ofSeconds(30), StandardCharsets.UTF_8);
        assertThat(out.exitCode()).isEqualTo(3);
        assertThat(out.stdout()).isEqualTo("hello\n");
        assertThat(out.stderr()).isEqualTo("oops\n");
        assertThat(out.recorded()).isFalse();
        assertThat(host.which("sh")).isPresent();
    }

    @Test
    void localHostReportsAProgramThatCannotStart() {
        Host host = Host.local();
        assertThatThrownBy(() -> host.run(List.of(dir.resolve("no-such-program").toString()), Duration.ofSeconds(5), StandardCharsets.UTF_8))
                .isInstanceOf(PackagerException.class).hasMessageContaining("no-such-program");
    }
}
