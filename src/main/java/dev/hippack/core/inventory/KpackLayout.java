package dev.hippack.core.inventory;

import java.util.Optional;

/**
 * Where TheRock's kpack loader looks for the {@code .kpack} archives, relative to the DLL that holds
 * the split code: the one rule staging, the package README and the audit share, so that when it
 * proves wrong it is changed here alone.
 * <p>
 * Read in the code [V]: every split DLL embeds the search path {@code ../.kpack/<prefix>_@GFXARCH@.kpack}
 * (ROCm/rocm-systems {@code shared/kpack/python/rocm_kpack/artifact_splitter.py}
 * {@code compute_kpack_search_pattern}), resolved against the folder of that DLL
 * ({@code shared/kpack/runtime/src/loader.cpp} {@code kpack_load_code_object}). Inferred from it [I],
 * <b>not verified on hardware</b>: a package must keep the DLLs in a folder {@code X} and the archives
 * in {@code X\..\.kpack}, so DLLs at the package root would send the loader outside the package.
 * docs/distribution-rules.md §12.
 */
public final class KpackLayout {

    /** The archives' folder name, at the installation's root and beside a package's {@link #DLL_FOLDER}. */
    public static final String FOLDER = ".kpack";

    /** Where a package whose SDK splits its code into archives keeps the executables and DLLs (TheRock's {@code bin}). */
    public static final String DLL_FOLDER = "bin";

    /** The file name extension of an archive. */
    public static final String EXTENSION = ".kpack";

    /** What the README, release notes and findings say of a package that relies on this rule. */
    public static final String NOT_VERIFIED = "The .kpack lookup (archives in ..\\.kpack beside the DLLs' folder) is read from "
            + "TheRock's kpack loader, not verified on hardware.";

    private KpackLayout() {
    }

    /**
     * The folder (package-relative, {@code /} separators, {@code ""} for the root) where the loader looks
     * for the archives of a DLL in {@code dllFolder}; empty when that leaves the package (a DLL at the root).
     */
    public static Optional<String> archiveFolderFor(String dllFolder) {
        String folder = dllFolder.replace('\\', '/');
        while (folder.endsWith("/")) {
            folder = folder.substring(0, folder.length() - 1);
        }
        if (folder.isEmpty()) {
            return Optional.empty();
        }
        int slash = folder.lastIndexOf('/');
        String parent = slash < 0 ? "" : folder.substring(0, slash);
        return Optional.of(parent.isEmpty() ? FOLDER : parent + "/" + FOLDER);
    }

    /** The package-relative path of an archive shipped for DLLs in {@link #DLL_FOLDER}: {@code .kpack/<name>}. */
    public static String packagePath(String archiveName) {
        return archiveFolderFor(DLL_FOLDER).orElseThrow() + "/" + archiveName;
    }

    /** Whether {@code fileName} is an archive's name. */
    public static boolean isArchive(String fileName) {
        return fileName.toLowerCase(java.util.Locale.ROOT).endsWith(EXTENSION);
    }
}
