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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds every HIP SDK of a host: the folders under {@code %ProgramFiles%\AMD\ROCm\}, and the
 * folders named by {@code HIP_PATH} and every {@code HIP_PATH_NN} (the installer writes them with
 * a trailing backslash, and {@code HIP_PATH} is not always the newest). One entry per folder.
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
            String folder = stripTrailingSeparators(value);
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

    /** Inspects one folder that should be an SDK, as given by the user (e.g. {@code --sdk}). */
    public HipSdk inspect(Host host, String hostPath) {
        String folder = stripTrailingSeparators(hostPath);
        return inspect(host, new Candidate(folder, host.resolve(folder), new ArrayList<>(List.of("given"))));
    }

    private record Candidate(String hostPath, Path local, List<String> foundBy) { }

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
            return new HipSdk(null, null, path, 0, null, c.foundBy(), List.of(), List.of(), false, false, List.of(), findings,
                    new KernelInventory(path, List.of()));
        }
        String folderName = c.local().getFileName() == null ? "" : c.local().getFileName().toString();
        Optional<int[]> header = readHeader(host, path, c.local(), findings);
        String version = null;
        Optional<Version> fromFolder = majorMinor(folderName);
        if (fromFolder.isPresent()) {
            version = fromFolder.get().toString();
        } else if (header.isPresent()) {
            version = header.get()[0] + "." + header.get()[1];
        } else {
            version = versionFromVariable(c.foundBy()).orElse(null);
        }
        String fullVersion = header.map(h -> h[0] + "." + h[1] + "." + h[2]).orElse(null);
        int generation = version == null ? 0 : Version.parse(version).major();
        String track = null;
        for (Track t : catalog.tracks()) {
            if (t.rocmVersion().equals(version)) {
                track = t.id();
            }
        }
        if (version == null) {
            findings.add(Finding.warning(FINDING_ID, "Cannot tell the ROCm version of " + path
                    + ": the folder name is not major.minor and include\\hip\\hip_version.h is missing.",
                    "Use an SDK installed by AMD's HIP SDK installer (C:\\Program Files\\AMD\\ROCm\\<major.minor>).").withFile(path));
        }

        Path bin = c.local().resolve("bin");
        String binPath = host.join(path, "bin");
        List<String> present = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        boolean compiler = false;
        boolean amdgpuArch = false;
        List<LibraryInventory> libraries = new ArrayList<>();
        KernelInventory inventory = new KernelInventory(path, List.of());
        if (!Files.isDirectory(bin)) {
            findings.add(Finding.error(FINDING_ID, "The HIP SDK folder " + path + " has no bin folder, so it has no compiler, DLLs or kernel libraries.",
                    "Repair or reinstall this HIP SDK with AMD's installer.").withFile(binPath));
        } else {
            Set<String> binNames = listLowerCase(bin, binPath, findings);
            compiler = binNames.contains("clang++.exe");
            amdgpuArch = binNames.contains("amdgpu-arch.exe");
            RocmGeneration gen = catalog.generation(generation).orElse(null);
            if (gen == null && generation > 0) {
                findings.add(Finding.warning(FINDING_ID, "ROCm " + version + " at " + path + " is a generation HIP Packager does not know; it packages ROCm "
                        + catalog.tracks().stream().map(Track::rocmVersion).toList() + ".",
                        "Install HIP SDK 6.4 or 7.1.").withFile(path));
            }
            if (gen != null) {
                for (RocmDll d : gen.dlls()) {
                    (binNames.contains(d.name().toLowerCase(Locale.ROOT)) ? present : missing).add(d.name());
                }
                if (!missing.isEmpty()) {
                    findings.add(Finding.error(FINDING_ID, "The HIP SDK " + path + " lacks " + String.join(", ", missing)
                            + " in its bin folder (expected for ROCm " + generation + ").",
                            "Repair or reinstall this HIP SDK; a package built from it would miss these DLLs.").withFile(binPath));
                }
                // DLLs only something audio.cpp does not use opens (the versioned comgr, for hipRTC):
                // real SDKs are reported to carry them, but that is not established, and a package
                // does not need them, so their absence is a note and never makes the SDK unusable.
                for (RuntimeLoadedDll loaded : gen.runtimeLoaded()) {
                    if (gen.byName(loaded.dll()).isPresent() || present.contains(loaded.dll())) {
                        continue;
                    }
                    if (binNames.contains(loaded.dll().toLowerCase(Locale.ROOT))) {
                        present.add(loaded.dll());
                    } else {
                        findings.add(Finding.info(FINDING_ID, "The HIP SDK " + path + " has no " + loaded.dll() + " (loaded at run time only by "
                                + loaded.loader() + "); audio.cpp packages do not need it.",
                                "Nothing to do for audio.cpp.").withFile(host.join(binPath, loaded.dll())));
                    }
                }
            }
            if (!compiler) {
                findings.add(Finding.error(FINDING_ID, "The HIP SDK " + path + " has no bin\\clang++.exe, so it cannot compile audio.cpp.",
                        "Repair or reinstall this HIP SDK.").withFile(host.join(binPath, "clang++.exe")));
            }
            if (!amdgpuArch) {
                findings.add(Finding.info(FINDING_ID, "The HIP SDK " + path + " has no bin\\amdgpu-arch.exe; the local GPU cannot be asked.",
                        "Give the GPU targets explicitly.").withFile(host.join(binPath, "amdgpu-arch.exe")));
            }
            inventory = scanner.scanSdk(host, path);
            libraries.addAll(inventory.libraries());
            missingIndexes(host, version, libraries, findings);
            for (LibraryInventory lib : libraries) {
                if (!lib.present()) {
                    findings.add(Finding.error(FINDING_ID, "The " + lib.library().displayName() + " kernel library of " + path
                            + " is missing: " + String.join("; ", lib.problems()) + ".",
                            "Repair or reinstall this HIP SDK; without " + lib.path() + " the package cannot run GEMMs.").withFile(lib.path()));
                } else {
                    for (String problem : lib.problems()) {
                        findings.add(Finding.warning(FINDING_ID, problem + ".", "Fix the permissions or remove the broken link; the sizes of "
                                + lib.library().displayName() + " leave out what could not be read.").withFile(lib.path()));
                    }
                }
            }
        }
        return new HipSdk(version, fullVersion, path, generation, track, c.foundBy(), present, missing, compiler, amdgpuArch,
                libraries, findings, inventory);
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

    private static Set<String> listLowerCase(Path dir, String display, List<Finding> findings) {
        Set<String> out = new HashSet<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                out.add(p.getFileName().toString().toLowerCase(Locale.ROOT));
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
