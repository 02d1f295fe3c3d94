package dev.hippack.core.audit;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Rule "layout": the package tree of docs/distribution-rules.md §10. The executables and every DLL sit in the package
 * folder itself (Windows looks for DLLs next to the exe), the kernel libraries in
 * {@code rocblas\library} and {@code hipblaslt\library}, nothing else beside them but the README.
 */
public final class LayoutCheck implements PackageCheck {

    public static final String LAYOUT = "layout";


    private static final Set<String> KNOWN_FOLDERS = Set.of("rocblas", "hipblaslt");
    private static final Set<String> LEFTOVERS = Set.of(".pdb", ".lib", ".exp", ".ilk", ".obj", ".iobj", ".ipdb");

    @Override
    public List<String> ids() {
        return List.of(LAYOUT);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        Set<String> topNames = new LinkedHashSet<>();
        c.topLevel().forEach(e -> topNames.add(e.name().toLowerCase(Locale.ROOT)));

        List<String> binaries = c.plan().map(ReleasePlan::binaries).orElse(ReleasePlan.DEFAULT_BINARIES);
        for (String b : binaries) {
            String exe = b.toLowerCase(Locale.ROOT).endsWith(".exe") ? b : b + ".exe";
            if (!topNames.contains(exe.toLowerCase(Locale.ROOT))) {
                findings.add(new Finding(LAYOUT, Severity.ERROR, exe + " is not in the package folder.",
                        "Build " + b + " and stage again; the executables go in the package folder itself.", exe));
            }
        }

        Set<String> folders = new LinkedHashSet<>();
        for (PackageEntry e : c.entries()) {
            String lower = e.lowerPath();
            if (!e.topLevel()) {
                String top = e.path().substring(0, e.path().indexOf('/'));
                folders.add(top);
                if (e.isPe()) {
                    findings.add(new Finding(LAYOUT, Severity.WARNING, e.windowsPath()
                            + " is in a subfolder; Windows only finds DLLs next to the executable.",
                            "Move it to the package folder, or leave it out if nothing needs it.", e.windowsPath()));
                }
            } else {
                int dot = lower.lastIndexOf('.');
                if (dot >= 0 && LEFTOVERS.contains(lower.substring(dot))) {
                    findings.add(new Finding(LAYOUT, Severity.WARNING, e.path()
                            + " is a build leftover (symbols or link library), not part of the package.",
                            "Leave it out of the package.", e.path()));
                }
            }
        }
        for (String folder : folders) {
            String lower = folder.toLowerCase(Locale.ROOT);
            if (lower.equals("library")) {
                findings.add(new Finding(LAYOUT, Severity.ERROR, "A folder named 'library' sits next to rocblas.dll; "
                        + "rocBLAS looks there before rocblas\\library and would load the wrong kernels.",
                        "Move its files to rocblas\\library or hipblaslt\\library.", folder));
            } else if (!KNOWN_FOLDERS.contains(lower)) {
                findings.add(new Finding(LAYOUT, Severity.WARNING, "The folder " + folder
                        + " is not part of the package layout (exe, DLLs, rocblas\\library, hipblaslt\\library, README.md).",
                        "Leave it out unless the executables need it.", folder));
            }
        }
        return findings;
    }
}
