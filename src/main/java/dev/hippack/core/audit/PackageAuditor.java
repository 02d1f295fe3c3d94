package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogKernelSizes;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.SignatureStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs every package check (docs/design.md §5) on a staged package folder or a finished zip: layout,
 * the GPU code in the executables (binaries.gpu-targets), the import closure of the executables
 * and the DLL rules (deps.*), the DLLs loaded at run time (deps.runtime-loaded), the kernel libraries (libs.*), and the README (readme.track), each a
 * {@link PackageCheck} of {@link #checks}. The package is read once into
 * {@link PackageContents}; a zip is read in place, never extracted. What is wrong with the
 * container itself ({@link ContainerFindings}: a zip's entries, a folder's links) is found while
 * reading it and reported first.
 *
 * <p>The architectures checked come from the plan when one is given, else from the package's
 * README, else from the kernel files' lazy indexes.
 */
public final class PackageAuditor {

    /** The README is text; more than this is not read. */
    static final int MAX_README_BYTES = 1 << 20;
    static final int MAX_SBOM_BYTES = PackageSbom.MAX_BYTES;

    private final Catalog catalog;
    private final PeReader reader;
    private final KernelFileClassifier classifier;
    private final AuthenticodeVerifier verifier;
    private final List<PackageCheck> checks;

    public PackageAuditor(Catalog catalog) {
        this(catalog, new PeReader(), new KernelFileClassifier());
    }

    public PackageAuditor(Catalog catalog, PeReader reader, KernelFileClassifier classifier) {
        this.catalog = catalog;
        this.reader = reader;
        this.classifier = classifier;
        this.verifier = new AuthenticodeVerifier(reader);
        this.checks = checks(catalog);
    }

    /** Every check on a package, in the order of their findings (and of the audit table in docs/cli.md). */
    static List<PackageCheck> checks(Catalog catalog) {
        return List.of(
                new LayoutCheck(),
                new GpuCodeCheck(),
                new DependencyCheck(catalog),
                new RuntimeLoadCheck(catalog),
                new LibraryCheck(catalog),
                new ReadmeCheck(),
                new LicenseCheck(),
                new SignatureCheck(),
                new SbomCheck(),
                // Last: its figures are reported on every package, after what is wrong with it.
                new PathLengthCheck());
    }

    /** Audits a folder or a zip, without progress reports. */
    public AuditReport audit(Path input, Optional<ReleasePlan> plan) throws PackagerException {
        try {
            return run(new AuditRequest(input, plan), OperationListener.NONE, CancellationToken.none());
        } catch (OperationCancelledException e) {
            throw new IllegalStateException("a token that is never cancelled was cancelled", e);
        }
    }

    public AuditReport run(AuditRequest request, OperationListener listener, CancellationToken cancel)
            throws PackagerException, OperationCancelledException {
        Path input = request.input();
        listener.status("Reading " + input.getFileName());
        try (PackageSource source = open(input)) {
            source.checkIntegrity(listener, cancel);
            PackageContents contents = read(source, request.plan(), request.kernels(), listener, cancel);
            List<Finding> findings = new ArrayList<>(source.problems());
            for (PackageCheck check : checks) {
                findings.addAll(check.check(contents));
            }
            return AuditReport.of(input.toString(), contents.targets(), contents.targetsFrom(), findings);
        }
    }

    private static PackageSource open(Path input) throws PackagerException {
        if (Files.isDirectory(input)) {
            return new FolderSource(input);
        }
        if (!Files.exists(input)) {
            throw new PackagerException(input + " does not exist: give a staged package folder or a .zip.");
        }
        return new ZipSource(input);
    }

    private PackageContents read(PackageSource source, Optional<ReleasePlan> plan, Optional<KernelSizes> scanned,
                                 OperationListener listener, CancellationToken cancel)
            throws PackagerException, OperationCancelledException {
        List<PackageEntry> entries = source.entries();
        Map<String, PeInfo> pe = new LinkedHashMap<>();
        Map<String, String> peErrors = new LinkedHashMap<>();
        List<PackageEntry> peFiles = entries.stream().filter(PackageEntry::isPe).toList();
        long done = 0;
        for (PackageEntry e : peFiles) {
            cancel.throwIfCancelled();
            listener.progress(done++, peFiles.size());
            try {
                pe.put(e.path(), source.readPe(e, reader));
            } catch (PeFormatException ex) {
                peErrors.put(e.path(), ex.problem());
            }
        }
        listener.progress(peFiles.size(), peFiles.size());
        Map<String, Optional<String>> crtVersions = new LinkedHashMap<>();
        for (PackageEntry e : peFiles) {
            if (e.topLevel() && DllNames.isCrt(e.name()) && pe.containsKey(e.path())) {
                try {
                    crtVersions.put(e.path(), source.readVersion(e, reader));
                } catch (PeFormatException ex) {
                    peErrors.put(e.path(), ex.problem());
                }
            }
        }

        // The GPU code of each executable, read from the file itself: a record of the build can be stale.
        Map<String, OffloadBundles> gpuCode = new LinkedHashMap<>();
        Map<String, String> gpuCodeErrors = new LinkedHashMap<>();
        for (PackageEntry e : peFiles) {
            if (e.topLevel() && e.lowerPath().endsWith(".exe") && pe.containsKey(e.path())) {
                cancel.throwIfCancelled();
                try {
                    gpuCode.put(e.path(), source.readOffloadBundles(e, reader));
                } catch (PeFormatException ex) {
                    gpuCodeErrors.put(e.path(), ex.problem());
                }
            }
        }

        Map<KernelLibrary, List<PackageContents.Kernel>> libraries = new EnumMap<>(KernelLibrary.class);
        for (KernelLibrary lib : KernelLibrary.values()) {
            String prefix = lib.folder() + "/library/";
            List<PackageContents.Kernel> files = new ArrayList<>();
            for (PackageEntry e : entries) {
                if (e.lowerPath().startsWith(prefix)) {
                    files.add(new PackageContents.Kernel(e, classifier.classify(e.path().substring(prefix.length()))));
                }
            }
            libraries.put(lib, files);
        }

        Optional<String> readme = Optional.empty();
        for (PackageEntry e : entries) {
            if (e.topLevel() && e.name().equalsIgnoreCase("README.md")) {
                readme = Optional.of(source.readText(e, MAX_README_BYTES));
                break;
            }
        }

        Optional<String> notices = Optional.empty();
        for (PackageEntry e : entries) {
            if (e.topLevel() && e.name().equalsIgnoreCase(LicenseCheck.NOTICES)) {
                notices = Optional.of(source.readText(e, MAX_README_BYTES));
                break;
            }
        }

        Optional<String> sbom = Optional.empty();
        for (PackageEntry e : entries) {
            if (e.topLevel() && e.name().equals(PackageSbom.FILE_NAME)) {
                sbom = Optional.of(source.readText(e, MAX_SBOM_BYTES));
                break;
            }
        }

        OptionalInt generation = plan.isPresent() ? OptionalInt.of(plan.get().generation()) : generationOf(entries, pe);
        Optional<KernelSizes> kernels = scanned.or(() -> catalogKernels(plan, generation));

        List<String> targets;
        String from;
        if (plan.isPresent()) {
            targets = plan.get().targets();
            from = PackageContents.FROM_PLAN;
        } else {
            List<String> fromReadme = readme.map(r -> ReadmeCheck.targetsNamed(r, generation)).orElse(List.of());
            if (!fromReadme.isEmpty()) {
                targets = fromReadme;
                from = PackageContents.FROM_README;
            } else {
                Set<String> lazy = new TreeSet<>();
                libraries.values().forEach(files -> files.stream().filter(k -> k.file().lazyIndex())
                        .forEach(k -> lazy.add(k.file().arch().orElseThrow())));
                targets = List.copyOf(lazy);
                from = PackageContents.FROM_KERNELS;
            }
        }
        // Every PE file's signature: unsigned ones from their header alone, signed ones checked in full.
        Map<String, SignatureStatus> signatures = new LinkedHashMap<>();
        for (PackageEntry e : peFiles) {
            PeInfo info = pe.get(e.path());
            if (info != null) {
                cancel.throwIfCancelled();
                signatures.put(e.path(), source.readSignature(e, info, verifier));
            }
        }

        return new PackageContents(entries, pe, peErrors, crtVersions, gpuCode, gpuCodeErrors, libraries, readme, notices, sbom, plan, generation,
                kernels, targets, from,
                source.topFolder(), signatures);
    }

    /** The catalog's kernel figures for the plan's ROCm version, else for the ROCm version of the package's generation. */
    private Optional<KernelSizes> catalogKernels(Optional<ReleasePlan> plan, OptionalInt generation) {
        Optional<String> version = plan.map(ReleasePlan::rocmVersion).or(() -> generation.isPresent()
                ? catalog.tracks().stream().filter(t -> t.generation() == generation.getAsInt()).map(Track::rocmVersion).findFirst()
                : Optional.empty());
        try {
            return version.isPresent() ? Optional.of(CatalogKernelSizes.forRocmVersion(catalog, version.get())) : Optional.empty();
        } catch (PackagerException e) {
            return Optional.empty(); // a ROCm version the catalog does not know: every target is held to every library
        }
    }

    /** The package's ROCm major: its bundled HIP runtime's, else the one most of its ROCm DLL names belong to. */
    private OptionalInt generationOf(List<PackageEntry> entries, Map<String, PeInfo> pe) {
        Map<Integer, Integer> votes = new LinkedHashMap<>();
        for (PackageEntry e : entries) {
            if (!e.topLevel()) {
                continue;
            }
            for (RocmGeneration g : catalog.generations()) {
                if (g.dll(RocmDll.Role.HIP_RUNTIME).name().equalsIgnoreCase(e.name())) {
                    return OptionalInt.of(g.major());
                }
            }
        }
        Set<String> names = new LinkedHashSet<>();
        entries.stream().filter(PackageEntry::topLevel).forEach(e -> names.add(e.name()));
        pe.values().forEach(i -> names.addAll(i.allDependencies()));
        for (String n : names) {
            generationOfName(n).ifPresent(g -> votes.merge(g, 1, Integer::sum));
        }
        return votes.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(en -> OptionalInt.of(en.getKey())).orElse(OptionalInt.empty());
    }

    /** The one generation a DLL name belongs to; empty for names of none or of several (rocblas.dll). */
    Optional<Integer> generationOfName(String name) {
        return generationOf(catalog, name);
    }

    static Optional<Integer> generationOf(Catalog catalog, String name) {
        String n = name.toLowerCase(Locale.ROOT);
        Integer found = null;
        for (RocmGeneration g : catalog.generations()) {
            if (g.owns(n)) {
                if (found != null) {
                    return Optional.empty();
                }
                found = g.major();
            }
        }
        return Optional.ofNullable(found);
    }
}
