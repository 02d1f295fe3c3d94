package dev.hippack.core.audit;

import dev.hippack.core.audit.pe.OffloadBundle;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rule "binaries.gpu-targets": each of the package's binaries (audio.cpp's executables, or the
 * plan's) holds GPU code for every target of the package,
 * read out of the executable itself (its clang offload bundles, {@code PeReader.offloadBundles}),
 * so it holds whether or not a build record exists or tells the truth. An executable built for
 * fewer targets fails on the others with "invalid device function"; one without any offload
 * bundle runs no kernel at all. A bundle compressed with zstd cannot be read here: that is a
 * warning saying so, never a pass (docs/design.md §5).
 */
final class GpuCodeCheck implements PackageCheck {

    static final String GPU_TARGETS = "binaries.gpu-targets";

    @Override
    public List<String> ids() {
        return List.of(GPU_TARGETS);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        Set<String> binaries = new HashSet<>();
        for (String b : c.plan().map(ReleasePlan::binaries).orElse(ReleasePlan.DEFAULT_BINARIES)) {
            String exe = b.toLowerCase(Locale.ROOT);
            binaries.add(exe.endsWith(".exe") ? exe : exe + ".exe");
        }
        // audio.cpp's binaries are the HIP programs; another executable in the package is not held to the targets.
        c.gpuCodeErrors().forEach((exe, problem) -> {
            if (binaries.contains(exe.toLowerCase(Locale.ROOT))) {
                findings.add(new Finding(GPU_TARGETS, Severity.ERROR, exe + ": its GPU code could not be read: " + problem + ".",
                        "Rebuild the executable and package again; a damaged executable must not ship.", exe));
            }
        });
        c.gpuCode().forEach((exe, code) -> {
            if (binaries.contains(exe.toLowerCase(Locale.ROOT))) {
                findings.addAll(check(exe, code, c));
            }
        });
        return findings;
    }

    private static List<Finding> check(String exe, OffloadBundles code, PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        if (code.bundles().isEmpty()) {
            findings.add(new Finding(GPU_TARGETS, Severity.ERROR,
                    exe + " carries no GPU code (no clang offload bundle): it cannot run a kernel on any GPU.",
                    "Build it with HIP for " + targetsText(c) + " (build_windows_hip.ps1 -GpuTargets) and package again.", exe));
            return findings;
        }
        List<OffloadBundle> unread = code.unread();
        if (!unread.isEmpty()) {
            findings.add(new Finding(GPU_TARGETS, Severity.WARNING,
                    exe + ": " + unread.size() + " of its " + code.bundles().size() + " offload bundles are compressed ("
                            + unread.get(0).compression() + "): targets not read, so they are not checked.",
                    "List them with clang-offload-bundler --list, or build without --offload-compress to have them checked.",
                    exe));
        }
        if (unread.size() == code.bundles().size() || c.targets().isEmpty()) {
            return findings;
        }
        List<String> missing = code.missing(c.targets());
        if (!missing.isEmpty()) {
            List<String> partial = code.partialTargets().stream().filter(missing::contains).toList();
            List<String> held = code.targets();
            findings.add(new Finding(GPU_TARGETS, Severity.ERROR,
                    exe + " has no GPU code for " + String.join(", ", missing) + " (it holds "
                            + (held.isEmpty() ? "none" : String.join(", ", held))
                            + (partial.isEmpty() ? "" : "; " + String.join(", ", partial) + " only in some of its "
                                    + code.bundles().size() + " bundles")
                            + "), though the package is for " + String.join(", ", c.targets()) + " (" + from(c)
                            + "): on those GPUs it fails with \"invalid device function\".",
                    "Rebuild for every target (build, or package without --skip-build) and package again; binaries of an"
                            + " earlier, cancelled or failed build must not ship.", exe));
        }
        return findings;
    }

    private static String targetsText(PackageContents c) {
        return c.targets().isEmpty() ? "the package's targets" : String.join(", ", c.targets());
    }

    private static String from(PackageContents c) {
        return switch (c.targetsFrom()) {
            case PackageContents.FROM_PLAN -> "the plan's targets";
            case PackageContents.FROM_README -> "the targets its README names";
            default -> "the targets its kernel files serve";
        };
    }
}
