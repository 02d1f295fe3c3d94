package dev.hippack.core.detect;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the programs a build and a package need: PowerShell (powershell or pwsh), cmake and
 * ninja (PATH, then Visual Studio's CMake folder, where the build script also looks), 7z,
 * ccache, git, and dumpbin (inside an MSVC toolset).
 */
public final class ToolFinder {

    public static final String FINDING_ID = "detect.tools";
    private static final String VS_CMAKE = "Common7\\IDE\\CommonExtensions\\Microsoft\\CMake";

    public List<DetectedTool> find(Host host, List<VisualStudioInstance> instances, List<Finding> findings) {
        List<DetectedTool> out = new ArrayList<>();
        DetectedTool ps = onPath(host, "powershell", "the build script").orElseGet(() -> onPath(host, "pwsh", "the build script")
                .orElseGet(() -> known(host, "powershell", "the build script",
                        host.join(host.env("SystemRoot").orElse("C:\\Windows"), "System32", "WindowsPowerShell", "v1.0", "powershell.exe"))));
        out.add(ps);
        out.add(withVsFallback(host, "cmake", instances, "CMake\\bin\\cmake.exe"));
        out.add(withVsFallback(host, "ninja", instances, "Ninja\\ninja.exe"));
        out.add(onPath(host, "7z", "optional: 7-Zip checks of the zip").orElseGet(() -> known(host, "7z", "optional: 7-Zip checks of the zip",
                host.join(HipSdkFinder.programFiles(host), "7-Zip", "7z.exe"))));
        out.add(onPath(host, "ccache", "optional: faster rebuilds").orElse(new DetectedTool("ccache", null, null, "optional: faster rebuilds")));
        out.add(onPath(host, "git", "optional: the checkout's version").orElse(new DetectedTool("git", null, null, "optional: the checkout's version")));
        out.add(dumpbin(host, instances));
        for (DetectedTool t : out) {
            if (!t.found() && !t.needed().startsWith("optional")) {
                findings.add(Finding.error(FINDING_ID, t.name() + " was not found; " + t.needed() + " needs it.", fix(t.name())));
            }
        }
        return out;
    }

    private static String fix(String tool) {
        return switch (tool) {
            case "powershell" -> "Windows PowerShell ships with Windows; on another system install PowerShell 7 (pwsh).";
            case "cmake" -> "Install CMake (cmake.org) and put it on PATH, or add \"C++ CMake tools for Windows\" to Visual Studio.";
            case "ninja" -> "Add \"C++ CMake tools for Windows\" to Visual Studio, or put ninja.exe on PATH.";
            case "dumpbin" -> "It comes with the MSVC toolset; install MSVC 14.44. The audit does not need it (HIP Packager reads imports itself).";
            default -> "Install it and put it on PATH.";
        };
    }

    private static Optional<DetectedTool> onPath(Host host, String name, String needed) {
        return host.which(name).map(p -> new DetectedTool(name, host.toHostPath(p), "PATH", needed));
    }

    private static DetectedTool known(Host host, String name, String needed, String hostPath) {
        if (host.os().isWindows() && Files.isRegularFile(host.resolve(hostPath))) {
            return new DetectedTool(name, hostPath, "known folder", needed);
        }
        return new DetectedTool(name, null, null, needed);
    }

    private static DetectedTool withVsFallback(Host host, String name, List<VisualStudioInstance> instances, String below) {
        Optional<DetectedTool> path = onPath(host, name, "the build");
        if (path.isPresent()) {
            return path.get();
        }
        for (VisualStudioInstance vs : instances) {
            String p = host.join(vs.path(), VS_CMAKE, below);
            if (Files.isRegularFile(host.resolve(p))) {
                return new DetectedTool(name, p, "Visual Studio", "the build");
            }
        }
        return new DetectedTool(name, null, null, "the build");
    }

    private static DetectedTool dumpbin(Host host, List<VisualStudioInstance> instances) {
        String needed = "optional: comparing imports with Microsoft's tool";
        MsvcToolset best = null;
        for (VisualStudioInstance vs : instances) {
            for (MsvcToolset t : vs.toolsets()) {
                if (t.dumpbin() && (best == null || t.verdict() == ToolsetVerdict.RECOMMENDED)) {
                    best = t;
                }
            }
        }
        if (best != null) {
            return new DetectedTool("dumpbin", host.join(best.path(), "bin", "Hostx64", "x64", "dumpbin.exe"), "MSVC toolset", needed);
        }
        Optional<Path> p = host.which("dumpbin");
        return p.map(x -> new DetectedTool("dumpbin", host.toHostPath(x), "PATH", needed))
                .orElse(new DetectedTool("dumpbin", null, null, needed));
    }
}
