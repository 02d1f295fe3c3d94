package dev.hippack.core.build;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Captures the environment of {@code vcvarsall.bat x64 -vcvars_ver=<toolset>} for a Visual
 * Studio instance: a temporary .cmd sets {@code VSCMD_SKIP_SENDTELEMETRY=1} (no telemetry
 * process holding folders open), switches the console to UTF-8 so every value survives, calls
 * vcvarsall, prints a marker and then {@code set}. A temp file avoids cmd's quoting rules. The
 * result is cached per (instance, toolset) for the life of this object, as vcvars takes seconds.
 * Only a local Windows machine can run it.
 */
public final class VcvarsCapture {

    private static final int MAX_LINES = 20_000;

    private record Key(String instance, String toolset) { }

    private final Host host;
    private final ProcessRunner runner;
    private final Map<Key, VcvarsEnvironment> cache = new ConcurrentHashMap<>();

    public VcvarsCapture(Host host, ProcessRunner runner) {
        this.host = host;
        this.runner = runner;
    }

    /** True when this machine can run vcvarsall: a local Windows host. */
    public boolean canRun() {
        return host.isLocal() && host.os().isWindows();
    }

    public VcvarsEnvironment capture(String instance, String toolset, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        Key key = new Key(instance.toLowerCase(Locale.ROOT), toolset);
        VcvarsEnvironment cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        if (!toolset.matches("\\d+\\.\\d+(\\.\\d+)?")) {
            throw new PackagerException("'" + toolset + "' is not an MSVC toolset version: give it as 14.44 (or 14.44.35207).");
        }
        if (!canRun()) {
            throw new PackagerException("vcvarsall.bat can only run on a Windows machine, and this is "
                    + host.displayName() + ". Build on the Windows build machine itself.");
        }
        Path vcvarsall = host.resolve(instance).resolve("VC").resolve("Auxiliary").resolve("Build").resolve("vcvarsall.bat");
        if (!Files.isRegularFile(vcvarsall)) {
            throw new PackagerException(vcvarsall + " does not exist: " + instance
                    + " has no C++ build tools. Add the workload \"Desktop development with C++\" in the Visual Studio Installer.");
        }
        listener.log(LogLine.info("Capturing the MSVC environment: \"" + vcvarsall + "\" x64 -vcvars_ver=" + toolset));
        Path script = null;
        try {
            script = Files.createTempFile("hip-packager-vcvars-", ".cmd");
            Files.writeString(script, script(vcvarsall.toString(), toolset), StandardCharsets.US_ASCII);
            List<String> lines = new ArrayList<>();
            ProcessSpec spec = ProcessSpec.of(List.of("cmd.exe", "/d", "/c", script.toString()), StandardCharsets.UTF_8);
            ProcessResult result = runner.run(spec, new OperationListener() {
                @Override public void log(LogLine line) {
                    synchronized (lines) {
                        if (lines.size() < MAX_LINES) {
                            lines.add(line.text());
                        }
                    }
                }
            }, token);
            if (result.cancelled()) {
                throw new OperationCancelledException();
            }
            VcvarsEnvironment env = VcvarsOutput.parse(lines, result.exitCode(), instance, toolset);
            String toolsDir = env.get("VCToolsInstallDir").orElse("");
            if (toolsDir.isEmpty() || !Files.isDirectory(Path.of(toolsDir))) {
                throw new PackagerException("vcvarsall.bat set VCToolsInstallDir to '" + toolsDir
                        + "', which is not a folder. Repair the Visual Studio installation " + instance + ".");
            }
            listener.log(LogLine.info("MSVC environment ready: VCToolsVersion " + env.vcToolsVersion()));
            cache.put(key, env);
            return env;
        } catch (IOException e) {
            throw new OperationFailedException("Could not run " + vcvarsall + ": " + e.getMessage(), e);
        } finally {
            if (script != null) {
                try {
                    Files.deleteIfExists(script);
                } catch (IOException ignored) {
                    // A leftover temp .cmd is harmless.
                }
            }
        }
    }

    static String script(String vcvarsall, String toolset) {
        String nl = "\r\n";
        return "@echo off" + nl
                + "chcp 65001 >nul" + nl
                + "set VSCMD_SKIP_SENDTELEMETRY=1" + nl
                + "call \"" + vcvarsall + "\" x64 -vcvars_ver=" + toolset + nl
                + "if errorlevel 1 exit /b %errorlevel%" + nl
                + "echo " + VcvarsOutput.MARKER + nl
                + "set" + nl;
    }

    /** A runner with the default grace period, for callers that have none of their own. */
    public static VcvarsCapture on(Host host) {
        return new VcvarsCapture(host, new ProcessRunner(Duration.ofSeconds(3)));
    }
}
