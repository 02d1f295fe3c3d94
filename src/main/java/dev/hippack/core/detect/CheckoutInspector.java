package dev.hippack.core.detect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GgmlRequirement;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.CommandOutput;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.json.ForeignJson;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.GgmlFamily;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.plan.SourceRevision;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Looks at an audio.cpp checkout: its CMakeLists.txt, which parameters its
 * {@code scripts\build_windows_hip.ps1} supports (older versions lack -BuildDir, -NoNativeCpu and
 * -DeploymentBuild), the model families in {@code model_specs/*.json}, and {@code git describe}.
 */
public final class CheckoutInspector {

    public static final String FINDING_ID = "detect.checkout";
    public static final String SCRIPT = "scripts\\build_windows_hip.ps1";
    /** Parameters a release build passes; a script without one of them cannot make a release. */
    public static final List<String> RELEASE_PARAMETERS = List.of("RocmPath", "GpuTargets", "BuildDir", "Target", "NoNativeCpu", "DeploymentBuild");

    private final BuildScriptParameters parameters = new BuildScriptParameters();
    private final GgmlHeaderReader headers = new GgmlHeaderReader();
    /** The ggml family conditions to read, one per header and macro; the architectures needing each are in {@link #needs}. */
    private final List<GgmlRequirement> ggml;
    private final Map<GgmlRequirement, List<String>> needs;

    /** An inspector for the build script, version and commit: it reads no ggml header. */
    public CheckoutInspector() {
        this(List.of());
    }

    /** An inspector that also reads the ggml family conditions the catalog's architectures depend on (gfx1152, gfx1153). */
    public CheckoutInspector(Catalog catalog) {
        this(catalog.architectures());
    }

    private CheckoutInspector(List<GpuArchitecture> architectures) {
        Map<String, GgmlRequirement> byHeaderAndMacro = new LinkedHashMap<>();
        Map<GgmlRequirement, List<String>> archs = new LinkedHashMap<>();
        for (GpuArchitecture a : architectures) {
            if (a.ggml() != null) {
                GgmlRequirement r = byHeaderAndMacro.computeIfAbsent(a.ggml().file() + "\n" + a.ggml().macro(), k -> a.ggml());
                archs.computeIfAbsent(r, k -> new ArrayList<>()).add(a.id());
            }
        }
        this.ggml = List.copyOf(byHeaderAndMacro.values());
        this.needs = archs;
    }

    /**
     * What the plan's checkout's build script supports, read as {@link #inspect} reads it, for a
     * build: bad input, naming the fix, when the plan names no checkout or it has no build script.
     */
    public BuildScriptFacts scriptFacts(Host host, ReleasePlan plan) throws PackagerException {
        if (plan.source() == null || plan.source().isBlank()) {
            throw new PackagerException("The profile names no audio.cpp checkout ('source'); set it to the folder of your clone.");
        }
        List<Finding> findings = new ArrayList<>();
        Checkout checkout = inspect(host, plan.source(), findings);
        return checkout.scriptFacts().orElseThrow(() -> new PackagerException(findings.stream()
                .filter(Finding::isError).map(f -> f.message() + (f.fix() == null ? "" : " " + f.fix()))
                .findFirst().orElse("The checkout " + plan.source() + " has no " + SCRIPT + ".")));
    }

    /** Inspects {@code hostPath}, or the host's working folder when null. */
    public Checkout inspect(Host host, String hostPath, List<Finding> findings) {
        String path = HipSdkFinder.stripTrailingSeparators(hostPath == null ? host.workingDirectory() : hostPath);
        Path local = host.resolve(path);
        if (!Files.isDirectory(local)) {
            findings.add(Finding.error(FINDING_ID, "The audio.cpp checkout " + path + " does not exist.",
                    "Give the folder of your audio.cpp clone with --source.").withFile(path));
            return new Checkout(path, false, false, List.of(), false, List.of(), null, List.of());
        }
        boolean cmake = Files.isRegularFile(local.resolve("CMakeLists.txt"));
        Path scriptFile = local.resolve("scripts").resolve("build_windows_hip.ps1");
        boolean script = Files.isRegularFile(scriptFile);
        String scriptPath = host.join(path, SCRIPT);
        if (!cmake) {
            findings.add(Finding.error(FINDING_ID, path + " has no CMakeLists.txt, so it is not an audio.cpp checkout.",
                    "Give the folder of your audio.cpp clone with --source (the one holding CMakeLists.txt).").withFile(path));
        }
        List<String> params = List.of();
        boolean noOpenmp = false;
        if (!script) {
            findings.add(Finding.error(FINDING_ID, path + " has no " + SCRIPT + "; this audio.cpp version predates HIP support.",
                    "Update the checkout (git pull) to a version with HIP support.").withFile(scriptPath));
        } else {
            try {
                String text = SmallFile.readText(scriptFile, MAX_SCRIPT_BYTES, scriptPath, StandardCharsets.UTF_8);
                params = parameters.parse(text);
                String code = BuildScriptParameters.blankCommentsAndStrings(text).toLowerCase(Locale.ROOT);
                String raw = text.toLowerCase(Locale.ROOT);
                noOpenmp = raw.contains("-dengine_enable_openmp=off") && raw.contains("-dggml_openmp=off");
                if (params.isEmpty() && !code.contains("param")) {
                    findings.add(Finding.warning(FINDING_ID, scriptPath + " has no param(...) block.",
                            "Update the checkout; HIP Packager passes its options as script parameters.").withFile(scriptPath));
                }
                List<String> lacking = new ArrayList<>();
                for (String p : RELEASE_PARAMETERS) {
                    if (params.stream().noneMatch(q -> q.equalsIgnoreCase(p))) {
                        lacking.add("-" + p);
                    }
                }
                if (!lacking.isEmpty() && !params.isEmpty()) {
                    findings.add(Finding.warning(FINDING_ID, "This version of " + SCRIPT + " lacks " + String.join(", ", lacking)
                            + ", which a release build passes.", "Update the checkout (git pull) to the newest audio.cpp.").withFile(scriptPath));
                }
            } catch (PackagerException e) {
                findings.add(Finding.error(FINDING_ID, e.getMessage(),
                        "Restore the checkout's own build script (git checkout -- " + SCRIPT.replace('\\', '/') + ").").withFile(scriptPath));
            } catch (IOException e) {
                findings.add(Finding.error(FINDING_ID, "Cannot read " + scriptPath + ": " + SmallFile.why(e) + ".",
                        "Check the file's permissions.").withFile(scriptPath));
            } catch (RuntimeException e) {
                findings.add(Finding.error(FINDING_ID, "Cannot read " + scriptPath + ": " + e.getMessage(),
                        "Check the file's encoding (UTF-8).").withFile(scriptPath));
            }
        }
        List<String> families = modelFamilies(host, path, local, findings);
        String version = gitDescribe(host, path, local);
        return new Checkout(path, cmake, script, params, noOpenmp, families, version, ggmlFamilies(host, path, local, findings));
    }

    /**
     * Reads each ggml family condition the catalog's architectures depend on. A missing header or
     * one without the change is only noted here (info): it matters to a plan that ticks those
     * architectures, and the plan rule arch.ggml refuses them there, naming the file and the fix.
     */
    private List<GgmlFamily> ggmlFamilies(Host host, String path, Path local, List<Finding> findings) {
        List<GgmlFamily> out = new ArrayList<>();
        for (GgmlRequirement r : ggml) {
            String shown = host.join(path, r.file().split("/"));
            List<String> archs = needs.get(r);
            Path file = local.resolve(r.file());
            if (!Files.isRegularFile(file)) {
                findings.add(Finding.info(FINDING_ID, path + " has no " + r.file().replace('/', '\\') + ", so " + String.join(" and ", archs)
                        + " cannot be shipped from it (they need " + r.change() + ").",
                        "Update the checkout to a version that vendors ggml with " + r.change() + " to ship them.").withFile(shown));
                out.add(new GgmlFamily(r.file(), r.macro(), false, List.of()));
                continue;
            }
            try {
                if (Files.size(file) > MAX_HEADER_BYTES) {
                    throw new IOException("it is larger than " + MAX_HEADER_BYTES / (1024 * 1024) + " MiB, which no ggml header is");
                }
                List<String> named = headers.architecturesDefining(Files.readString(file, StandardCharsets.ISO_8859_1), r.macro());
                out.add(new GgmlFamily(r.file(), r.macro(), true, named));
                List<String> lacking = archs.stream().filter(a -> !named.contains(a)).toList();
                if (!lacking.isEmpty()) {
                    findings.add(Finding.info(FINDING_ID, "The checkout's ggml does not place " + String.join(" or ", lacking) + " in "
                            + r.macro() + " (" + shown + " names " + (named.isEmpty() ? "no architecture" : String.join(", ", named))
                            + " there), so they cannot be shipped from it.",
                            "Update the checkout to a version whose vendored ggml includes " + r.change() + " to ship them.").withFile(shown));
                }
            } catch (IOException | RuntimeException e) {
                findings.add(Finding.warning(FINDING_ID, "Cannot read " + shown + ": " + e.getMessage(),
                        "Check the file's permissions; until it can be read, " + String.join(" and ", archs) + " cannot be shipped.").withFile(shown));
                out.add(new GgmlFamily(r.file(), r.macro(), false, List.of()));
            }
        }
        return out;
    }

    /** A ggml header is some tens of KiB; anything far larger is not one. */
    private static final long MAX_HEADER_BYTES = 4L << 20;

    private static List<String> modelFamilies(Host host, String path, Path local, List<Finding> findings) {
        TreeSet<String> out = new TreeSet<>();
        Path specs = local.resolve("model_specs");
        if (!Files.isDirectory(specs)) {
            findings.add(Finding.warning(FINDING_ID, path + " has no model_specs folder.",
                    "Update the checkout; a deployment build compiles model_specs/*.json into the binaries.").withFile(host.join(path, "model_specs")));
            return List.of();
        }
        for (String name : VisualStudioFinder.files(specs)) {
            if (!name.toLowerCase(Locale.ROOT).endsWith(".json")) {
                continue;
            }
            String stem = name.substring(0, name.length() - 5);
            try {
                JsonNode node = ForeignJson.trees().readTree(SmallFile.read(specs.resolve(name), MAX_SPEC_BYTES, "model_specs\\" + name));
                JsonNode family = node == null ? null : node.get("family");
                out.add(family != null && family.isTextual() && !family.asText().isBlank() ? family.asText() : stem);
            } catch (PackagerException e) {
                findings.add(Finding.warning(FINDING_ID, e.getMessage(), "Fix or remove the file; a deployment build compiles every spec.")
                        .withFile(host.join(path, "model_specs", name)));
                out.add(stem);
            } catch (JsonProcessingException e) {
                findings.add(Finding.warning(FINDING_ID, "model_specs\\" + name + " is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""),
                        "Fix or remove the file; a deployment build compiles every spec.").withFile(host.join(path, "model_specs", name)));
                out.add(stem);
            } catch (IOException e) {
                findings.add(Finding.warning(FINDING_ID, "model_specs\\" + name + " cannot be read: " + SmallFile.why(e) + ".",
                        "Check the file's permissions; a deployment build compiles every spec.").withFile(host.join(path, "model_specs", name)));
                out.add(stem);
            }
        }
        return List.copyOf(out);
    }

    /**
     * The audio.cpp version of the checkout at {@code source}: what {@code git describe --tags
     * --always --dirty} prints there ({@code v0.4.3}, {@code v0.4.3-12-g615971e}, with
     * {@code -dirty} for uncommitted changes, or the bare abbreviated commit when no tag is
     * reachable). Empty when the folder is not a git clone, git is not there, or git printed
     * nothing. On a described machine the answer comes from its recorded git output.
     */
    public Optional<String> version(Host host, String source) {
        String path = HipSdkFinder.stripTrailingSeparators(source);
        return Optional.ofNullable(gitDescribe(host, path, host.resolve(path)));
    }

    private static String gitDescribe(Host host, String path, Path local) {
        if (!Files.exists(local.resolve(".git"))) {
            return null;
        }
        boolean answerable = host.canLaunch() ? host.which("git").isPresent()
                : host.recordedOutputs().containsKey("git.exe") || host.recordedOutputs().containsKey("git");
        if (!answerable) {
            return null;
        }
        try {
            CommandOutput out = host.run(List.of("git", "-C", path, "describe", "--tags", "--always", "--dirty"),
                    Duration.ofSeconds(30), StandardCharsets.UTF_8);
            String v = out.stdout().strip();
            return out.succeeded() && !v.isEmpty() ? v.lines().findFirst().orElse(null) : null;
        } catch (PackagerException e) {
            return null;
        }
    }

    /** The version and commit of the checkout at {@code source}; either null when it cannot be told. */
    public SourceRevision revision(Host host, String source) {
        if (source == null || source.isBlank()) {
            return SourceRevision.UNKNOWN;
        }
        return new SourceRevision(version(host, source).orElse(null), commit(host, source).orElse(null));
    }

    /** A git object name as HEAD, a ref file or packed-refs hold it: SHA-1 or SHA-256, in hex. */
    private static final Pattern OBJECT_NAME = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");

    /** A HEAD, ref or packed-refs file is small; anything far larger is not one. */
    private static final long MAX_REF_BYTES = 1 << 20;
    /** audio.cpp's build script is some tens of KiB; a file of megabytes is not it, and is not read whole. */
    static final long MAX_SCRIPT_BYTES = 4L << 20;
    /** A model spec is a few KiB of JSON. */
    static final long MAX_SPEC_BYTES = 4L << 20;

    /**
     * The commit the checkout's HEAD names, read from its git folder as gitrepository-layout(5)
     * describes it: {@code HEAD} holds an object name (detached) or {@code ref: refs/heads/...},
     * found as a file under the git folder or a line of {@code packed-refs}. A {@code .git} file
     * ({@code gitdir: ...}, a worktree or submodule) is followed. No git process runs, so it
     * answers on a described machine too. Empty when the folder is no clone or HEAD names no commit yet.
     */
    public Optional<String> commit(Host host, String source) {
        Path checkout = host.resolve(HipSdkFinder.stripTrailingSeparators(source));
        try {
            Path git = checkout.resolve(".git");
            if (Files.isRegularFile(git)) {
                String pointer = small(git).strip();
                if (!pointer.startsWith("gitdir:")) {
                    return Optional.empty();
                }
                git = checkout.resolve(pointer.substring("gitdir:".length()).strip());
            }
            if (!Files.isRegularFile(git.resolve("HEAD"))) {
                return Optional.empty();
            }
            String head = small(git.resolve("HEAD")).strip();
            if (OBJECT_NAME.matcher(head).matches()) {
                return Optional.of(head);
            }
            if (!head.startsWith("ref:")) {
                return Optional.empty();
            }
            String ref = head.substring("ref:".length()).strip();
            if (!ref.startsWith("refs/") || ref.contains("..")) {
                return Optional.empty();
            }
            Path loose = git.resolve(ref);
            if (Files.isRegularFile(loose)) {
                String name = small(loose).strip();
                return OBJECT_NAME.matcher(name).matches() ? Optional.of(name) : Optional.empty();
            }
            Path packed = git.resolve("packed-refs");
            if (Files.isRegularFile(packed)) {
                for (String line : small(packed).split("\\R")) {
                    String[] parts = line.strip().split(" ", 2);
                    if (parts.length == 2 && parts[1].equals(ref) && OBJECT_NAME.matcher(parts[0]).matches()) {
                        return Optional.of(parts[0]);
                    }
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String small(Path file) throws IOException {
        if (Files.size(file) > MAX_REF_BYTES) {
            throw new IOException(file + " is too large to be a git ref");
        }
        return Files.readString(file, StandardCharsets.ISO_8859_1);
    }
}
