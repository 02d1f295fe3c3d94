package dev.hippack.core.estimate;

import dev.hippack.core.PackagePart;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.catalog.SizedFile;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PlanFacts;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Estimates the package a plan will produce, without building anything.
 *
 * <p>What is counted, component by component:
 * <ul>
 *   <li>executables: the catalog size of each of the plan's binaries ({@code <name>.exe});</li>
 *   <li>hip-runtime and math-dlls: the DLLs of the plan's ROCm generation that staging ships: the
 *       imported ones and those a shipped DLL loads at run time (amd_comgr_2.dll, opened by
 *       amdhip64_6.dll). With hipBLASLt off the executables do not import it, so neither its DLL
 *       nor its kernel library is counted;</li>
 *   <li>rocblas-kernels: the targets' files plus the arch-less files; under policy
 *       {@link KernelPolicy#DROP} nothing at all (see there why not even the arch-less files),
 *       while rocblas.dll stays in math-dlls;</li>
 *   <li>hipblaslt-kernels: the targets' files plus the arch-less files;</li>
 *   <li>crt: the three MSVC CRT DLLs; readme: a fixed small allowance for the package's text files
 *       (README.md, server.json, LICENSE, THIRD-PARTY-NOTICES.txt).</li>
 * </ul>
 * Kernel bytes come from {@link KernelSizes}: the catalog, or a scanned SDK given in
 * {@link PlanFacts#kernels()}. The zip range applies the catalog's measured ratios to the total.
 *
 * <p>On rocBLAS 7.1: the measurements give only totals (~191 MiB full, ~143 MiB for the 8 targets
 * of rocm6 and the arch-less files, gfx1102 included; docs/distribution-rules.md §9). The catalog
 * splits them per architecture in proportion to 6.4 and marks the split derived, so the 7 rocm7 targets (no gfx1102) come to ~114 MiB and the
 * same 8 as the measured total to ~143 MiB. Such an estimate is {@code approximate}.
 *
 * <p>Cheap: a few map reads per target and the plan rules, so the wizard re-runs it on every tick.
 */
public final class SizeEstimator {

    /**
     * The package's text files: README.md (about 4 KiB), THIRD-PARTY-NOTICES.txt (about 5 KiB, more
     * with the license texts the machine holds), LICENSE (about 1 KiB) and server.json. Their
     * exact size is the stage step's business.
     */
    public static final long README_BYTES = 16 * 1024;

    private final Catalog catalog;
    private final PlanRules rules;

    public SizeEstimator(Catalog catalog, PlanRules rules) {
        this.catalog = catalog;
        this.rules = rules;
    }

    /** The estimate from the catalog alone. */
    public SizeEstimate estimate(ReleasePlan plan) throws PackagerException {
        return estimate(plan, PlanFacts.unknown());
    }

    /**
     * The estimate with what detection found (a scanned SDK makes the kernel figures "measured").
     *
     * @throws PackagerException for an unknown target or track, as {@link PlanRules#judge} does
     */
    public SizeEstimate estimate(ReleasePlan plan, PlanFacts facts) throws PackagerException {
        KernelSizes kernels = rules.kernelSizes(plan, facts);
        List<Finding> findings = rules.judge(plan, facts.withKernels(kernels));
        List<GpuArchitecture> targets = rules.architectures(plan.targets());
        RocmGeneration generation = catalog.generation(plan.generation()).orElseThrow(() -> new PackagerException(
                "The catalog has no DLL list for ROCm " + plan.rocmVersion() + "; use a track of ROCm 6 or 7."));
        boolean hipblaslt = plan.options().hipblaslt();
        boolean rocblasKernels = plan.rocblasKernels() == KernelPolicy.FILTERED;

        List<ArchSize> archs = new ArrayList<>(targets.size());
        long rocblasSum = 0;
        long hipblasltSum = 0;
        boolean rocblasDerived = false;
        boolean hipblasltDerived = false;
        for (GpuArchitecture a : targets) {
            long r = rocblasKernels ? kernels.archBytes(KernelLibrary.ROCBLAS, a.id()) : 0;
            long h = hipblaslt ? kernels.archBytes(KernelLibrary.HIPBLASLT, a.id()) : 0;
            boolean rd = rocblasKernels && kernels.archDerived(KernelLibrary.ROCBLAS, a.id());
            boolean hd = hipblaslt && kernels.archDerived(KernelLibrary.HIPBLASLT, a.id());
            archs.add(new ArchSize(a.id(), r, h, rd || hd));
            rocblasSum += r;
            hipblasltSum += h;
            rocblasDerived |= rd;
            hipblasltDerived |= hd;
        }
        if (rocblasKernels) {
            rocblasSum += kernels.archlessBytes(KernelLibrary.ROCBLAS);
            rocblasDerived |= kernels.archlessDerived(KernelLibrary.ROCBLAS);
        }
        if (hipblaslt) {
            hipblasltSum += kernels.archlessBytes(KernelLibrary.HIPBLASLT);
            hipblasltDerived |= kernels.archlessDerived(KernelLibrary.HIPBLASLT);
        }

        long exeBytes = 0;
        boolean exeDerived = false;
        for (String binary : plan.binaries()) {
            SizedFile exe = executable(binary);
            exeBytes += exe.bytes();
            exeDerived |= exe.derived();
        }
        long hipRuntime = 0;
        long math = 0;
        for (RocmDll dll : shippedDlls(generation, hipblaslt)) {
            if (dll.role().isHipRuntime()) {
                hipRuntime += dll.bytes();
            } else {
                math += dll.bytes();
            }
        }
        long crt = 0;
        boolean crtDerived = false;
        for (SizedFile f : catalog.crtDlls()) {
            crt += f.bytes();
            crtDerived |= f.derived();
        }

        List<ComponentSize> components = List.of(
                new ComponentSize(PackagePart.EXECUTABLES, exeBytes, exeDerived),
                new ComponentSize(PackagePart.HIP_RUNTIME, hipRuntime, false),
                new ComponentSize(PackagePart.MATH_DLLS, math, false),
                new ComponentSize(PackagePart.CRT, crt, crtDerived),
                new ComponentSize(PackagePart.ROCBLAS_KERNELS, rocblasSum, rocblasDerived),
                new ComponentSize(PackagePart.HIPBLASLT_KERNELS, hipblasltSum, hipblasltDerived),
                new ComponentSize(PackagePart.README, README_BYTES, true));
        long total = 0;
        boolean approximate = false;
        for (ComponentSize c : components) {
            total += c.bytes();
            // The README allowance is a guess about text, not a measured figure.
            approximate |= c.derived() && c.id() != PackagePart.README;
        }
        ZipRange zip = new ZipRange(Math.round(total * catalog.zipRatio().low()), Math.round(total * catalog.zipRatio().high()));
        return new SizeEstimate(kernels.source(), plan.track(), plan.targets(), components, archs, total, zip, approximate, findings);
    }

    /**
     * The ROCm DLLs a package of this generation ships: those the executables import (the HIP
     * runtime, hipBLAS with rocBLAS, hipBLASLt when on), plus every DLL a shipped one opens at run
     * time (the HIP runtime's comgr), as staging ships them. A DLL only hipRTC loads is not counted.
     */
    static List<RocmDll> shippedDlls(RocmGeneration generation, boolean hipblaslt) {
        List<RocmDll> shipped = new ArrayList<>();
        for (RocmDll dll : generation.dlls()) {
            boolean imported = dll.role() != RocmDll.Role.COMPILER_RUNTIME && (hipblaslt || dll.role() != RocmDll.Role.HIPBLASLT);
            if (imported) {
                shipped.add(dll);
            }
        }
        for (int i = 0; i < shipped.size(); i++) {
            for (RuntimeLoadedDll loaded : generation.loadedBy(shipped.get(i).name())) {
                generation.byName(loaded.dll()).filter(d -> !shipped.contains(d)).ifPresent(shipped::add);
            }
        }
        return shipped;
    }

    /** The catalog's size for {@code binary}.exe; an unknown target gets the largest known size, marked derived. */
    private SizedFile executable(String binary) {
        String name = binary + ".exe";
        SizedFile largest = null;
        for (SizedFile f : catalog.executables()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
            if (largest == null || f.bytes() > largest.bytes()) {
                largest = f;
            }
        }
        return new SizedFile(name, largest == null ? 0 : largest.bytes(), true);
    }
}
