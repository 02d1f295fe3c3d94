package dev.hippack.core.detect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.CommandOutput;
import dev.hippack.core.host.Host;
import dev.hippack.core.json.ForeignJson;
import dev.hippack.core.json.StrictJson;
import dev.hippack.core.plan.PlanRules;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds Visual Studio installations and their MSVC toolsets and CRT redistributables. It asks
 * vswhere ({@code -all -prerelease -products * -format json -utf8}) when vswhere exists, and scans
 * the known install folders otherwise or when vswhere's answer cannot be read. Instances are keyed
 * on {@code installationVersion} and {@code installationPath}, never on folder names.
 */
public final class VisualStudioFinder {

    public static final String FINDING_ID = "detect.visual-studio";
    public static final List<String> VSWHERE_ARGS = List.of("-all", "-prerelease", "-products", "*", "-format", "json", "-utf8");
    public static final String VSWHERE = "vswhere";
    public static final String FOLDER_SCAN = "folder scan";

    /** Folder names by version, numerically ("14.5.1" before "14.44"); names that are no version after them, by name. */
    private static final Comparator<String> BY_VERSION = Comparator.comparing((String name) -> Version.tryParse(name).orElse(null),
            Comparator.nullsLast(Comparator.<Version>naturalOrder())).thenComparing(Comparator.naturalOrder());
    private static final Pattern CRT = Pattern.compile("Microsoft\\.VC14[0-9]\\.CRT", Pattern.CASE_INSENSITIVE);

    /** Every instance, newest major first; problems go to {@code findings}. */
    public List<VisualStudioInstance> find(Host host, List<Finding> findings) {
        List<VisualStudioInstance> out = null;
        Optional<String> vswhere = vswherePath(host);
        if (vswhere.isPresent()) {
            out = askVswhere(host, vswhere.get(), findings).orElse(null);
        }
        if (out == null) {
            out = scanFolders(host);
        }
        out = new ArrayList<>(out);
        out.sort(Comparator.comparingInt(VisualStudioInstance::major).reversed().thenComparing(VisualStudioInstance::path));
        judge(out, findings);
        return out;
    }

    /**
     * The Visual Studio at {@code hostPath}, as given by a profile rather than found: a folder
     * that does not exist is an error in {@code findings}; an existing one is read as the folder
     * scan reads an instance (its toolsets and CRT redists), its major version from the
     * {@code Microsoft Visual Studio\<version>} folder above it when that says.
     */
    public Optional<VisualStudioInstance> inspect(Host host, String hostPath, List<Finding> findings) {
        String path = HipSdkFinder.stripTrailingSeparators(hostPath);
        Path local = host.resolve(path);
        if (!Files.isDirectory(local)) {
            findings.add(Finding.error(FINDING_ID, "The Visual Studio folder " + path + " does not exist.",
                    "Give the installation folder of a Visual Studio with MSVC " + ReleasePlan.RECOMMENDED_TOOLSET
                            + " (the Visual Studio Installer shows it under \"More\" > \"Properties\"), or install Visual Studio 2022"
                            + " Build Tools with it.").withFile(path));
            return Optional.empty();
        }
        Path parent = local.getParent();
        int major = parent == null || parent.getFileName() == null ? 0 : majorOfFolder(parent.getFileName().toString());
        String name = local.getFileName() == null ? path : "Visual Studio " + local.getFileName()
                + (major > 0 ? " " + VisualStudioInstance.yearOf(major) : "");
        return Optional.of(instance(host, name, major > 0 ? String.valueOf(major) : "unknown", major, path, null, true, false, "profile"));
    }

    /** vswhere.exe where the Visual Studio Installer puts it, if it is there. */
    static Optional<String> vswherePath(Host host) {
        if (!host.os().isWindows()) {
            return Optional.empty();
        }
        List<String> roots = new ArrayList<>();
        host.env("ProgramFiles(x86)").ifPresent(roots::add);
        roots.add(HipSdkFinder.programFiles(host));
        for (String root : roots) {
            String p = host.join(root, "Microsoft Visual Studio", "Installer", "vswhere.exe");
            if (Files.isRegularFile(host.resolve(p))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private Optional<List<VisualStudioInstance>> askVswhere(Host host, String vswhere, List<Finding> findings) {
        List<String> cmd = new ArrayList<>();
        cmd.add(vswhere);
        cmd.addAll(VSWHERE_ARGS);
        CommandOutput out;
        try {
            out = host.run(cmd, Duration.ofSeconds(60), StandardCharsets.UTF_8);
        } catch (PackagerException e) {
            findings.add(Finding.info(FINDING_ID, "vswhere was not run: " + e.getMessage(),
                    "Visual Studio was found by scanning its usual install folders instead.").withFile(vswhere));
            return Optional.empty();
        }
        if (!out.succeeded()) {
            findings.add(Finding.warning(FINDING_ID, "vswhere exited with code " + out.exitCode() + ": " + firstLine(out.stderr()),
                    "Visual Studio was found by scanning its usual install folders instead; repair the Visual Studio Installer if this persists.").withFile(vswhere));
            return Optional.empty();
        }
        return parseVswhere(host, out.stdout(), vswhere, findings);
    }

    /**
     * Reads vswhere's JSON. Output that is not a JSON array of instances gives a warning (and
     * empty, so the caller scans folders); an instance without a path or version is skipped
     * with a warning.
     */
    public Optional<List<VisualStudioInstance>> parseVswhere(Host host, String json, String source, List<Finding> findings) {
        JsonNode root;
        try {
            root = ForeignJson.trees().readTree(json.strip().isEmpty() ? "[]" : json.strip());
        } catch (JsonProcessingException e) {
            findings.add(Finding.warning(FINDING_ID, "vswhere's output is not valid JSON" + StrictJson.where(e) + ": " + e.getOriginalMessage(),
                    "Visual Studio was found by scanning its usual install folders instead; update the Visual Studio Installer if this persists.").withFile(source));
            return Optional.empty();
        }
        if (root == null || !root.isArray()) {
            findings.add(Finding.warning(FINDING_ID, "vswhere's output is not a list of instances.",
                    "Visual Studio was found by scanning its usual install folders instead.").withFile(source));
            return Optional.empty();
        }
        List<VisualStudioInstance> out = new ArrayList<>();
        int index = 0;
        for (JsonNode node : root) {
            String path = text(node, "installationPath");
            String version = text(node, "installationVersion");
            int major = major(version);
            if (path == null || major <= 0) {
                findings.add(Finding.warning(FINDING_ID, "vswhere's instance #" + (index + 1) + " has no installationPath or installationVersion; it is left out.",
                        "Repair that installation in the Visual Studio Installer.").withFile(source));
                index++;
                continue;
            }
            index++;
            String folder = HipSdkFinder.stripTrailingSeparators(path);
            String name = Optional.ofNullable(text(node, "displayName")).orElse("Visual Studio " + VisualStudioInstance.yearOf(major));
            boolean complete = !node.has("isComplete") || node.get("isComplete").asBoolean(true);
            boolean prerelease = node.has("isPrerelease") && node.get("isPrerelease").asBoolean(false);
            Path local = host.resolve(folder);
            if (!Files.isDirectory(local)) {
                findings.add(Finding.warning(FINDING_ID, "vswhere lists " + name + " at " + folder + ", but that folder does not exist.",
                        "Repair or uninstall that instance in the Visual Studio Installer.").withFile(folder));
            }
            out.add(instance(host, name, version, major, folder, text(node, "productId"), complete, prerelease, VSWHERE));
        }
        return Optional.of(out);
    }

    /** Scans {@code %ProgramFiles%} and {@code %ProgramFiles(x86)%\Microsoft Visual Studio\<version>\<edition>}. */
    List<VisualStudioInstance> scanFolders(Host host) {
        List<VisualStudioInstance> out = new ArrayList<>();
        if (!host.os().isWindows()) {
            return out;
        }
        List<String> roots = new ArrayList<>();
        roots.add(HipSdkFinder.programFiles(host));
        host.env("ProgramFiles(x86)").ifPresent(roots::add);
        List<String> seen = new ArrayList<>();
        for (String root : roots) {
            String vsRoot = host.join(root, "Microsoft Visual Studio");
            for (String versionDir : subfolders(host.resolve(vsRoot))) {
                int major = majorOfFolder(versionDir);
                if (major <= 0) {
                    continue;
                }
                String versionPath = host.join(vsRoot, versionDir);
                for (String edition : subfolders(host.resolve(versionPath))) {
                    String path = host.join(versionPath, edition);
                    Path local = host.resolve(path);
                    if (!Files.isDirectory(local.resolve("VC")) && !Files.isDirectory(local.resolve("Common7"))) {
                        continue;
                    }
                    String key = local.toAbsolutePath().normalize().toString().toLowerCase(Locale.ROOT);
                    if (seen.contains(key)) {
                        continue;
                    }
                    seen.add(key);
                    String editionName = edition.equals("BuildTools") ? "Build Tools" : edition;
                    out.add(instance(host, "Visual Studio " + editionName + " " + VisualStudioInstance.yearOf(major),
                            String.valueOf(major), major, path, null, true, edition.equalsIgnoreCase("Preview"), FOLDER_SCAN));
                }
            }
        }
        return out;
    }

    private VisualStudioInstance instance(Host host, String name, String version, int major, String path, String productId,
                                          boolean complete, boolean prerelease, String foundBy) {
        List<MsvcToolset> toolsets = new ArrayList<>();
        String msvc = host.join(path, "VC", "Tools", "MSVC");
        List<String> versions = subfolders(host.resolve(msvc));
        versions.sort(BY_VERSION);
        for (String v : versions) {
            String x64 = host.join(msvc, v, "bin", "Hostx64", "x64");
            Path local = host.resolve(x64);
            boolean cl = Files.isRegularFile(local.resolve("cl.exe"));
            boolean dumpbin = Files.isRegularFile(local.resolve("dumpbin.exe"));
            toolsets.add(judgeToolset(v, major, name, cl, dumpbin, host.join(msvc, v)));
        }
        List<CrtRedist> redists = redists(host, path);
        return new VisualStudioInstance(name, version, major, VisualStudioInstance.yearOf(major), path, productId, complete,
                prerelease, foundBy, toolsets, redists);
    }

    /**
     * The CRT redistributables of the Visual Studio at {@code instancePath} (a host path), oldest
     * first: every {@code VC\Redist\MSVC\<version>\x64\Microsoft.VC14?.CRT} folder, found by
     * listing the folders (never from VCToolsRedistDir). Detection lists them per instance, and
     * staging takes its CRT DLLs from one of them.
     */
    public List<CrtRedist> redists(Host host, String instancePath) {
        List<CrtRedist> redists = new ArrayList<>();
        String redistRoot = host.join(instancePath, "VC", "Redist", "MSVC");
        List<String> redistVersions = subfolders(host.resolve(redistRoot));
        redistVersions.sort(BY_VERSION);
        for (String rv : redistVersions) {
            if (Version.tryParse(rv).isEmpty()) {
                continue;   // the v143 / v145 alias folders hold installers, not the DLLs
            }
            String x64 = host.join(redistRoot, rv, "x64");
            for (String crt : subfolders(host.resolve(x64))) {
                if (CRT.matcher(crt).matches()) {
                    String crtPath = host.join(x64, crt);
                    List<String> dlls = new ArrayList<>();
                    for (String f : files(host.resolve(crtPath))) {
                        if (f.toLowerCase(Locale.ROOT).endsWith(".dll")) {
                            dlls.add(f);
                        }
                    }
                    redists.add(new CrtRedist(rv, crt, crtPath, dlls));
                }
            }
        }
        return redists;
    }

    /** The verdict on one toolset folder, with the reason and (when not usable) the fix. */
    static MsvcToolset judgeToolset(String version, int vsMajor, String instanceName, boolean cl, boolean dumpbin, String path) {
        if (!cl) {
            return new MsvcToolset(version, ToolsetVerdict.INCOMPLETE, "bin\\Hostx64\\x64\\cl.exe is missing",
                    "Repair " + instanceName + " in the Visual Studio Installer (the x64 C++ build tools are incomplete).", false, dumpbin, path);
        }
        Version v = Version.tryParse(version).orElse(Version.of(0));
        int major = v.major();
        int minor = v.minor();
        if (major == 14 && minor == 44) {
            return new MsvcToolset(version, ToolsetVerdict.RECOMMENDED, "the toolset the guide verified with HIP clang", null, true, dumpbin, path);
        }
        if (major == 14 && minor >= 40 && minor < 44) {
            return new MsvcToolset(version, ToolsetVerdict.ACCEPTED, "accepted (14.4x), but the guide verified 14.44",
                    "Update Visual Studio 2022 to 17.14 for MSVC 14.44.", true, dumpbin, path);
        }
        if (major == 14 && minor >= 50) {
            String fix = vsMajor >= 18
                    ? "In the Visual Studio Installer, modify " + instanceName + " and add the individual component "
                        + PlanRules.VS2026_V143_COMPONENT + " (MSVC v143 - VS 2022 C++ x64/x86 build tools v14.44), or install Visual Studio 2022 Build Tools."
                    : "Install MSVC " + ReleasePlan.RECOMMENDED_TOOLSET + ": Visual Studio 2022 Build Tools 17.14, or the component "
                        + PlanRules.VS2026_V143_COMPONENT + " in Visual Studio 2026.";
            return new MsvcToolset(version, ToolsetVerdict.REFUSED,
                    "HIP clang cannot parse the <cmath> of the MSVC 14.5x STL: every .cu file fails to compile", fix, true, dumpbin, path);
        }
        return new MsvcToolset(version, ToolsetVerdict.REFUSED, "older than 14.40; not verified with HIP SDK 6.4 or 7.1",
                "Install Visual Studio 2022 Build Tools 17.14 (MSVC 14.44).", true, dumpbin, path);
    }

    private static void judge(List<VisualStudioInstance> instances, List<Finding> findings) {
        if (instances.isEmpty()) {
            findings.add(Finding.error(FINDING_ID, "No Visual Studio with C++ build tools was found.",
                    "Install Visual Studio 2022 Build Tools with the workload \"Desktop development with C++\" (MSVC 14.44)."));
            return;
        }
        boolean recommended = false;
        for (VisualStudioInstance vs : instances) {
            if (!vs.complete()) {
                findings.add(Finding.warning(FINDING_ID, vs.name() + " at " + vs.path() + " is an incomplete installation.",
                        "Finish or repair it in the Visual Studio Installer before building with it.").withFile(vs.path()));
            }
            if (vs.toolsets().isEmpty()) {
                findings.add(Finding.info(FINDING_ID, vs.name() + " at " + vs.path() + " has no MSVC toolset (VC\\Tools\\MSVC is empty or absent).",
                        "Add the workload \"Desktop development with C++\" if you want to build with it.").withFile(vs.path()));
            }
            for (MsvcToolset t : vs.toolsets()) {
                if (t.verdict() == ToolsetVerdict.RECOMMENDED && vs.complete()) {
                    recommended = true;
                }
                if (t.verdict() == ToolsetVerdict.REFUSED && isMsvc145(t.version())) {
                    findings.add(Finding.warning(FINDING_ID, vs.name() + " has MSVC " + t.version() + ", which HIP Packager refuses: " + t.reason() + ".",
                            t.fix()).withFile(t.path()));
                }
                if (t.verdict() == ToolsetVerdict.INCOMPLETE) {
                    findings.add(Finding.warning(FINDING_ID, "MSVC " + t.version() + " in " + vs.name() + " is incomplete: " + t.reason() + ".",
                            t.fix()).withFile(t.path()));
                }
            }
        }
        if (!recommended) {
            boolean has2026 = instances.stream().anyMatch(v -> v.major() >= 18);
            findings.add(Finding.error(FINDING_ID, "No complete Visual Studio has MSVC " + ReleasePlan.RECOMMENDED_TOOLSET + ", the toolset HIP builds need.",
                    has2026 ? "Add the component " + PlanRules.VS2026_V143_COMPONENT + " to Visual Studio 2026 in the Visual Studio Installer, or install Visual Studio 2022 Build Tools."
                            : "Install Visual Studio 2022 Build Tools 17.14 (MSVC 14.44)."));
        }
    }

    private static int majorOfFolder(String name) {
        return switch (name) {
            case "2017" -> 15;
            case "2019" -> 16;
            case "2022" -> 17;
            case "2026" -> 18;
            default -> name.matches("1[5-9]|[2-9][0-9]") ? Integer.parseInt(name) : 0;
        };
    }

    /** The major of vswhere's installationVersion ("17.14.36623.8" is 17); 0 when it is no version. */
    private static int major(String version) {
        return Version.tryParse(version).map(Version::major).orElse(0);
    }

    /** MSVC 14.5x, the Visual Studio 2026 toolsets whose STL HIP clang cannot parse. */
    private static boolean isMsvc145(String version) {
        return Version.tryParse(version).filter(v -> v.major() == 14 && v.minor() >= 50 && v.minor() < 60).isPresent();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() || !v.isValueNode() || v.asText().isBlank() ? null : v.asText();
    }

    private static String firstLine(String s) {
        String t = s == null ? "" : s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }


    static List<String> subfolders(Path dir) {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (Files.isDirectory(p)) {
                    out.add(p.getFileName().toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        out.sort(null);
        return out;
    }

    static List<String> files(Path dir) {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (Files.isRegularFile(p)) {
                    out.add(p.getFileName().toString());
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        out.sort(null);
        return out;
    }
}
