package dev.hippack.core.audit;

import dev.hippack.core.Version;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Rules deps.*: the import closure of the executables (deps.closure, deps.crt), no OpenMP
 * runtime anywhere (deps.openmp), one ROCm generation (deps.one-rocm), nothing Windows owns
 * bundled (deps.system).
 */
public final class DependencyCheck implements PackageCheck {

    public static final String DEPS_OPENMP = "deps.openmp";
    public static final String DEPS_CLOSURE = "deps.closure";
    public static final String DEPS_CRT = "deps.crt";
    public static final String DEPS_ONE_ROCM = "deps.one-rocm";
    public static final String DEPS_SYSTEM = "deps.system";


    private static final String OPENMP_FIX = "Rebuild with -DGGML_OPENMP=OFF and -DENGINE_ENABLE_OPENMP=OFF "
            + "(scripts\\build_windows_hip.ps1 passes both; delete a stale CMakeCache.txt), then stage again.";

    private final Catalog catalog;

    DependencyCheck(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<String> ids() {
        return List.of(DEPS_OPENMP, DEPS_CLOSURE, DEPS_CRT, DEPS_ONE_ROCM, DEPS_SYSTEM);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        unreadable(c, findings);
        openMp(c, findings);
        system(c, findings);
        closure(c, findings);
        oneRocm(c, findings);
        crtVersions(c, findings);
        return findings;
    }

    private static void unreadable(PackageContents c, List<Finding> findings) {
        c.peErrors().forEach((path, problem) -> findings.add(new Finding(DEPS_CLOSURE, Severity.ERROR,
                path.replace('/', '\\') + " could not be read as a PE file, so the DLLs it needs are unknown: " + problem + ".",
                "Copy it again from the build output or the SDK; the file is damaged.", path.replace('/', '\\'))));
    }

    private static void openMp(PackageContents c, List<Finding> findings) {
        for (PeInfo info : c.pe().values()) {
            for (String dll : info.imports()) {
                if (DllNames.isOpenMp(dll)) {
                    findings.add(new Finding(DEPS_OPENMP, Severity.ERROR, info.file().replace('/', '\\') + " imports " + dll
                            + ", an OpenMP runtime that is not redistributable (or not shipped): the program fails to start.",
                            OPENMP_FIX, info.file().replace('/', '\\')));
                }
            }
            for (String dll : info.delayImports()) {
                if (DllNames.isOpenMp(dll)) {
                    findings.add(new Finding(DEPS_OPENMP, Severity.ERROR, info.file().replace('/', '\\') + " delay-loads " + dll
                            + ", an OpenMP runtime: the program fails at its first OpenMP call.",
                            OPENMP_FIX, info.file().replace('/', '\\')));
                }
            }
        }
        for (PackageEntry e : c.entries()) {
            if (DllNames.isOpenMp(e.name())) {
                findings.add(new Finding(DEPS_OPENMP, Severity.ERROR, e.windowsPath()
                        + " is an OpenMP runtime; the release builds without OpenMP and libomp140 may not be redistributed.",
                        "Remove it and rebuild without OpenMP (" + OPENMP_FIX + ")", e.windowsPath()));
            }
        }
    }

    private static void system(PackageContents c, List<Finding> findings) {
        for (PackageEntry e : c.entries()) {
            if (!e.lowerPath().endsWith(".dll")) {
                continue;
            }
            if (DllNames.isHsaRuntime(e.name())) {
                findings.add(new Finding(DEPS_SYSTEM, Severity.ERROR, e.windowsPath()
                        + " is the HSA runtime, which the AMD GPU driver provides on Windows; a bundled copy fights the driver's.",
                        "Remove it from the package.", e.windowsPath()));
            } else if (DllNames.isSystem(e.name())) {
                findings.add(new Finding(DEPS_SYSTEM, Severity.ERROR, e.windowsPath()
                        + " is a Windows system DLL; Windows provides it and a bundled copy can break the program.",
                        "Remove it from the package.", e.windowsPath()));
            }
        }
    }

    /**
     * Walks imports from every executable through the bundled DLLs, and through the DLLs those
     * open at run time when they are bundled (a missing one is deps.runtime-loaded's), so the
     * imports of the HIP runtime's comgr must be satisfied too.
     */
    private void closure(PackageContents c, List<Finding> findings) {
        Map<String, PackageEntry> bundled = c.bundledDlls();
        Map<String, PeInfo> byName = new LinkedHashMap<>();
        for (PeInfo info : c.pe().values()) {
            PackageEntry e = new PackageEntry(info.file(), 0);
            if (e.topLevel()) {
                byName.put(DllNames.key(e.name()), info);
            }
        }
        Map<String, Set<String>> missing = new LinkedHashMap<>();
        Map<String, String> spelled = new LinkedHashMap<>();
        Deque<PeInfo> queue = new ArrayDeque<>();
        Set<String> visited = new HashSet<>();
        for (PackageEntry e : c.topLevel()) {
            if (e.lowerPath().endsWith(".exe") && c.pe().containsKey(e.path())) {
                queue.add(c.pe().get(e.path()));
                visited.add(DllNames.key(e.name()));
            }
        }
        while (!queue.isEmpty()) {
            PeInfo info = queue.poll();
            for (String loaded : RuntimeLoadCheck.loadedBy(catalog, info)) {
                PeInfo next = byName.get(DllNames.key(loaded));
                if (next != null && visited.add(DllNames.key(loaded))) {
                    queue.add(next);
                }
            }
            for (String dll : info.allDependencies()) {
                String key = DllNames.key(dll);
                if (DllNames.isOpenMp(dll) || DllNames.isSystem(dll)) {
                    continue;
                }
                if (bundled.containsKey(key)) {
                    PeInfo next = byName.get(key);
                    if (next != null && visited.add(key)) {
                        queue.add(next);
                    }
                    continue;
                }
                spelled.putIfAbsent(key, dll);
                missing.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(info.file());
            }
        }
        for (Map.Entry<String, Set<String>> m : missing.entrySet()) {
            String dll = spelled.get(m.getKey());
            String who = importers(m.getValue());
            if (DllNames.isCrt(dll)) {
                findings.add(new Finding(DEPS_CRT, Severity.ERROR, dll + " is imported by " + who
                        + " but not in the package; it is missing on a clean Windows.",
                        "Copy " + dll + " from the Visual Studio redist folder VC\\Redist\\MSVC\\<version>\\x64\\Microsoft.VC14x.CRT "
                                + "(at least as new as the build toolset) next to the executables.", dll));
            } else {
                findings.add(new Finding(DEPS_CLOSURE, Severity.ERROR, dll + " is imported by " + who
                        + " but is neither in the package nor a Windows system DLL: users get \"" + dll + " was not found\".",
                        "Copy " + dll + " from the SDK's bin folder (or the build output) next to the executables. "
                                + "If Windows itself provides it, the allow-list of system DLLs needs it added.", dll));
            }
        }
    }

    /**
     * The redist must be at least as new as the toolset that built the binaries (Microsoft's
     * binary-compatibility rule); only major.minor are compared, as the redist folder's build
     * number differs from the toolset's (14.44.35112 beside 14.44.35207).
     */
    private static void crtVersions(PackageContents c, List<Finding> findings) {
        if (c.plan().isEmpty()) {
            return;
        }
        String toolset = c.plan().get().toolset();
        Optional<Version> want = Version.tryParse(toolset).map(Version::majorMinor);
        if (want.isEmpty()) {
            return;
        }
        c.crtVersions().forEach((path, version) -> {
            String file = path.replace('/', '\\');
            if (version.isEmpty()) {
                findings.add(new Finding(DEPS_CRT, Severity.WARNING, file + " has no version resource, so it could not be "
                        + "checked against the " + toolset + " toolset.",
                        "Copy the CRT DLLs from the Visual Studio redist folder (Microsoft.VC14x.CRT), which carry versions.", file));
                return;
            }
            Optional<Version> have = Version.tryParse(version.get().strip()).filter(v -> v.size() >= 2).map(Version::majorMinor);
            if (have.isPresent() && !have.get().isAtLeast(want.get())) {
                findings.add(new Finding(DEPS_CRT, Severity.ERROR, file + " is version " + version.get() + ", older than the "
                        + toolset + " toolset the binaries are built with; the redist must be at least as new, or the "
                        + "program can fail on start.",
                        "Copy the CRT DLLs from a redist of " + toolset + " or newer "
                                + "(VC\\Redist\\MSVC\\<version>\\x64\\Microsoft.VC14x.CRT).", file));
            }
        });
    }

    private static String importers(Set<String> files) {
        List<String> list = files.stream().map(f -> f.replace('/', '\\')).toList();
        return list.size() <= 3 ? String.join(", ", list)
                : String.join(", ", list.subList(0, 3)) + " and " + (list.size() - 3) + " more";
    }

    private void oneRocm(PackageContents c, List<Finding> findings) {
        if (c.generation().isEmpty()) {
            return;
        }
        int expected = c.generation().getAsInt();
        String runtime = catalog.generation(expected).map(g -> g.dll(RocmDll.Role.HIP_RUNTIME).name()).orElse("ROCm " + expected);
        String why = c.plan().isPresent() ? "the plan builds against ROCm " + c.plan().get().rocmVersion()
                : "the package's HIP runtime is " + runtime;
        Set<String> reported = new HashSet<>();
        for (PackageEntry e : c.topLevel()) {
            Optional<Integer> g = PackageAuditor.generationOf(catalog, e.name());
            if (g.isPresent() && g.get() != expected && reported.add(DllNames.key(e.name()))) {
                findings.add(new Finding(DEPS_ONE_ROCM, Severity.ERROR, e.name() + " belongs to ROCm " + g.get()
                        + " but " + why + "; DLLs of two ROCm generations do not work together.",
                        "Remove it and copy the ROCm " + expected + " DLLs, all from the SDK used for the build.", e.name()));
            }
        }
        for (PeInfo info : c.pe().values()) {
            String own = new PackageEntry(info.file(), 0).name();
            if (PackageAuditor.generationOf(catalog, own).filter(g -> g != expected).isPresent()) {
                continue; // a DLL of the other generation is reported itself; its imports follow from it
            }
            for (String dll : info.allDependencies()) {
                Optional<Integer> g = PackageAuditor.generationOf(catalog, dll);
                if (g.isPresent() && g.get() != expected && reported.add(DllNames.key(dll))) {
                    findings.add(new Finding(DEPS_ONE_ROCM, Severity.ERROR, info.file().replace('/', '\\') + " imports " + dll
                            + " from ROCm " + g.get() + " but " + why + ".",
                            "Rebuild it against the ROCm " + expected + " SDK, or build the whole package with ROCm " + g.get() + ".",
                            info.file().replace('/', '\\')));
                }
            }
        }
    }
}
