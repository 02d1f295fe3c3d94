package dev.hippack.core.audit;

import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rule {@value #DEPS_RUNTIME_LOADED}: every DLL a bundled DLL opens with LoadLibrary at run time (the
 * catalog's {@code runtimeLoaded}: the HIP runtime's comgr) is in the package beside it. No
 * import or delay-import table names such a DLL, so {@code deps.closure} cannot see it missing:
 * a package laid out by imports alone lacks comgr and fails on every machine whose driver does
 * not bring the same ROCm generation. Works alike on a folder and on a zip.
 */
public final class RuntimeLoadCheck implements PackageCheck {

    public static final String DEPS_RUNTIME_LOADED = "deps.runtime-loaded";

    private final Catalog catalog;

    RuntimeLoadCheck(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<String> ids() {
        return List.of(DEPS_RUNTIME_LOADED);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        Map<String, PackageEntry> bundled = c.bundledDlls();
        List<Finding> findings = new ArrayList<>();
        for (PackageEntry e : c.topLevel()) {
            if (!e.lowerPath().endsWith(".dll")) {
                continue;
            }
            for (RuntimeLoadedDll loaded : catalog.loadedAtRunTimeBy(e.name())) {
                if (bundled.containsKey(DllNames.key(loaded.dll()))) {
                    continue;
                }
                findings.add(new Finding(DEPS_RUNTIME_LOADED, Severity.ERROR, e.name() + " is in the package, but " + loaded.dll()
                        + ", which it opens with LoadLibrary at run time, is not. No import table names it, so Windows starts the"
                        + " program and HIP then fails to initialise on every machine whose AMD driver does not bring the same "
                        + loaded.dll() + " (ROCm " + generationOf(e.name()) + "): the GPU is not found and the program falls back"
                        + " to the CPU or stops. " + loaded.source(),
                        "Copy " + loaded.dll() + " from the bin folder of the HIP SDK the package was built with next to "
                                + e.name() + " (hip-packager stage ships it), then audit again.", loaded.dll()));
            }
        }
        return findings;
    }

    /** DLLs the run-time loads of the bundled ones bring in: their own imports count for deps.closure too. */
    static List<String> loadedBy(Catalog catalog, PeInfo info) {
        String name = new PackageEntry(info.file(), 0).name();
        return catalog.loadedAtRunTimeBy(name).stream().map(RuntimeLoadedDll::dll).toList();
    }

    private String generationOf(String dll) {
        return PackageAuditor.generationOf(catalog, dll).map(String::valueOf).orElse("?");
    }
}
