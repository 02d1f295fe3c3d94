package dev.hippack.core.stage;

import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.sbom.SbomFacts;
import java.util.List;
import java.util.Objects;

/**
 * What one package holds, before anything is written: every file with its source, the files we
 * write ourselves, and what was noticed while deciding (a dropped kernel library, DLLs left to
 * Windows).
 *
 * @param packageName     the package folder and zip name, e.g. {@code audiocpp-windows-hip-rocm6}
 * @param files           files taken from the build machine, sorted by path
 * @param generated       README.md and server.json
 * @param windowsDlls     imported DLLs found neither in the SDK nor in the CRT redist, left to Windows
 * @param runtimeLoaded   the DLLs shipped because a shipped DLL opens them with LoadLibrary (no import
 *                        table names them), with their loader: amdhip64_6.dll loads amd_comgr_2.dll
 * @param droppedKernels  kernel files of the SDK left out (other architectures, or the dropped rocBLAS library)
 * @param findings        warnings and notes for the user
 * @param sbomFacts       what the bill of materials says the package was built from (audio.cpp's version and commit, ...)
 */
public record PackageLayout(String packageName, List<StagedFile> files, List<GeneratedFile> generated,
                            List<String> windowsDlls, List<RuntimeLoadedDll> runtimeLoaded, int droppedKernels,
                            List<Finding> findings, SbomFacts sbomFacts) {

    /** A layout whose bill of materials knows nothing beyond the files. */
    public PackageLayout(String packageName, List<StagedFile> files, List<GeneratedFile> generated, List<String> windowsDlls,
                         List<RuntimeLoadedDll> runtimeLoaded, int droppedKernels, List<Finding> findings) {
        this(packageName, files, generated, windowsDlls, runtimeLoaded, droppedKernels, findings, SbomFacts.unknown());
    }

    public PackageLayout {
        Objects.requireNonNull(sbomFacts, "sbomFacts");
        Objects.requireNonNull(packageName, "packageName");
        files = List.copyOf(files);
        generated = List.copyOf(generated);
        windowsDlls = List.copyOf(windowsDlls);
        runtimeLoaded = List.copyOf(runtimeLoaded);
        findings = List.copyOf(findings);
    }

    /** Bytes of the files taken from the build machine (the generated ones are a few KB). */
    public long sourceBytes() {
        return files.stream().mapToLong(StagedFile::bytes).sum();
    }

    public List<StagedFile> files(StagedFile.Kind kind) {
        return files.stream().filter(f -> f.kind() == kind).toList();
    }
}
