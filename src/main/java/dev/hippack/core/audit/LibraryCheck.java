package dev.hippack.core.audit;

import dev.hippack.core.ByteSize;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Rules libs.*: both kernel libraries are there (libs.present), every target has what its GEMM
 * path loads (libs.per-arch), nothing for other architectures (libs.no-extra), and dropped
 * rocBLAS kernels only on request (libs.drop-rocblas).
 *
 * <p>What a target "needs": hipBLASLt carries every GEMM when it is on (the release default), so
 * each target needs its hipBLASLt lazy index and kernels. rocBLAS kernels are needed for the
 * targets the SDK ships them for (the scanned SDK, else the catalog for the ROCm version: none
 * for gfx1103, which works through hipBLASLt only), unless the plan drops them. Which SDK, never
 * which track: a custom selection needs what the preset of the same ROCm version needs. With hipBLASLt off, rocBLAS is the GEMM path and every
 * target needs it. The arch-less files of a library (rocBLAS {@code *_fallback.dat}, hipBLASLt
 * {@code hipblasltTransform.hsaco}) are always needed.
 */
public final class LibraryCheck implements PackageCheck {

    public static final String LIBS_PRESENT = "libs.present";
    public static final String LIBS_PER_ARCH = "libs.per-arch";
    public static final String LIBS_NO_EXTRA = "libs.no-extra";
    /** The plan rule's id: the plan warns about dropped kernels before the audit finds them dropped. */
    public static final String LIBS_DROP_ROCBLAS = PlanRules.LIBS_DROP_ROCBLAS;


    private final Catalog catalog;

    LibraryCheck(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<String> ids() {
        return List.of(LIBS_PRESENT, LIBS_PER_ARCH, LIBS_NO_EXTRA, LIBS_DROP_ROCBLAS);
    }

    @Override
    public List<Finding> check(PackageContents c) {
        List<Finding> findings = new ArrayList<>();
        boolean hipblaslt = c.plan().map(p -> p.options().hipblaslt()).orElse(true);
        KernelPolicy policy = c.plan().map(ReleasePlan::rocblasKernels).orElse(KernelPolicy.FILTERED);

        List<PackageContents.Kernel> lt = c.libraries().get(KernelLibrary.HIPBLASLT);
        List<PackageContents.Kernel> rb = c.libraries().get(KernelLibrary.ROCBLAS);
        boolean rocblasHasArchFiles = rb.stream().anyMatch(k -> !k.file().archless());

        if (lt.isEmpty() && hipblaslt) {
            findings.add(new Finding(LIBS_PRESENT, Severity.ERROR, "hipblaslt\\library is missing or empty: "
                    + "hipBLASLt is the GEMM path, and GEMM initialisation fails on every GPU without its kernels.",
                    "Copy <SDK>\\bin\\hipblaslt\\library (filtered to the targets) to hipblaslt\\library.", "hipblaslt\\library"));
        }
        // Which targets need rocBLAS kernels: every one when rocBLAS carries the GEMMs, else those the
        // SDK ships rocBLAS kernels for. A gfx1103-only package ships just rocBLAS's arch-less files,
        // as every rocBLAS ships to a gfx1103 user: that is complete, not an empty library.
        Predicate<String> needsRocblas =
                t -> !hipblaslt || c.kernels().map(k -> k.hasKernels(KernelLibrary.ROCBLAS, t)).orElse(true);
        boolean rocblasKernelsNeeded = c.targets().stream().anyMatch(needsRocblas);
        boolean rocblasMissing = false;
        if (!rocblasHasArchFiles) {
            if (policy == KernelPolicy.DROP) {
                findings.add(new Finding(LIBS_DROP_ROCBLAS, Severity.WARNING, "rocblas\\library holds no Tensile kernels, "
                        + "as the plan asks. This GEMM path is untested: every model family must be tried on several GPUs.",
                        "Keep the kernels (rocblasKernels \"filtered\") unless that testing was done.", "rocblas\\library"));
            } else if (rb.isEmpty() || rocblasKernelsNeeded) {
                rocblasMissing = true;
                findings.add(new Finding(LIBS_PRESENT, Severity.ERROR, "rocblas\\library is missing or holds no kernels: "
                        + "rocBLAS fails with \"Cannot read TensileLibrary.dat\".",
                        "Copy <SDK>\\bin\\rocblas\\library (filtered to the targets, keeping the fallback files) to rocblas\\library.",
                        "rocblas\\library"));
            }
        }

        if (!lt.isEmpty() && hipblaslt) {
            perArch(c, KernelLibrary.HIPBLASLT, lt, t -> true, findings);
        }
        if (!rocblasMissing && !rb.isEmpty() && policy == KernelPolicy.FILTERED) {
            perArch(c, KernelLibrary.ROCBLAS, rb, needsRocblas, findings);
        }
        if (!c.targetsFrom().equals(PackageContents.FROM_KERNELS)) {
            noExtra(c, KernelLibrary.ROCBLAS, rb, findings);
            noExtra(c, KernelLibrary.HIPBLASLT, lt, findings);
        }
        return findings;
    }

    private static void perArch(PackageContents c, KernelLibrary lib, List<PackageContents.Kernel> files,
                                Predicate<String> needs, List<Finding> findings) {
        String dir = lib.folder() + "\\library";
        if (files.stream().noneMatch(k -> k.file().archless())) {
            findings.add(new Finding(LIBS_PER_ARCH, Severity.ERROR, dir + " has none of its architecture-independent files ("
                    + (lib == KernelLibrary.ROCBLAS ? "*_fallback.dat, TensileManifest.txt" : "hipblasltTransform.hsaco, hipblasltExtOpLibrary.dat")
                    + "); " + lib.displayName() + " needs them for every GPU.",
                    "Copy every file of <SDK>\\bin\\" + dir + " that names no gfx architecture.", dir));
        }
        for (String target : c.targets()) {
            if (!needs.test(target)) {
                continue;
            }
            boolean lazy = files.stream().anyMatch(k -> k.file().lazyIndex() && k.file().arch().orElse("").equals(target));
            boolean code = files.stream().anyMatch(k -> k.file().kernelCode() && k.file().arch().orElse("").equals(target));
            if (lazy && code) {
                continue;
            }
            String index = dir + "\\TensileLibrary_lazy_" + target + ".dat";
            String what = !lazy && !code ? "neither its lazy index (" + index + ") nor any kernels"
                    : !lazy ? "no lazy index " + index : "no kernel code objects (.co/.hsaco)";
            String symptom = lib == KernelLibrary.HIPBLASLT
                    ? "GEMM fails with \"Could not load TensileLibrary_lazy_" + target + ".dat\""
                    : "rocBLAS aborts with \"Cannot read TensileLibrary.dat ... for GPU arch : " + target + "\"";
            // A fix must be possible: no file of the SDK can be copied when the SDK ships no kernels for the target.
            boolean sdkHasThem = c.kernels().map(k -> k.hasKernels(lib, target)).orElse(true);
            String fix = sdkHasThem
                    ? "Copy every file naming " + target + " from <SDK>\\bin\\" + dir + ", or drop " + target + " from the targets."
                    : lib.displayName() + " in " + c.kernels().get().describe() + " has no kernels for " + target + ", so none can be copied: drop "
                            + target + " from the targets" + (lib == KernelLibrary.HIPBLASLT && c.kernels().get().hasKernels(KernelLibrary.ROCBLAS, target)
                            ? ", or build with hipBLASLt off so every GEMM goes through rocBLAS, which has kernels for it." : ".");
            findings.add(new Finding(LIBS_PER_ARCH, Severity.ERROR, "Target " + target + " has " + what + " in " + dir
                    + ": on such a GPU " + symptom + ".", fix, lazy ? dir : index));
        }
    }

    private static void noExtra(PackageContents c, KernelLibrary lib, List<PackageContents.Kernel> files, List<Finding> findings) {
        Map<String, long[]> extra = new LinkedHashMap<>();
        for (PackageContents.Kernel k : files) {
            Optional<String> arch = k.file().arch();
            if (arch.isPresent() && !c.targets().contains(arch.get())) {
                long[] n = extra.computeIfAbsent(arch.get(), a -> new long[2]);
                n[0]++;
                n[1] += k.entry().size();
            }
        }
        String dir = lib.folder() + "\\library";
        extra.forEach((arch, n) -> findings.add(new Finding(LIBS_NO_EXTRA, Severity.WARNING, String.format(Locale.ROOT,
                "%s holds %d file(s) (%s) for %s, which is not a target of this package: dead weight.",
                dir, n[0], ByteSize.of(n[1]), arch),
                "Leave out the files naming " + arch + ", or add " + arch + " to the targets.", dir)));
    }
}
