package dev.hippack.core.audit;

import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.inventory.KernelFile;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.sign.SignatureStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything the checks look at, read once from the folder or zip.
 *
 * @param entries     every trusted file of the package
 * @param pe          the PE files that could be read, by path
 * @param peErrors    the PE files that could not be read, path to the problem
 * @param crtVersions the file version of each bundled MSVC runtime DLL, by path (empty: no version resource)
 * @param gpuCode     the GPU code (clang offload bundles) of each top-level executable that could be read, by path
 * @param gpuCodeErrors the top-level executables whose GPU code could not be read, path to the problem
 * @param libraries   the files below {@code <lib>/library/} of each kernel library, classified
 * @param readme      the package README's text, if there is one
 * @param notices     the package's THIRD-PARTY-NOTICES.txt, if there is one
 * @param sbom        the package's bill of materials (sbom.cdx.json) as text, if there is one
 * @param generation  the ROCm major the package is for (plan, else its HIP runtime, else its ROCm DLL names)
 * @param kernels     which architectures the package's SDK ships kernels for: the scanned SDK, else the
 *                    catalog's figures for the plan's ROCm version or the package's generation
 * @param targets     the GPU architectures the package must serve
 * @param targetsFrom where the targets came from: plan, readme, kernel-files
 * @param topFolder   the folder users get on extracting the package ({@link PackageSource#topFolder()})
 * @param signatures  the Authenticode signature of each PE file that could be read, by path
 */
record PackageContents(
        List<PackageEntry> entries,
        Map<String, PeInfo> pe,
        Map<String, String> peErrors,
        Map<String, Optional<String>> crtVersions,
        Map<String, OffloadBundles> gpuCode,
        Map<String, String> gpuCodeErrors,
        Map<KernelLibrary, List<Kernel>> libraries,
        Optional<String> readme,
        Optional<String> notices,
        Optional<String> sbom,
        Optional<ReleasePlan> plan,
        OptionalInt generation,
        Optional<KernelSizes> kernels,
        List<String> targets,
        String targetsFrom,
        String topFolder,
        Map<String, SignatureStatus> signatures) {

    /** A kernel library file with its package entry. */
    record Kernel(PackageEntry entry, KernelFile file) { }

    static final String FROM_PLAN = "plan";
    static final String FROM_README = "readme";
    static final String FROM_KERNELS = "kernel-files";

    List<PackageEntry> topLevel() {
        return entries.stream().filter(PackageEntry::topLevel).toList();
    }

    /** Top-level DLLs by lower-case name: what the Windows loader finds next to the exe. */
    Map<String, PackageEntry> bundledDlls() {
        Map<String, PackageEntry> m = new LinkedHashMap<>();
        for (PackageEntry e : topLevel()) {
            if (e.lowerPath().endsWith(".dll")) {
                m.putIfAbsent(DllNames.key(e.name()), e);
            }
        }
        return m;
    }
}
