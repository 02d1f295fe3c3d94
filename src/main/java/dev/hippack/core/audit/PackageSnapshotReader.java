package dev.hippack.core.audit;

import dev.hippack.core.PackagePart;
import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.inventory.KernelFile;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.sbom.SbomReader;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Reads a {@link PackageSnapshot} from a staged folder or a zip, in place, by the same reading
 * code the audit uses: a zip is never extracted, its entries are treated as untrusted (unsafe ones
 * are left out and reported), and with {@code verify} every entry's local header and data are
 * checked (the CRC-32s the snapshot holds are then proven).
 */
public final class PackageSnapshotReader {

    private static final Set<String> TEXT_FILES = Set.of("readme.md", "server.json", "license", "license.md", "license.txt",
            LicenseCheck.NOTICES.toLowerCase(Locale.ROOT), PackageSbom.FILE_NAME);

    private final Catalog catalog;
    private final KernelFileClassifier classifier;
    private final PeReader reader;

    public PackageSnapshotReader(Catalog catalog, KernelFileClassifier classifier, PeReader reader) {
        this.catalog = catalog;
        this.classifier = classifier;
        this.reader = reader;
    }

    public PackageSnapshotReader(Catalog catalog) {
        this(catalog, new KernelFileClassifier(), new PeReader());
    }

    /**
     * Reads {@code dirOrZip}. {@code verify} decompresses every entry of a zip to check it (a
     * few seconds for a 1.3 GB package); a zip HIP Packager has just written and read back can
     * skip it.
     */
    public PackageSnapshot read(Path dirOrZip, boolean verify, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        boolean folder = Files.isDirectory(dirOrZip);
        if (!folder && !Files.exists(dirOrZip)) {
            throw new PackagerException(dirOrZip + " does not exist: give a package folder or a .zip.");
        }
        listener.status("Reading " + dirOrZip.getFileName());
        try (PackageSource source = folder ? new FolderSource(dirOrZip) : new ZipSource(dirOrZip)) {
            if (verify) {
                source.checkIntegrity(listener, token);
            }
            List<PackageEntry> entries = source.entries();
            List<PackageSnapshot.File> files = new ArrayList<>(entries.size());
            Map<String, String> versions = new LinkedHashMap<>();
            Optional<String> readme = Optional.empty();
            Optional<SbomReader.Sbom> sbom = Optional.empty();
            for (PackageEntry e : entries) {
                token.throwIfCancelled();
                PackagePart component = component(e);
                Optional<String> arch = Optional.empty();
                for (KernelLibrary lib : KernelLibrary.values()) {
                    String prefix = lib.folder() + "/library/";
                    if (e.lowerPath().startsWith(prefix)) {
                        arch = classifier.classify(e.path().substring(prefix.length())).arch();
                    }
                }
                boolean rocm = e.topLevel() && rocmRole(e.name()).isPresent();
                files.add(new PackageSnapshot.File(e.path(), e.size(), source.crc32(e), component, arch, rocm));
                if (e.topLevel() && e.lowerPath().endsWith(".dll")) {
                    try {
                        source.readVersion(e, reader).ifPresent(v -> versions.put(e.name(), v));
                    } catch (PeFormatException ex) {
                        // An unreadable DLL has no version to compare; the audit reports it.
                    }
                }
                if (e.topLevel() && e.name().equalsIgnoreCase("README.md")) {
                    readme = Optional.of(source.readText(e, PackageAuditor.MAX_README_BYTES));
                }
                if (e.topLevel() && e.name().equals(PackageSbom.FILE_NAME)) {
                    try {
                        sbom = Optional.of(new SbomReader().read(source.readText(e, PackageSbom.MAX_BYTES), PackageSbom.FILE_NAME));
                    } catch (SbomReader.UnreadableSbomException unreadable) {
                        // compared without it; the audit's sbom.files reports it
                    }
                }
            }
            OptionalInt generation = generationOf(entries);
            List<String> targets = readme.map(r -> ReadmeCheck.targetsNamed(r, generation)).orElse(List.of());
            String from = "readme";
            if (targets.isEmpty()) {
                Set<String> lazy = new TreeSet<>();
                for (KernelLibrary lib : KernelLibrary.values()) {
                    String prefix = lib.folder() + "/library/";
                    for (PackageEntry e : entries) {
                        if (e.lowerPath().startsWith(prefix)) {
                            KernelFile k = classifier.classify(e.path().substring(prefix.length()));
                            if (k.lazyIndex()) {
                                lazy.add(k.arch().orElseThrow());
                            }
                        }
                    }
                }
                targets = List.copyOf(lazy);
                from = "kernel-files";
            }
            List<Finding> problems = new ArrayList<>(source.problems());
            return new PackageSnapshot(dirOrZip.toString(), name(dirOrZip, entries, folder), files,
                    readme.flatMap(ReadmeCheck::versionNamed), generation, targets, from, versions, problems, sbom);
        }
    }

    /** A zip's name: its file name without .zip (its entries' top-level folder was stripped by the reader). */
    private static String name(Path input, List<PackageEntry> entries, boolean folder) {
        String n = input.getFileName().toString();
        if (!folder && n.toLowerCase(Locale.ROOT).endsWith(".zip")) {
            return n.substring(0, n.length() - 4);
        }
        return n;
    }

    private PackagePart component(PackageEntry e) {
        String lower = e.lowerPath();
        if (lower.startsWith("rocblas/library/")) {
            return PackagePart.ROCBLAS_KERNELS;
        }
        if (lower.startsWith("hipblaslt/library/")) {
            return PackagePart.HIPBLASLT_KERNELS;
        }
        if (!e.topLevel()) {
            return PackagePart.OTHER;
        }
        if (lower.endsWith(".exe")) {
            return PackagePart.EXECUTABLES;
        }
        if (TEXT_FILES.contains(lower)) {
            return PackagePart.README;
        }
        if (lower.endsWith(".dll")) {
            if (DllNames.isCrt(e.name())) {
                return PackagePart.CRT;
            }
            Optional<RocmDll.Role> role = rocmRole(e.name());
            if (role.isPresent()) {
                return role.get().isHipRuntime() ? PackagePart.HIP_RUNTIME : PackagePart.MATH_DLLS;
            }
        }
        return PackagePart.OTHER;
    }

    /** The role of a ROCm DLL of any generation; a versioned comgr (amd_comgr0604.dll) is a compiler runtime too. */
    private Optional<RocmDll.Role> rocmRole(String name) {
        for (RocmGeneration g : catalog.generations()) {
            Optional<RocmDll> dll = g.byName(name);
            if (dll.isPresent()) {
                return Optional.of(dll.get().role());
            }
            if (g.runtimeLoaded().stream().anyMatch(r -> r.dll().equalsIgnoreCase(name))) {
                return Optional.of(RocmDll.Role.COMPILER_RUNTIME);
            }
        }
        return name.toLowerCase(Locale.ROOT).startsWith("amd_comgr") ? Optional.of(RocmDll.Role.COMPILER_RUNTIME) : Optional.empty();
    }

    /** The generation of the bundled HIP runtime, else the one most ROCm DLL names belong to. */
    private OptionalInt generationOf(List<PackageEntry> entries) {
        Map<Integer, Integer> votes = new LinkedHashMap<>();
        Set<String> names = new LinkedHashSet<>();
        entries.stream().filter(PackageEntry::topLevel).forEach(e -> names.add(e.name()));
        for (String n : names) {
            for (RocmGeneration g : catalog.generations()) {
                if (g.dll(RocmDll.Role.HIP_RUNTIME).name().equalsIgnoreCase(n)) {
                    return OptionalInt.of(g.major());
                }
            }
            PackageAuditor.generationOf(catalog, n).ifPresent(g -> votes.merge(g, 1, Integer::sum));
        }
        return votes.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(en -> OptionalInt.of(en.getKey())).orElse(OptionalInt.empty());
    }
}
