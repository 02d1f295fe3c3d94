package dev.hippack.core.stage;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.audit.LibraryCheck;
import dev.hippack.core.audit.LicenseCheck;
import dev.hippack.core.audit.PathLimits;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.RocmDll;
import dev.hippack.core.catalog.RocmGeneration;
import dev.hippack.core.catalog.RuntimeLoadedDll;
import dev.hippack.core.catalog.SizedFile;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.detect.CrtRedist;
import dev.hippack.core.detect.VisualStudioFinder;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.inventory.KernelFile;
import dev.hippack.core.inventory.KernelFileClassifier;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.sbom.ComponentCatalog;
import dev.hippack.core.sbom.SbomFacts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Decides what a package holds, from a plan and the build machine's files:
 * <ul>
 *   <li>the executables from {@code <buildDir>\bin\};</li>
 *   <li>the ROCm DLLs that the executables need, followed import by import (delay imports too)
 *       through the SDK's {@code bin}, plus the DLLs a shipped DLL opens with LoadLibrary at run
 *       time (the catalog's {@code runtimeLoaded}: amdhip64_6.dll loads amd_comgr_2.dll, which no
 *       import table names). A new import is picked up, and an SDK DLL nothing imports or loads
 *       (the versioned comgr, which only hipRTC opens) is not shipped;</li>
 *   <li>the CRT DLLs from the newest redist of the plan's Visual Studio at least as new as the
 *       toolset, compared on major.minor (a 14.44 redist is numbered 14.44.35112 while its tools
 *       are 14.44.35207), as detection lists them ({@link VisualStudioFinder#redists}): the
 *       catalog's three, plus any other redist DLL the closure imports;</li>
 *   <li>{@code rocblas\library} and {@code hipblaslt\library} when their DLL is in the closure,
 *       keeping the targets' files and the arch-less ones; policy {@code drop} leaves out the
 *       whole rocBLAS folder (as the estimate and the audit expect) and says so;</li>
 *   <li>the checkout's {@code LICENSE} (audio.cpp's; its absence is a {@code license.audiocpp}
 *       warning) and {@code THIRD-PARTY-NOTICES.txt} ({@link ThirdPartyNotices}) naming every
 *       shipped component, with the license texts the checkout's {@code external} libraries and
 *       the SDK's {@code share\doc\<component>} hold;</li>
 *   <li>README.md and server.json ({@link PackageReadme});</li>
 *   <li>what the bill of materials says it was built from ({@link SbomFacts}): the checkout's
 *       version and commit, the version of the ggml it vendors, the SDK's ROCm version. The
 *       SBOM itself is written by the {@link Stager} from the staged files.</li>
 * </ul>
 * The package's name is the plan's {@code archiveName} with {@value PackageName#VERSION}
 * replaced by the checkout's version ({@link PackageName}). Nothing is written here.
 */
public final class LayoutPlanner {

    private final Catalog catalog;
    private final PeReader peReader;
    private final KernelFileClassifier classifier;
    private final PackageReadme readme;
    private final VisualStudioFinder visualStudio;
    private final CheckoutInspector checkout;
    private final ThirdPartyNotices notices = new ThirdPartyNotices();
    private final ComponentCatalog components = ComponentCatalog.standard();

    public LayoutPlanner(Catalog catalog, PeReader peReader, KernelFileClassifier classifier, PackageReadme readme,
                         VisualStudioFinder visualStudio, CheckoutInspector checkout) {
        this.catalog = catalog;
        this.peReader = peReader;
        this.classifier = classifier;
        this.readme = readme;
        this.visualStudio = visualStudio;
        this.checkout = checkout;
    }

    public LayoutPlanner(Catalog catalog) {
        this(catalog, new PeReader(), new KernelFileClassifier(), new PackageReadme(catalog), new VisualStudioFinder(),
                new CheckoutInspector());
    }

    /** The layout of {@code plan}, with the checkout's version read here ({@code git describe}). */
    public PackageLayout plan(ReleasePlan plan, Host host) throws PackagerException {
        return plan(plan, host, plan.source() == null ? Optional.empty() : checkout.version(host, plan.source()));
    }

    /**
     * The layout of {@code plan} for audio.cpp {@code version} (empty: not known), which names the
     * package when its archiveName holds {@value PackageName#VERSION} and goes into its README.
     */
    public PackageLayout plan(ReleasePlan plan, Host host, Optional<String> version) throws PackagerException {
        String packageName = PackageName.resolve(plan.archiveName(), version, "Package " + plan.archiveName());
        if (plan.sdk() == null) {
            throw new PackagerException("The profile names no HIP SDK ('sdk'). Set it to the SDK the binaries were built with, "
                    + "e.g. C:\\Program Files\\AMD\\ROCm\\" + plan.rocmVersion() + ".");
        }
        if (plan.vsInstance() == null) {
            throw new PackagerException("The profile names no Visual Studio instance ('vsInstance'); the package needs its CRT redist.");
        }
        Path sdkBin = host.resolve(host.join(plan.sdk(), "bin"));
        if (!Files.isDirectory(sdkBin)) {
            throw new PackagerException("The HIP SDK folder " + sdkBin + " does not exist (profile 'sdk' is " + plan.sdk()
                    + "). Install the HIP SDK " + plan.rocmVersion() + " or fix the path.");
        }
        Path binDir = host.resolve(host.join(buildDir(plan, host), "bin"));
        List<Finding> findings = new ArrayList<>();
        Map<String, StagedFile> files = new LinkedHashMap<>();

        Deque<Path> toRead = new ArrayDeque<>();
        for (String binary : plan.binaries()) {
            String name = binary.toLowerCase(Locale.ROOT).endsWith(".exe") ? binary : binary + ".exe";
            Path exe = binDir.resolve(name);
            if (!Files.exists(exe)) {
                throw new PackagerException(exe + " does not exist. Build " + binary + " first (hip-packager build), "
                        + "or check 'source' and 'buildDir' in the profile.");
            }
            if (!Files.isRegularFile(exe)) {
                // A folder, FIFO or device at the executable's name is there, just not an executable: say what it is.
                throw new PackagerException(exe + " is " + (Files.isDirectory(exe) ? "a folder" : "not a regular file (a pipe, a socket or a device)")
                        + ", not an executable. Remove it and build " + binary + " again (hip-packager build).");
            }
            add(files, new StagedFile(name, exe, size(exe), StagedFile.Kind.EXECUTABLE));
            toRead.add(exe);
        }

        Map<String, Path> sdkDlls = dllsIn(sdkBin);
        CrtRedist crt = crtRedist(plan, host);
        Set<String> seen = new HashSet<>();
        Set<String> leftToWindows = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        List<RuntimeLoadedDll> runtimeLoaded = new ArrayList<>();
        while (!toRead.isEmpty()) {
            Path pe = toRead.removeFirst();
            PeInfo info = read(pe);
            String peName = pe.getFileName().toString();
            for (RuntimeLoadedDll loaded : catalog.loadedAtRunTimeBy(peName)) {
                String key = loaded.dll().toLowerCase(Locale.ROOT);
                Path fromSdk = sdkDlls.get(key);
                if (fromSdk == null) {
                    throw new PackagerException(peName + " loads " + loaded.dll() + " at run time (LoadLibrary), but the SDK's "
                            + sdkBin + " has no " + loaded.dll() + "; without it HIP fails to initialise on every machine whose"
                            + " driver does not provide the same ROCm generation. Repair or reinstall the HIP SDK "
                            + plan.rocmVersion() + ".");
                }
                runtimeLoaded.add(loaded);
                if (seen.add(key)) {
                    add(files, new StagedFile(fromSdk.getFileName().toString(), fromSdk, size(fromSdk), StagedFile.Kind.ROCM_DLL));
                    toRead.add(fromSdk);
                }
            }
            for (String dep : info.allDependencies()) {
                String key = dep.toLowerCase(Locale.ROOT);
                if (!seen.add(key)) {
                    continue;
                }
                Path fromSdk = sdkDlls.get(key);
                if (fromSdk != null) {
                    add(files, new StagedFile(fromSdk.getFileName().toString(), fromSdk, size(fromSdk), StagedFile.Kind.ROCM_DLL));
                    toRead.add(fromSdk);
                    continue;
                }
                Optional<String> fromCrt = crt.dll(dep);
                if (fromCrt.isPresent()) {
                    Path f = host.resolve(host.join(crt.path(), fromCrt.get()));
                    add(files, new StagedFile(fromCrt.get(), f, size(f), StagedFile.Kind.CRT_DLL));
                    toRead.add(f);
                } else {
                    leftToWindows.add(dep);
                }
            }
        }
        for (SizedFile required : catalog.crtDlls()) {
            if (files.containsKey(required.name().toLowerCase(Locale.ROOT))) {
                continue;
            }
            String name = crt.dll(required.name()).orElseThrow(() -> new PackagerException("The CRT redist " + crt.path()
                    + " has no " + required.name() + ". Repair the Visual Studio installation (C++ x64 redistributable)."));
            Path f = host.resolve(host.join(crt.path(), name));
            add(files, new StagedFile(name, f, size(f), StagedFile.Kind.CRT_DLL));
        }

        RocmGeneration generation = catalog.generation(plan.generation()).orElseThrow(() -> new PackagerException(
                "ROCm " + plan.rocmVersion() + " is not a generation HIP Packager knows (6 or 7)."));
        int dropped = 0;
        for (KernelLibrary lib : KernelLibrary.values()) {
            String dll = generation.dll(lib == KernelLibrary.ROCBLAS ? RocmDll.Role.ROCBLAS : RocmDll.Role.HIPBLASLT).name();
            if (!files.containsKey(dll.toLowerCase(Locale.ROOT))) {
                findings.add(Finding.info(LibraryCheck.LIBS_PRESENT, "No binary imports " + dll + ", so " + lib.folder()
                        + "\\library is not shipped.", "Nothing to do unless " + dll + " should be used."));
                continue;
            }
            Path library = sdkBin.resolve(lib.folder()).resolve("library");
            if (!Files.isDirectory(library)) {
                throw new PackagerException(dll + " needs its kernel folder " + library + ", which is missing. "
                        + "Repair or reinstall the HIP SDK " + plan.rocmVersion() + ".");
            }
            if (lib == KernelLibrary.ROCBLAS && plan.rocblasKernels() == KernelPolicy.DROP) {
                int n = countFiles(library);
                dropped += n;
                findings.add(Finding.warning(PlanRules.LIBS_DROP_ROCBLAS, "rocBLAS's kernel library is left out (" + n + " files; policy "
                        + "'drop'): every GEMM must go through hipBLASLt. rocblas.dll is still shipped because "
                        + generation.dll(RocmDll.Role.HIPBLAS).name() + " imports it.",
                        "Test every model family on several GPU architectures before publishing, or set rocblasKernels to 'filtered'."));
                continue;
            }
            dropped += addKernels(files, library, lib, plan.targets());
        }

        Optional<String> licenseFile = Optional.empty();
        if (plan.source() != null) {
            Optional<Path> license = checkoutLicense(host.resolve(plan.source()));
            if (license.isPresent()) {
                String name = license.get().getFileName().toString();
                add(files, new StagedFile(name, license.get(), size(license.get()), StagedFile.Kind.LICENSE));
                licenseFile = Optional.of(name);
            } else {
                findings.add(Finding.warning(LicenseCheck.LICENSE_AUDIOCPP, "The checkout " + plan.source() + " has no LICENSE"
                        + " file, so the package goes out without audio.cpp's license (MIT requires its notice in every copy).",
                        "Restore it (git checkout -- LICENSE) and stage again."));
            }
        }

        List<StagedFile> sorted = new ArrayList<>(files.values());
        sorted.sort(Comparator.comparing(StagedFile::path));
        List<String> rocm = sorted.stream().filter(f -> f.kind() == StagedFile.Kind.ROCM_DLL).map(StagedFile::path).toList();
        List<String> crtDlls = sorted.stream().filter(f -> f.kind() == StagedFile.Kind.CRT_DLL).map(StagedFile::path).toList();
        List<String> kernelFolders = new ArrayList<>();
        for (KernelLibrary lib : KernelLibrary.values()) {
            String prefix = lib.folder() + "/library/";
            if (sorted.stream().anyMatch(f -> f.path().startsWith(prefix))) {
                kernelFolders.add(lib.folder() + "\\library");
            }
        }
        Vendored vendored = plan.source() == null ? new Vendored(List.of(), List.of()) : vendoredLicenses(host, plan.source());
        String noticesText = notices.text(new ThirdPartyNotices.Inputs(packageName, version,
                plan.source() == null ? "(not chosen)" : plan.source(), licenseFile, plan.sdk(), plan.rocmVersion(), generation,
                rocm, crtDlls, crt.path() + " (" + crt.name() + " " + crt.version() + ")", kernelFolders,
                sdkLicenses(host, plan.sdk()), vendored.texts(), vendored.withoutLicense()));
        List<GeneratedFile> generated = List.of(
                new GeneratedFile(PackageReadme.README, readme.readme(plan, packageName, shippedDlls(sorted), version, licenseFile,
                        sorted.stream().map(StagedFile::path).max(Comparator.comparingInt(String::length))
                                .map(p -> new PathLimits(packageName, p.replace('/', '\\'))))),
                new GeneratedFile(PackageReadme.SERVER_JSON, readme.serverJson()),
                new GeneratedFile(ThirdPartyNotices.FILE_NAME, noticesText));
        SbomFacts sbomFacts = new SbomFacts(version,
                plan.source() == null ? Optional.empty() : checkout.commit(host, plan.source()),
                plan.source() == null ? Optional.empty() : components.ggml().version(host.resolve(plan.source())),
                Optional.ofNullable(plan.rocmVersion()));
        return new PackageLayout(packageName, sorted, generated, List.copyOf(leftToWindows), runtimeLoaded, dropped, findings,
                sbomFacts);
    }

    /** The checkout's license file (LICENSE, LICENSE.md, LICENSE.txt), when it has one. */
    private static Optional<Path> checkoutLicense(Path checkout) {
        for (String name : LicenseCheck.LICENSE_FILES) {
            Path f = checkout.resolve(name);
            if (Files.isRegularFile(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The SDK components whose license a package carries, by their share\doc folder. */
    private static final List<String> SDK_COMPONENTS = List.of("rocblas", "hipblas", "hipblaslt");
    private static final List<String> LICENSE_NAMES = List.of("LICENSE.md", "LICENSE.txt", "LICENSE", "License.txt", "COPYING");

    /** License texts the SDK holds under {@code share\doc\<component>} (ROCm's install layout), read as UTF-8. */
    private static List<ThirdPartyNotices.LicenseText> sdkLicenses(Host host, String sdk) {
        List<ThirdPartyNotices.LicenseText> out = new ArrayList<>();
        for (String component : SDK_COMPONENTS) {
            String folder = host.join(sdk, "share", "doc", component);
            licenseIn(host.resolve(folder)).ifPresent(f -> readLicense(f).ifPresent(text ->
                    out.add(new ThirdPartyNotices.LicenseText(component, host.join(folder, f.getFileName().toString()), text))));
        }
        return out;
    }

    private record Vendored(List<ThirdPartyNotices.LicenseText> texts, List<String> withoutLicense) { }

    /** The license files of the libraries vendored in the checkout's {@code external} folder, by folder name. */
    private static Vendored vendoredLicenses(Host host, String source) {
        Path external = host.resolve(host.join(source, "external"));
        List<ThirdPartyNotices.LicenseText> texts = new ArrayList<>();
        List<String> without = new ArrayList<>();
        if (!Files.isDirectory(external, LinkOption.NOFOLLOW_LINKS)) {
            return new Vendored(texts, without);
        }
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(external)) {
            for (Path p : dir) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    folders.add(p);
                }
            }
        } catch (IOException e) {
            return new Vendored(texts, without);
        }
        folders.sort(Comparator.comparing(p -> p.getFileName().toString().toLowerCase(Locale.ROOT)));
        for (Path folder : folders) {
            String name = folder.getFileName().toString();
            Optional<Path> license = licenseIn(folder);
            Optional<String> text = license.flatMap(LayoutPlanner::readLicense);
            if (text.isPresent()) {
                texts.add(new ThirdPartyNotices.LicenseText(name, "external/" + name + "/" + license.get().getFileName(), text.get()));
            } else {
                without.add(name);
            }
        }
        return new Vendored(texts, without);
    }

    private static Optional<Path> licenseIn(Path folder) {
        for (String name : LICENSE_NAMES) {
            Path f = folder.resolve(name);
            if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** A license file's text, at most {@link ThirdPartyNotices#MAX_LICENSE_CHARS} characters and a little more; empty when unreadable. */
    private static Optional<String> readLicense(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(ThirdPartyNotices.MAX_LICENSE_CHARS * 4 + 1);
            String text = new String(bytes, StandardCharsets.UTF_8);
            return text.isBlank() ? Optional.empty() : Optional.of(text);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The newest CRT redist of the plan's Visual Studio whose major.minor is at least the toolset's. */
    private CrtRedist crtRedist(ReleasePlan plan, Host host) throws PackagerException {
        Version toolset = Version.tryParse(plan.toolset()).orElseThrow(() -> new PackagerException("The toolset '"
                + plan.toolset() + "' is not a version such as 14.44; fix 'toolset' in the profile."));
        String msvc = host.join(plan.vsInstance(), "VC", "Redist", "MSVC");
        List<CrtRedist> found = visualStudio.redists(host, plan.vsInstance());
        if (found.isEmpty()) {
            throw new PackagerException("No MSVC CRT redist (VC\\Redist\\MSVC\\<version>\\x64\\Microsoft.VC14?.CRT) in " + msvc
                    + ". Check the Visual Studio instance in the profile ('vsInstance'), or add the C++ x64 redistributable "
                    + "component with the Visual Studio Installer.");
        }
        return found.stream()
                .filter(r -> r.versionNumber().majorMinor().isAtLeast(toolset.majorMinor()))
                .max(Comparator.comparing(CrtRedist::versionNumber).thenComparing(CrtRedist::name))
                .orElseThrow(() -> new PackagerException("The CRT redists in " + msvc + " (" + found.stream()
                        .map(CrtRedist::version).toList() + ") are all older than the build toolset " + plan.toolset()
                        + ": a package must ship a CRT at least as new as the compiler that built it. Update the Visual Studio "
                        + "instance, or choose the instance whose toolset built the binaries."));
    }

    /** The build folder as a host path: {@code buildDir} below {@code source} unless it is absolute. */
    static String buildDir(ReleasePlan plan, Host host) throws PackagerException {
        String dir = plan.buildDir();
        if (host.isRooted(dir)) {
            return dir;
        }
        if (plan.source() == null) {
            throw new PackagerException("The profile names no audio.cpp checkout ('source'), so the build folder '" + dir
                    + "' cannot be found. Set 'source', or make 'buildDir' absolute.");
        }
        return host.join(plan.source(), dir);
    }

    private int addKernels(Map<String, StagedFile> files, Path library, KernelLibrary lib, List<String> targets)
            throws PackagerException {
        StagedFile.Kind kind = lib == KernelLibrary.ROCBLAS ? StagedFile.Kind.ROCBLAS_KERNEL : StagedFile.Kind.HIPBLASLT_KERNEL;
        int dropped = 0;
        try (Stream<Path> walk = Files.walk(library)) {
            for (Path f : (Iterable<Path>) walk::iterator) {
                if (!Files.isRegularFile(f)) {
                    continue;
                }
                String rel = library.relativize(f).toString().replace(f.getFileSystem().getSeparator(), "/");
                KernelFile k = classifier.classify(rel);
                if (k.keptFor(targets)) {
                    add(files, new StagedFile(lib.folder() + "/library/" + rel, f, size(f), kind));
                } else {
                    dropped++;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new PackagerException("Could not list " + library + ": " + e.getMessage(), e);
        }
        return dropped;
    }

    private static int countFiles(Path dir) throws PackagerException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return (int) walk.filter(Files::isRegularFile).count();
        } catch (IOException | UncheckedIOException e) {
            throw new PackagerException("Could not list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void add(Map<String, StagedFile> files, StagedFile f) {
        files.putIfAbsent(f.path().toLowerCase(Locale.ROOT), f);
    }

    /** The SDK's bin DLLs by lower-case name: Windows resolves imports case-insensitively. */
    private static Map<String, Path> dllsIn(Path bin) throws PackagerException {
        Map<String, Path> out = new LinkedHashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(bin)) {
            for (Path p : dir) {
                if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".dll") && Files.isRegularFile(p)) {
                    out.put(p.getFileName().toString().toLowerCase(Locale.ROOT), p);
                }
            }
        } catch (IOException e) {
            throw new PackagerException("Could not list " + bin + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** The ROCm DLLs of the package with the file version of each, read from the file that will be staged. */
    private List<ShippedDll> shippedDlls(List<StagedFile> files) throws PackagerException {
        List<ShippedDll> out = new ArrayList<>();
        for (StagedFile f : files) {
            if (f.kind() != StagedFile.Kind.ROCM_DLL) {
                continue;
            }
            try {
                out.add(new ShippedDll(f.path(), peReader.fileVersion(f.source())));
            } catch (PeFormatException e) {
                throw new PackagerException(f.source() + " has an unreadable version resource (" + e.getMessage()
                        + "). Repair or reinstall the HIP SDK.", e);
            }
        }
        return out;
    }

    private PeInfo read(Path pe) throws PackagerException {
        try {
            return peReader.read(pe);
        } catch (PeFormatException e) {
            throw new PackagerException(pe + " is not a readable Windows executable or DLL (" + e.getMessage()
                    + "). Rebuild it, or reinstall the SDK if it is one of its DLLs.", e);
        }
    }

    private static long size(Path f) throws PackagerException {
        try {
            return Files.size(f);
        } catch (IOException e) {
            throw new PackagerException("Could not read " + f + ": " + SmallFile.why(e) + ".", e);
        }
    }
}
