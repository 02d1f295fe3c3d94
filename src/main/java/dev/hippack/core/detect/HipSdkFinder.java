package dev.hippack.core.detect;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogKernelSizes;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.inventory.ArchKernels;
import dev.hippack.core.inventory.KernelInventory;
import dev.hippack.core.inventory.KernelInventoryScanner;
import dev.hippack.core.inventory.LibraryInventory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds every ROCm installation of a host: the folders under {@code %ProgramFiles%\AMD\ROCm\}
 * (classic HIP SDKs of any version), the folders named by {@code HIP_PATH} and every
 * {@code HIP_PATH_NN} (the installer writes them with a trailing backslash, and {@code HIP_PATH}
 * is not always the newest; TheRock's docs set {@code HIP_PATH} too), TheRock's documented
 * {@code <SystemDrive>\TheRock\build}, and the {@code site-packages} of the Python environment
 * named by {@code VIRTUAL_ENV} when it holds TheRock's wheels. One entry per folder; what each is
 * ({@link SdkKind}) is read from its files, never from where it was found.
 */
public final class HipSdkFinder {

    public static final String FINDING_ID = "detect.sdk";
    private static final Pattern HIP_PATH = Pattern.compile("HIP_PATH(_[0-9A-Za-z]+)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern HEADER = Pattern.compile("#define\\s+HIP_VERSION_(MAJOR|MINOR|PATCH)\\s+([0-9]+)");

    private final Catalog catalog;
    private final KernelInventoryScanner scanner;

    public HipSdkFinder(Catalog catalog, KernelInventoryScanner scanner) {
        this.catalog = catalog;
        this.scanner = scanner;
    }

    /** Every SDK folder, newest version first; problems with the search itself go to {@code findings}. */
    public List<HipSdk> find(Host host, List<Finding> findings) {
        Map<String, Candidate> byFolder = new LinkedHashMap<>();
        String rocmRoot = host.join(programFiles(host), "AMD", "ROCm");
        Path rocmLocal = host.resolve(rocmRoot);
        if (host.os().isWindows() && Files.isDirectory(rocmLocal)) {
            try (DirectoryStream<Path> dirs = Files.newDirectoryStream(rocmLocal)) {
                for (Path d : dirs) {
                    if (Files.isDirectory(d)) {
                        add(byFolder, host, host.join(rocmRoot, d.getFileName().toString()), d, "Program Files");
                    }
                }
            } catch (IOException | RuntimeException e) {
                findings.add(Finding.warning(FINDING_ID, "Cannot list " + rocmRoot + ": " + e.getMessage(),
                        "Check the folder's permissions; SDKs named by HIP_PATH are still detected.").withFile(rocmRoot));
            }
        }
        if (host.os().isWindows()) {
            String theRock = host.join(host.env("SystemDrive").orElse("C:") + "\\", "TheRock", "build");
            Path local = host.resolve(theRock);
            if (Files.isDirectory(local)) {
                add(byFolder, host, theRock, local, "TheRock default");
            }
        }
        Optional<String> venv = host.env("VIRTUAL_ENV").map(String::trim).filter(v -> !v.isEmpty());
        if (venv.isPresent()) {
            String sitePackages = host.join(stripTrailingSeparators(venv.get()), "Lib", "site-packages");
            Path local = host.resolve(sitePackages);
            if (Files.isDirectory(local.resolve(WHEEL_CORE))) {
                add(byFolder, host, sitePackages, local, "VIRTUAL_ENV");
            }
        }
        List<String> names = new ArrayList<>(host.environment().keySet());
        names.sort(String.CASE_INSENSITIVE_ORDER);
        for (String name : names) {
            if (!HIP_PATH.matcher(name).matches()) {
                continue;
            }
            String value = host.env(name).orElse("").trim();
            if (value.isEmpty()) {
                continue;
            }
            String folder = wheelsRoot(host, stripTrailingSeparators(value));
            Path local = host.resolve(folder);
            if (!Files.isDirectory(local)) {
                findings.add(Finding.warning(FINDING_ID, name + " is set to " + value + ", which is not a folder.",
                        "Reinstall that HIP SDK, or remove the stale " + name + " variable.").withFile(folder));
                continue;
            }
            add(byFolder, host, folder, local, name.toUpperCase(Locale.ROOT));
        }
        List<HipSdk> out = new ArrayList<>();
        for (Candidate c : byFolder.values()) {
            out.add(inspect(host, c));
        }
        // Newest first; an SDK whose version could not be told goes last.
        out.sort(Comparator.comparing((HipSdk s) -> majorMinor(s.version()).orElse(null),
                Comparator.nullsFirst(Comparator.<Version>naturalOrder())).reversed().thenComparing(HipSdk::path));
        return out;
    }

    /**
     * Inspects one folder that should be an SDK, as given by the user (e.g. {@code --sdk}): a classic
     * SDK, a TheRock tarball's root, or for wheels a Python environment, its {@code site-packages}
     * or its {@code _rocm_sdk_core} folder (all three name the same installation).
     */
    public HipSdk inspect(Host host, String hostPath) {
        String folder = wheelsRoot(host, stripTrailingSeparators(hostPath));
        return inspect(host, new Candidate(folder, host.resolve(folder), new ArrayList<>(List.of("given"))));
    }

    private record Candidate(String hostPath, Path local, List<String> foundBy) { }

    /** The wheels' runtime package, the one every {@code rocm-sdk} installation has. */
    static final String WHEEL_CORE = "_rocm_sdk_core";
    /** The wheels' math libraries: {@code _rocm_sdk_libraries} (10.x) or {@code _rocm_sdk_libraries_<family>}. */
    static final String WHEEL_LIBRARIES = "_rocm_sdk_libraries";
    static final String WHEEL_DEVEL = "_rocm_sdk_devel";
    private static final Pattern LEADING_VERSION = Pattern.compile("([0-9]+)\\.([0-9]+)(?:\\.([0-9]+))?.*");
    private static final Pattern CORE_DIST_INFO = Pattern.compile("rocm_sdk_core-(.+)\\.dist-info", Pattern.CASE_INSENSITIVE);

    /**
     * The {@code site-packages} folder of a wheel installation named by {@code folder} (itself, its
     * {@code _rocm_sdk_core}, or the environment holding {@code Lib\site-packages}); {@code folder}
     * unchanged when it is none of these.
     */
    private static String wheelsRoot(Host host, String folder) {
        Path local = host.resolve(folder);
        Path name = local.getFileName();
        if (name != null && name.toString().equalsIgnoreCase(WHEEL_CORE) && local.getParent() != null) {
            int cut = Math.max(folder.lastIndexOf('\\'), folder.lastIndexOf('/'));
            return cut > 0 ? folder.substring(0, cut) : folder;
        }
        if (!Files.isDirectory(local.resolve(WHEEL_CORE)) && Files.isDirectory(local.resolve("Lib").resolve("site-packages").resolve(WHEEL_CORE))) {
            return host.join(folder, "Lib", "site-packages");
        }
        return folder;
    }

    /** What an existing folder is, from its files: the wheels' core package, TheRock's marks, else a classic SDK. */
    private static SdkKind kindOf(Path local) {
        if (Files.isDirectory(local.resolve(WHEEL_CORE))) {
            return SdkKind.THEROCK_WHEELS;
        }
        if (Files.isRegularFile(local.resolve(".info").resolve("version")) || Files.isRegularFile(local.resolve("bin").resolve("rocm_kpack.dll"))
                || Files.isDirectory(local.resolve(".kpack"))) {
            return SdkKind.THEROCK;
        }
        return SdkKind.CLASSIC;
    }

    private static void add(Map<String, Candidate> byFolder, Host host, String hostPath, Path local, String how) {
        String key = local.toAbsolutePath().normalize().toString();
        if (host.os().isWindows()) {
            key = key.toLowerCase(Locale.ROOT);
        }
        Candidate c = byFolder.computeIfAbsent(key, k -> new Candidate(hostPath, local, new ArrayList<>()));
        if (!c.foundBy().contains(how)) {
            c.foundBy().add(how);
        }
    }

    private HipSdk inspect(Host host, Candidate c) {
        List<Finding> findings = new ArrayList<>();
        String path = c.hostPath();
        if (!Files.isDirectory(c.local())) {
            findings.add(Finding.error(FINDING_ID, "The HIP SDK folder " + path + " does not exist.",
                    "Give the folder of an installed HIP SDK, e.g. C:\\Program Files\\AMD\\ROCm\\6.4.").withFile(path));
            return new HipSdk(SdkKind.CLASSIC, null, null, path, 0, null, c.foundBy(), List.of(), List.of(), false, false, List.of(),
                    List.of(), List.of(), "", findings, new KernelInventory(path, List.of()));
        }
        SdkKind kind = kindOf(c.local());
        // Where the parts are: a classic SDK or a tarball keeps everything under its root; wheels split
        // the runtime (_rocm_sdk_core) from the math libraries (_rocm_sdk_libraries*), each with its bin.
        Path core = kind == SdkKind.THEROCK_WHEELS ? c.local().resolve(WHEEL_CORE) : c.local();
        String coreHost = kind == SdkKind.THEROCK_WHEELS ? host.join(path, WHEEL_CORE) : path;
        String librariesHost = kind == SdkKind.THEROCK_WHEELS ? wheelLibraries(c.local()).map(n -> host.join(path, n)).orElse(null) : path;
        String folderName = c.local().getFileName() == null ? "" : c.local().getFileName().toString();
        Optional<int[]> header = readHeader(host, coreHost, core, findings);
        Optional<String> written = kind == SdkKind.CLASSIC ? Optional.empty() : theRockVersion(core, c.local(), kind);
        String version = null;
        String fullVersion = header.map(h -> h[0] + "." + h[1] + "." + h[2]).orElse(null);
        Optional<Version> fromFolder = majorMinor(folderName);
        if (written.isPresent() && leadingMajorMinor(written.get()).isPresent()) {
            version = leadingMajorMinor(written.get()).get();
            fullVersion = written.get();
        } else if (fromFolder.isPresent()) {
            version = fromFolder.get().toString();
        } else if (header.isPresent()) {
            version = header.get()[0] + "." + header.get()[1];
        } else {
            version = versionFromVariable(c.foundBy()).orElse(null);
        }
        int generation = version == null ? 0 : Version.parse(version).major();
        String track = null;
        for (Track t : catalog.tracks()) {
            if (t.rocmVersion().equals(version)) {
                track = t.id();
            }
        }
        if (version == null) {
            findings.add(Finding.warning(FINDING_ID, "Cannot tell the ROCm version of " + path + (kind == SdkKind.CLASSIC
                    ? ": the folder name is not major.minor and include\\hip\\hip_version.h is missing."
                    : kind == SdkKind.THEROCK ? ": it has no .info\\version (nor share\\rocm\\version or version)."
                    : ": it has no rocm_sdk_core-<version>.dist-info folder."),
                    kind == SdkKind.CLASSIC ? "Use an SDK installed by AMD's HIP SDK installer (C:\\Program Files\\AMD\\ROCm\\<major.minor>)."
                            : "Extract or install a TheRock release unchanged; its version file names the ROCm version.").withFile(path));
        }

        List<String> binFolders = new ArrayList<>(List.of(host.join(coreHost, "bin")));
        if (kind == SdkKind.THEROCK_WHEELS && librariesHost != null) {
            binFolders.add(host.join(librariesHost, "bin"));
        }
        String binPath = binFolders.get(0);
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        boolean compiler = false;
        boolean amdgpuArch = false;
        List<LibraryInventory> libraries = new ArrayList<>();
        KernelInventory inventory = new KernelInventory(path, List.of());
        String layout = "";
        if (!Files.isDirectory(core.resolve("bin"))) {
            findings.add(Finding.error(FINDING_ID, "The " + kind.displayName() + " folder " + coreHost
                    + " has no bin folder, so it has no compiler, DLLs or kernel libraries.",
                    kind == SdkKind.CLASSIC ? "Repair or reinstall this HIP SDK with AMD's installer."
                            : "Extract or install this TheRock release again, unchanged.").withFile(binPath));
        } else {
            Map<String, String> binNames = new LinkedHashMap<>();
            for (String folder : binFolders) {
                for (String name : listNames(host.resolve(folder), folder, findings)) {
                    binNames.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
                }
            }
            compiler = binNames.containsKey("clang++.exe") || (kind.therock() && compilerOf(c.local(), core, kind));
            amdgpuArch = binNames.containsKey("amdgpu-arch.exe") && Files.isRegularFile(c.local().resolve("bin").resolve("amdgpu-arch.exe"));
            RocmGeneration gen = catalog.generation(generation).orElse(null);
            if (gen == null && generation > 0) {
                findings.add(Finding.warning(FINDING_ID, "ROCm " + version + " at " + path + " is a generation HIP Packager does not know; it packages ROCm "
                        + catalog.tracks().stream().map(Track::rocmVersion).toList() + ".",
                        "Install HIP SDK 6.4 or 7.1.").withFile(path));
            }
            // TheRock's builds carry the names the runtime of the newest generation the catalog knows
            // has by role; a classic SDK of an unknown generation is judged by nothing.
            RocmGeneration expected = gen != null ? gen : kind.therock() ? catalog.generations().stream()
                    .max(Comparator.comparingInt(RocmGeneration::major)).orElse(null) : null;
            if (expected != null) {
                for (RocmDll d : expected.dlls()) {
                    Optional<String> found = DllRoles.find(d, binNames.keySet());
                    if (found.isPresent()) {
                        present.add(found.get().equalsIgnoreCase(d.name()) ? d.name() : binNames.get(found.get()));
                    } else {
                        missing.add(d.name());
                    }
                }
                for (String extra : DllRoles.alsoShipped(kind, binNames.keySet())) {
                    if (present.stream().noneMatch(p -> p.equalsIgnoreCase(extra))) {
                        present.add(binNames.get(extra));
                    }
                }
                if (kind.therock() && !binNames.containsKey(DllRoles.KPACK)) {
                    missing.add(DllRoles.KPACK);
                }
                if (!missing.isEmpty()) {
                    findings.add(Finding.error(FINDING_ID, "The " + kind.displayName() + " " + path + " lacks " + String.join(", ", missing)
                            + " in " + String.join(" or ", binFolders) + " (expected for ROCm " + version + ").",
                            "Repair or reinstall it; a package built from it would miss these DLLs.").withFile(binPath));
                }
                // DLLs only something audio.cpp does not use opens (the versioned comgr, for hipRTC):
                // real SDKs are reported to carry them, but that is not established, and a package
                // does not need them, so their absence is a note and never makes the SDK unusable.
                for (RuntimeLoadedDll loaded : gen == null ? List.<RuntimeLoadedDll>of() : gen.runtimeLoaded()) {
                    if (gen.byName(loaded.dll()).isPresent() || present.stream().anyMatch(p -> p.equalsIgnoreCase(loaded.dll()))) {
                        continue;
                    }
                    if (binNames.containsKey(loaded.dll().toLowerCase(Locale.ROOT))) {
                        present.add(loaded.dll());
                    } else if (kind == SdkKind.CLASSIC) {
                        findings.add(Finding.info(FINDING_ID, "The HIP SDK " + path + " has no " + loaded.dll() + " (loaded at run time only by "
                                + loaded.loader() + "); audio.cpp packages do not need it.",
                                "Nothing to do for audio.cpp.").withFile(host.join(binPath, loaded.dll())));
                    }
                }
            }
            if (!compiler) {
                findings.add(Finding.error(FINDING_ID, "The " + kind.displayName() + " " + path + " has no clang++.exe ("
                        + (kind == SdkKind.CLASSIC ? "bin" : kind == SdkKind.THEROCK ? "bin or lib\\llvm\\bin"
                        : WHEEL_CORE + " or " + WHEEL_DEVEL + ", lib\\llvm\\bin") + "), so it cannot compile audio.cpp.",
                        kind == SdkKind.THEROCK_WHEELS ? "Install the rocm-sdk-devel wheel too (pip install rocm[devel]), or build with a HIP SDK."
                                : "Repair or reinstall this HIP SDK.").withFile(host.join(binPath, "clang++.exe")));
            }
            if (!amdgpuArch) {
                findings.add(Finding.info(FINDING_ID, "The " + kind.displayName() + " " + path + " has no bin\\amdgpu-arch.exe; the local GPU cannot be asked.",
                        "Give the GPU targets explicitly.").withFile(host.join(binPath, "amdgpu-arch.exe")));
            }
            if (librariesHost == null) {
                findings.add(Finding.error(FINDING_ID, "The TheRock wheels in " + path + " have no " + WHEEL_LIBRARIES
                        + " package, so no hipBLAS, rocBLAS or hipBLASLt.", "Install the rocm-sdk-libraries wheel for your GPUs "
                        + "(pip install rocm[libraries]).").withFile(path));
            } else {
                inventory = scanner.scanSdk(host, librariesHost);
                libraries.addAll(inventory.libraries());
                if (kind == SdkKind.CLASSIC) {
                    missingIndexes(host, version, libraries, findings);
                }
                for (LibraryInventory lib : libraries) {
                    if (!lib.present()) {
                        findings.add(Finding.error(FINDING_ID, "The " + lib.library().displayName() + " kernel library of " + path
                                + " is missing: " + String.join("; ", lib.problems()) + ".",
                                "Repair or reinstall it; without " + lib.path() + " the package cannot run GEMMs.").withFile(lib.path()));
                    } else {
                        for (String problem : lib.problems()) {
                            findings.add(Finding.warning(FINDING_ID, problem + ".", "Fix the permissions or remove the broken link; the sizes of "
                                    + lib.library().displayName() + " leave out what could not be read.").withFile(lib.path()));
                        }
                    }
                }
                if (kind.therock() && !inventory.kpack().present()) {
                    findings.add(Finding.warning(FINDING_ID, "The " + kind.displayName() + " " + path + " has no .kpack archives in "
                            + host.join(librariesHost, ".kpack") + "; TheRock's libraries keep their GPU code there, so a package from it "
                            + "would run no GPU code of those libraries.", "Extract or install the multi-architecture release unchanged.")
                            .withFile(host.join(librariesHost, ".kpack")));
                }
                layout = kernelLayout(host, inventory);
            }
        }
        return new HipSdk(kind, version, fullVersion, path, generation, track, c.foundBy(), present, missing, compiler, amdgpuArch,
                binFolders, libraries, inventory.kpack().archives().stream().map(a -> a.name()).toList(), layout, findings, inventory);
    }

    /** The wheels' libraries package: {@code _rocm_sdk_libraries}, else the first {@code _rocm_sdk_libraries_<family>} by name. */
    private static Optional<String> wheelLibraries(Path sitePackages) {
        if (Files.isDirectory(sitePackages.resolve(WHEEL_LIBRARIES))) {
            return Optional.of(WHEEL_LIBRARIES);
        }
        List<String> families = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(sitePackages, WHEEL_LIBRARIES + "_*")) {
            for (Path p : dir) {
                if (Files.isDirectory(p)) {
                    families.add(p.getFileName().toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return families.stream().sorted().findFirst();
    }

    /**
     * TheRock's version as written: {@code .info\version} (TheRock {@code base/artifact.toml}), then
     * {@code share\rocm\version} and {@code version} (the order lemonade reads them in); for wheels
     * the {@code rocm_sdk_core-<version>.dist-info} folder beside the package (the wheel format's own record).
     */
    private static Optional<String> theRockVersion(Path core, Path root, SdkKind kind) {
        if (kind == SdkKind.THEROCK_WHEELS) {
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(root, "*.dist-info")) {
                for (Path p : dir) {
                    Matcher m = CORE_DIST_INFO.matcher(p.getFileName().toString());
                    if (m.matches()) {
                        return Optional.of(m.group(1));
                    }
                }
            } catch (IOException | RuntimeException e) {
                // fall through to the version files
            }
        }
        for (Path f : List.of(core.resolve(".info").resolve("version"), core.resolve("share").resolve("rocm").resolve("version"),
                core.resolve("version"))) {
            try {
                if (Files.isRegularFile(f) && Files.size(f) < 4096) {
                    String v = Files.readString(f, StandardCharsets.ISO_8859_1).strip().lines().findFirst().orElse("").strip();
                    if (!v.isEmpty()) {
                        return Optional.of(v);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable file says nothing; the next one may
            }
        }
        return Optional.empty();
    }

    /** "7.14.0" and "10.1.0a20260806" say 7.14 and 10.1. */
    static Optional<String> leadingMajorMinor(String written) {
        Matcher m = LEADING_VERSION.matcher(written.strip());
        return m.matches() ? Optional.of(Integer.parseInt(m.group(1)) + "." + Integer.parseInt(m.group(2))) : Optional.empty();
    }

    /** TheRock keeps clang in {@code lib\llvm\bin} (of the tarball's root, or of the wheels' core or devel package). */
    private static boolean compilerOf(Path root, Path core, SdkKind kind) {
        List<Path> llvm = kind == SdkKind.THEROCK_WHEELS
                ? List.of(core.resolve("lib/llvm/bin"), root.resolve(WHEEL_DEVEL).resolve("lib/llvm/bin"))
                : List.of(root.resolve("lib/llvm/bin"));
        return llvm.stream().anyMatch(d -> Files.isRegularFile(d.resolve("clang++.exe")) || Files.isRegularFile(d.resolve("clang.exe")));
    }

    /** "rocBLAS flat; hipBLASLt per-GPU folders; .kpack 3 archives": how the loaders will find this installation's kernels. */
    private static String kernelLayout(Host host, KernelInventory inventory) {
        List<String> parts = new ArrayList<>();
        for (LibraryInventory lib : inventory.libraries()) {
            if (lib.present()) {
                parts.add(lib.library().displayName() + " " + libraryLayout(host.resolve(lib.path())));
            }
        }
        if (inventory.kpack().present()) {
            parts.add(".kpack " + inventory.kpack().archives().size() + " archive" + (inventory.kpack().archives().size() == 1 ? "" : "s"));
        }
        return String.join("; ", parts);
    }

    private static final Pattern ARCH_FOLDER = Pattern.compile("gfx[0-9]{2,4}[a-z]?(?:-xnack[+-])?", Pattern.CASE_INSENSITIVE);

    private static String libraryLayout(Path library) {
        boolean perGpu = false;
        boolean flat = false;
        boolean zlib = false;
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(library)) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    perGpu |= ARCH_FOLDER.matcher(name).matches();
                } else {
                    flat |= name.toLowerCase(Locale.ROOT).contains("gfx");
                    zlib |= name.toLowerCase(Locale.ROOT).endsWith(".zlib");
                }
                if (perGpu && !zlib && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    try (DirectoryStream<Path> inner = Files.newDirectoryStream(p, "*.zlib")) {
                        zlib = inner.iterator().hasNext();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return "unreadable";
        }
        String form = perGpu && flat ? "per-GPU folders and flat files" : perGpu ? "per-GPU folders" : flat ? "flat" : "no per-GPU files";
        return zlib ? form + " (.dat.zlib)" : form;
    }

    /**
     * A damaged SDK: a library holds files of an architecture that its ROCm version ships kernels
     * for (the catalog's measured list), but not that architecture's lazy index as a regular file.
     * The scan alone would take the architecture as one the SDK has no kernels for, and a package
     * staged from it would lack the index the runtime opens first.
     */
    private void missingIndexes(Host host, String version, List<LibraryInventory> libraries, List<Finding> findings) {
        if (version == null) {
            return;
        }
        CatalogKernelSizes catalogSizes;
        try {
            catalogSizes = CatalogKernelSizes.forRocmVersion(catalog, version);
        } catch (PackagerException e) {
            return; // a ROCm version the catalog does not know: nothing to compare with
        }
        if (!catalogSizes.rocmVersion().equals(version)) {
            return; // figures borrowed from another version say nothing certain about this one
        }
        for (LibraryInventory lib : libraries) {
            if (!lib.present()) {
                continue;
            }
            for (ArchKernels a : lib.archs()) {
                if (a.files() == 0 || !catalogSizes.hasKernels(lib.library(), a.arch())) {
                    continue;
                }
                String index = host.join(lib.path(), "TensileLibrary_lazy_" + a.arch() + ".dat");
                if (!Files.isRegularFile(host.resolve(index))) {
                    findings.add(Finding.error(FINDING_ID, "The HIP SDK is damaged: " + index + (Files.exists(host.resolve(index),
                            LinkOption.NOFOLLOW_LINKS) ? " is not a regular file" : " is missing") + ", though " + lib.library().displayName()
                            + " has " + a.files() + " other file(s) for " + a.arch() + " and ROCm " + version + " ships its kernels. "
                            + lib.library().displayName() + " cannot load " + a.arch() + "'s kernels without it, and a package from this SDK would lack it.",
                            "Repair or reinstall this HIP SDK with AMD's installer, so " + index + " is back.").withFile(index));
                }
            }
        }
    }

    /** hip_version.h is under a KiB; a file of megabytes at its name is not it, and is not read whole. */
    private static final long MAX_HEADER_BYTES = 1L << 20;

    private static Optional<int[]> readHeader(Host host, String path, Path sdk, List<Finding> findings) {
        Path header = sdk.resolve("include").resolve("hip").resolve("hip_version.h");
        if (!Files.isRegularFile(header)) {
            return Optional.empty();
        }
        try {
            String text = SmallFile.readText(header, MAX_HEADER_BYTES, host.join(path, "include", "hip", "hip_version.h"), StandardCharsets.ISO_8859_1);
            int[] v = {-1, -1, -1};
            Matcher m = HEADER.matcher(text);
            while (m.find()) {
                int value = Integer.parseInt(m.group(2));
                switch (m.group(1)) {
                    case "MAJOR" -> v[0] = value;
                    case "MINOR" -> v[1] = value;
                    default -> v[2] = value;
                }
            }
            return v[0] >= 0 && v[1] >= 0 && v[2] >= 0 ? Optional.of(v) : Optional.empty();
        } catch (PackagerException e) {
            findings.add(Finding.warning(FINDING_ID, e.getMessage(),
                    "The version is taken from the folder name instead.").withFile(host.join(path, "include", "hip", "hip_version.h")));
            return Optional.empty();
        } catch (IOException | NumberFormatException e) {
            findings.add(Finding.warning(FINDING_ID, "Cannot read " + host.join(path, "include", "hip", "hip_version.h") + ": "
                    + (e instanceof IOException io ? SmallFile.why(io) : e.getMessage()),
                    "The version is taken from the folder name instead.").withFile(host.join(path, "include", "hip", "hip_version.h")));
            return Optional.empty();
        }
    }

    /** "HIP_PATH_71" says 7.1 (and "HIP_PATH_57" 5.7): the installer's own naming. */
    private static Optional<String> versionFromVariable(List<String> foundBy) {
        for (String how : foundBy) {
            Matcher m = Pattern.compile("HIP_PATH_([0-9])([0-9])").matcher(how);
            if (m.matches()) {
                return Optional.of(m.group(1) + "." + m.group(2));
            }
        }
        return Optional.empty();
    }

    private static List<String> listNames(Path dir, String display, List<Finding> findings) {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                out.add(p.getFileName().toString());
            }
        } catch (IOException | RuntimeException e) {
            findings.add(Finding.error(FINDING_ID, "Cannot list " + display + ": " + e.getMessage(),
                    "Check the folder's permissions.").withFile(display));
        }
        return out;
    }

    static String programFiles(Host host) {
        return host.env("ProgramW6432").or(() -> host.env("ProgramFiles")).orElse("C:\\Program Files");
    }

    static String stripTrailingSeparators(String s) {
        String t = s.trim();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        while (t.length() > 1 && (t.endsWith("\\") || t.endsWith("/")) && !t.matches("[A-Za-z]:[\\\\/]")) {
            t = t.substring(0, t.length() - 1);
        }
        return t;
    }

    /** An SDK folder is named major.minor ("6.4"); anything else says nothing about its version. */
    private static Optional<Version> majorMinor(String name) {
        return Version.tryParse(name).filter(v -> v.size() == 2);
    }
}
