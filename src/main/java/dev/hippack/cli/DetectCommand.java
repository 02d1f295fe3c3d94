package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.core.detect.Checkout;
import dev.hippack.core.detect.CrtRedist;
import dev.hippack.core.detect.DetectedGpu;
import dev.hippack.core.detect.DetectedTool;
import dev.hippack.core.detect.HipSdk;
import dev.hippack.core.detect.MachineDetector;
import dev.hippack.core.detect.MachineReport;
import dev.hippack.core.detect.MsvcToolset;
import dev.hippack.core.detect.SdkKind;
import dev.hippack.core.detect.ToolsetVerdict;
import dev.hippack.core.detect.VisualStudioInstance;
import dev.hippack.core.inventory.LibraryInventory;
import dev.hippack.core.plan.GgmlFamily;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hip-packager detect}: what the build machine has, and what is missing. */
@Command(name = "detect",
        description = {
            "Detects what the build machine has for a release and says what is missing and how to fix it.",
            "It finds the HIP SDKs (with their kernel libraries), Visual Studio and its MSVC toolsets, the tools, "
                + "the local GPUs and the audio.cpp checkout. Exit code 1 when an error-level finding was made."
        })
final class DetectCommand extends BaseCommand {

    @Option(names = "--source", paramLabel = "DIR",
            description = "The audio.cpp checkout (a path of the build machine); default: the current folder.")
    String source;

    @Mixin
    JsonOption json;

    @Override
    protected int run() throws PackagerException {
        MachineReport report = MachineDetector.standard(catalog()).detect(host(), source);
        if (json.on) {
            printJson(report);
        } else {
            print(out(), report);
        }
        return Cli.exitCode(report.hasErrors());
    }

    private static void print(PrintWriter out, MachineReport r) {
        out.println("Build machine: " + r.host());
        out.println();
        out.println("HIP SDKs");
        if (r.sdks().isEmpty()) {
            out.println("  none found");
        }
        for (HipSdk s : r.sdks()) {
            out.println("  " + s.kind().displayName() + " " + (s.version() == null ? "?" : s.version()) + (s.fullVersion() == null ? "" : " (" + s.fullVersion() + ")")
                    + "  " + s.path() + "  [" + String.join(", ", s.foundBy()) + "]" + (s.usable() ? "" : "  INCOMPLETE"));
            if (s.generation() > 0) {
                out.println("    ROCm " + s.generation() + " DLLs: " + (s.dlls().isEmpty() ? "none" : String.join(", ", s.dlls()))
                        + (s.missing().isEmpty() ? "" : "; missing: " + String.join(", ", s.missing())));
            }
            out.println("    clang++: " + yesNo(s.compiler()) + ", amdgpu-arch: " + yesNo(s.amdgpuArch()));
            if (s.kind() != SdkKind.CLASSIC) {
                out.println("    DLL folders: " + String.join(", ", s.binFolders()));
            }
            if (!s.kernelLayout().isEmpty()) {
                out.println("    kernel layout: " + s.kernelLayout());
            }
            for (LibraryInventory lib : s.libraries()) {
                if (!lib.present()) {
                    out.println("    " + lib.library().displayName() + ": missing");
                    continue;
                }
                out.printf(Locale.ROOT, "    %-9s %5d files %8.1f MiB; kernels for %s%n", lib.library().displayName() + ":",
                        lib.totalFiles(), lib.totalBytes() / 1048576.0,
                        lib.archsWithKernels().isEmpty() ? "no architecture" : String.join(" ", lib.archsWithKernels()));
            }
        }
        out.println();
        out.println("Visual Studio");
        if (r.visualStudio().isEmpty()) {
            out.println("  none found");
        }
        for (VisualStudioInstance vs : r.visualStudio()) {
            out.println("  " + vs.name() + " " + vs.version() + "  " + vs.path() + "  [" + vs.foundBy() + "]"
                    + (vs.complete() ? "" : "  INCOMPLETE"));
            for (MsvcToolset t : vs.toolsets()) {
                out.println("    MSVC " + t.version() + ": " + t.verdict().json() + " (" + t.reason() + ")");
                if (t.fix() != null && t.verdict() != ToolsetVerdict.ACCEPTED) {
                    out.println("      fix: " + t.fix());
                }
            }
            for (CrtRedist c : vs.redists()) {
                out.println("    CRT redist " + c.version() + " " + c.name() + " (" + String.join(", ", c.dlls()) + ")");
            }
        }
        out.println();
        out.println("Tools");
        for (DetectedTool t : r.tools()) {
            out.printf(Locale.ROOT, "  %-10s %s%n", t.name(), t.found() ? t.path() + "  [" + t.foundBy() + "]" : "not found (" + t.needed() + ")");
        }
        out.println();
        out.println("GPUs: " + (r.gpus().isEmpty() ? "none reported" : String.join(", ", r.gpus().stream()
                .map(DetectedGpu::arch).toList())) + "  (" + r.gpuSource() + ")");
        out.println();
        Checkout c = r.checkout();
        out.println("audio.cpp checkout: " + c.path() + (c.version() == null ? "" : "  (" + c.version() + ")"));
        out.println("  CMakeLists.txt: " + yesNo(c.cmakeLists()) + ", build script: " + yesNo(c.buildScript()));
        if (c.buildScript()) {
            out.println("  script parameters: " + String.join(" ", c.scriptParameters().stream().map(p -> "-" + p).toList()));
        }
        out.println("  model families (" + c.modelFamilies().size() + "): " + String.join(", ", c.modelFamilies()));
        for (GgmlFamily g : c.ggml()) {
            out.println("  ggml " + g.macro() + " (" + g.file().replace('/', '\\') + "): " + (!g.found() ? "file not found"
                    : g.architectures().isEmpty() ? "no architecture named" : String.join(" ", g.architectures())));
        }
        out.println();
        if (r.findings().isEmpty()) {
            out.println("No problems found.");
        } else {
            out.println("Findings");
            FindingsText.printWithSummary(out, r.findings());
        }
        out.flush();
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }
}
