package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The vcvars capture's parsing, on outputs recorded the way the capture script prints them. */
class VcvarsOutputTest {

    private static final String VS2022 = "C:\\Program Files (x86)\\Microsoft Visual Studio\\2022\\BuildTools";
    private static final String VS2026 = "C:\\Program Files\\Microsoft Visual Studio\\18\\Community";

    private List<String> recorded(String name) throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream("vcvars/" + name)) {
            new LineSplitter(LineSplitter.DEFAULT_MAX_CHARS).split(new InputStreamReader(in, StandardCharsets.UTF_8), lines::add);
        }
        return lines;
    }

    @Test
    void vs2022WithToolset1444GivesTheWholeEnvironment() throws Exception {
        VcvarsEnvironment env = VcvarsOutput.parse(recorded("vs2022-14.44-ok.txt"), 0, VS2022, "14.44");

        assertThat(env.vcToolsVersion()).isEqualTo("14.44.35207");
        assertThat(env.get("PATH")).get().asString().startsWith(VS2022 + "\\VC\\Tools\\MSVC\\14.44.35207\\bin\\HostX64\\x64;");
        assertThat(env.get("path")).isEqualTo(env.get("Path"));
        assertThat(env.get("CL")).contains("/DNOMINMAX=1 /utf-8");
        assertThat(env.get("PROMPT")).contains("$P$G");
        assertThat(env.variables()).doesNotContainKey("**********************************************************************");
        assertThat(env.variables()).hasSize(35);
    }

    @Test
    void debugLinesOfVs2026AreIgnored() throws Exception {
        VcvarsEnvironment env = VcvarsOutput.parse(recorded("vs2026-14.44-sxs-debug.txt"), 0, VS2026, "14.44");
        assertThat(env.vcToolsVersion()).isEqualTo("14.44.35211");
    }

    @Test
    void errorLinesFailTheCaptureEvenWithExitCodeZero() throws IOException {
        List<String> lines = recorded("vs2026-14.44-missing-error-exit0.txt");
        assertThatThrownBy(() -> VcvarsOutput.parse(lines, 0, VS2026, "14.44"))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("reported errors (exit code 0)")
                .hasMessageContaining("[ERROR:vcvars.bat] Toolset directory for version '14.44' was not found.")
                .hasMessageContaining("MSVC v143 - VS 2022 C++ x64/x86 build tools (v14.44)")
                .hasMessageNotContaining("ALLUSERSPROFILE");
    }

    @Test
    void aToolsetOtherThanTheOneAskedForIsRefused() throws IOException {
        List<String> lines = recorded("vs2026-default-14.51.txt");
        assertThatThrownBy(() -> VcvarsOutput.parse(lines, 0, VS2026, "14.44"))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("selected MSVC 14.51.36231 although 14.44 was asked for");
    }

    @Test
    void aFailedCallWithoutMarkerNamesTheExitCodeAndTheOutput() throws IOException {
        List<String> lines = recorded("vcvarsall-missing-exit1.txt");
        assertThatThrownBy(() -> VcvarsOutput.parse(lines, 1, VS2026, "14.44"))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("failed (exit code 1)")
                .hasMessageContaining("is not recognized as an internal or external command");
    }

    @Test
    void toolsetPrefixMustEndAtAComponent() {
        assertThat(VcvarsOutput.matchesToolset("14.44.35207", "14.44")).isTrue();
        assertThat(VcvarsOutput.matchesToolset("14.44.35207", "14.44.35207")).isTrue();
        assertThat(VcvarsOutput.matchesToolset("14.44.35207", "14.4")).isFalse();
        assertThat(VcvarsOutput.matchesToolset("14.440.1", "14.44")).isFalse();
    }

    @Test
    void theCaptureScriptSkipsTelemetryCallsVcvarsallThenPrintsTheMarkerAndSet() {
        String script = VcvarsCapture.script(VS2022 + "\\VC\\Auxiliary\\Build\\vcvarsall.bat", "14.44");
        assertThat(script.split("\r\n")).containsExactly(
                "@echo off",
                "chcp 65001 >nul",
                "set VSCMD_SKIP_SENDTELEMETRY=1",
                "call \"" + VS2022 + "\\VC\\Auxiliary\\Build\\vcvarsall.bat\" x64 -vcvars_ver=14.44",
                "if errorlevel 1 exit /b %errorlevel%",
                "echo " + VcvarsOutput.MARKER,
                "set");
    }

    @Test
    void onAMachineOtherThanWindowsTheCaptureSaysItCannotRun() {
        Host host = Host.local();
        org.junit.jupiter.api.Assumptions.assumeFalse(host.os().isWindows(), "this machine is Windows: the capture can run here");
        VcvarsCapture capture = VcvarsCapture.on(host);
        assertThat(capture.canRun()).isFalse();
        assertThatThrownBy(() -> capture.capture(VS2022, "14.44", OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("can only run on a Windows machine");
    }
}
