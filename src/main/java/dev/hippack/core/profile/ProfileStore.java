package dev.hippack.core.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.host.WindowsNames;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.json.JsonLocator;
import dev.hippack.core.json.StrictJson;
import dev.hippack.core.json.StrictJson.Parsed;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.plan.BuildFolders;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Loads and saves release profiles. A profile has one of two forms:
 * <ul>
 *   <li>one package: a {@link ReleasePlan} as JSON whose keys are the record's component names
 *       ({@code options} nested with {@link BuildOptions}' names, {@code rocblasKernels}
 *       "filtered" or "drop"); every profile saved before releases existed has this form, and
 *       loads as a release of one package;</li>
 *   <li>a release: {@code {"packages": [plan, plan, ...]}}, at least one plan of the form above,
 *       nothing else at the top level.</li>
 * </ul>
 * In a plan, {@code source}, {@code sdk}, {@code vsInstance} and {@code outputDir} may be null or
 * left out (not chosen yet); every other key is required.
 *
 * <p>Loading checks the whole file before anything uses it, by the one policy of
 * {@link StrictJson}: syntax, unknown and missing keys, every value's JSON type (never coerced),
 * and then the values themselves (jobs from 0 to {@value #MAX_JOBS}, a catalog track or "custom",
 * known architecture ids and CMake target names, each once, a plain archive name whose only
 * placeholder is {@value PackageName#VERSION}); in a release, no two packages with the same
 * name or the same build folder. Every error is a {@link PackagerException} naming the file, the
 * line and column, and the JSON path ({@code $.packages[1].buildDir}). Saving writes a temporary
 * file beside the target and renames it, so a crash never leaves a half-written profile under the
 * real name, and refuses a profile that could not be loaded back.
 */
public final class ProfileStore {

    /** More parallel jobs than any build machine has cores; a larger number is a typo. */
    public static final int MAX_JOBS = 1024;

    /** CMake's rule for target names (policy CMP0037): letters, digits and {@code _ . + -}. */
    private static final Pattern CMAKE_TARGET = Pattern.compile("[A-Za-z0-9_.+-]+");

    /** The key of a release profile's package list. */
    public static final String PACKAGES = "packages";

    private final Catalog catalog;
    private final StrictJson strict = new StrictJson();

    public ProfileStore(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Reads and checks the profile at {@code file}, of either form. */
    public Release loadRelease(Path file) throws PackagerException {
        return parseRelease(read(file), file.toString());
    }

    /**
     * Reads and checks the profile at {@code file} as one package: an old-form profile, or a
     * release of one package.
     *
     * @throws PackagerException when the file holds several packages (naming them), or is not a valid profile
     */
    public ReleasePlan load(Path file) throws PackagerException {
        return only(loadRelease(file), file.toString());
    }

    /**
     * The package {@code name} of the profile at {@code file} ({@link Release#select}); with a null
     * {@code name}, as {@link #load(Path)}.
     */
    public ReleasePlan load(Path file, String name) throws PackagerException {
        Release release = loadRelease(file);
        return name == null ? only(release, file.toString()) : release.select(name);
    }

    private static ReleasePlan only(Release release, String name) throws PackagerException {
        if (!release.single()) {
            throw new PackagerException("Release profile " + name + " holds " + release.packages().size() + " packages ("
                    + release.describe() + "). Pick one with --package NAME (its archiveName or track), or run"
                    + " 'hip-packager release' to cut them all.");
        }
        return release.packages().get(0);
    }

    private static byte[] read(Path file) throws PackagerException {
        try {
            return StrictJson.readFile(file, "Release profile " + file);
        } catch (NoSuchFileException e) {
            throw new PackagerException("Release profile " + file + " does not exist. Check the path, or save a profile"
                    + " from the wizard (or take one from 'hip-packager demo-env DIR', DIR/profiles/).");
        } catch (IOException e) {
            throw new PackagerException("Release profile " + file + " could not be read: " + SmallFile.why(e)
                    + ". Check that it is a readable file.");
        }
    }

    /** Checks {@code json} as a profile of one package; {@code name} stands for the file in messages. */
    public ReleasePlan parse(String json, String name) throws PackagerException {
        return only(parseRelease(json.getBytes(StandardCharsets.UTF_8), name), name);
    }

    /** Checks {@code json} as a profile of either form; {@code name} stands for the file in messages. */
    public Release parseRelease(String json, String name) throws PackagerException {
        return parseRelease(json.getBytes(StandardCharsets.UTF_8), name);
    }

    /**
     * Writes {@code plan} to {@code file} through a temporary file and a rename. An existing
     * profile is replaced only once the new one is complete; on any error it is left as it was.
     */
    public void save(ReleasePlan plan, Path file) throws PackagerException {
        saveText(toJson(plan), file);
    }

    private void saveText(String json, Path file) throws PackagerException {
        // Never write what load would refuse: the user could not open it again.
        parseRelease(json, file.toString());
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new PackagerException("Cannot save release profile " + file + ": the folder " + dir
                    + " does not exist. Create it or choose another folder.");
        }
        if (Files.isDirectory(target)) {
            throw new PackagerException("Cannot save release profile " + file + ": it is a folder. Choose a file name such as rocm6.json.");
        }
        try {
            AtomicFile.write(target, json.getBytes(StandardCharsets.UTF_8), true, WriteChannels.DEFAULT);
        } catch (UnsafeTargetException e) {
            throw new PackagerException("Cannot save release profile " + file + ": it " + e.reason()
                    + ". Choose a plain file name such as rocm6.json.");
        } catch (IOException e) {
            throw new OperationFailedException("Could not save release profile " + file + ": " + e.getMessage()
                    + ". Check that the folder is writable and has free space; the previous profile, if any, is unchanged.");
        }
    }

    /**
     * Writes {@code release} to {@code file} as {@link #save(ReleasePlan, Path)} does: a release
     * of one package in the one-package form (which every version of HIP Packager reads), a
     * release of several as {@code {"packages": [...]}}.
     */
    public void save(Release release, Path file) throws PackagerException {
        saveText(toJson(release), file);
    }

    /** The profile text of {@code release}: the one-package form for one package. */
    public String toJson(Release release) {
        if (release.single()) {
            return toJson(release.packages().get(0));
        }
        try {
            return strict.mapper().writeValueAsString(release) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a release could not be written as JSON", e);
        }
    }

    /** The profile text of {@code plan}: keys in record order, unchosen paths written as null. */
    public String toJson(ReleasePlan plan) {
        try {
            return strict.mapper().writeValueAsString(plan) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a release plan could not be written as JSON", e);
        }
    }

    private Release parseRelease(byte[] json, String name) throws PackagerException {
        String what = "Release profile " + name;
        if (!isReleaseForm(json)) {
            Parsed<ReleasePlan> parsed = strict.read(json, what, ReleasePlan.class, (tree, at) -> checkJobs(tree, at, "$"));
            checkValues(parsed.value(), parsed.at(), "$");
            return Release.of(parsed.value());
        }
        Parsed<Release> parsed = strict.read(json, what, Release.class, (tree, at) -> {
            JsonNode packages = tree.get(PACKAGES);
            if (packages.isEmpty()) {
                throw at.error("$." + PACKAGES, PACKAGES + " is empty; list at least one package (a profile of one package"
                        + " may also be written without " + PACKAGES + ")");
            }
            for (int i = 0; i < packages.size(); i++) {
                checkJobs(packages.get(i), at, JsonLocator.element("$." + PACKAGES, i));
            }
        });
        Release release = parsed.value();
        for (int i = 0; i < release.packages().size(); i++) {
            checkValues(release.packages().get(i), parsed.at(), JsonLocator.element("$." + PACKAGES, i));
        }
        checkDistinct(release, parsed.at());
        return release;
    }

    /**
     * The release form is an object with the key {@value #PACKAGES}; anything else (a plan, or
     * text that is not JSON at all) is read as a plan, whose reader reports what is wrong.
     */
    private boolean isReleaseForm(byte[] json) throws PackagerException {
        JsonNode tree;
        try {
            tree = strict.mapper().readTree(json);
        } catch (IOException e) {
            return false;
        }
        if (tree == null || !tree.isObject() || !tree.has(PACKAGES)) {
            return false;
        }
        return true;
    }

    /** Checked before binding: the plan's constructor refuses negative jobs too, but without the line. */
    private static void checkJobs(JsonNode plan, JsonLocator at, String path) throws PackagerException {
        long jobs = plan.get("jobs").asLong();
        if (jobs < 0 || jobs > MAX_JOBS) {
            throw at.error(path + ".jobs", "jobs is " + jobs + "; give 0 (let the build script choose) or a number of parallel"
                    + " jobs from 1 to " + MAX_JOBS);
        }
    }

    /**
     * No two packages of a release share a name (one zip would replace the other; Windows ignores
     * case) or a build folder (two builds in one folder overwrite each other's CMake cache and
     * binaries). Folders are compared as written, below their {@code source}; the release command
     * compares them again as the build machine resolves them.
     */
    private static void checkDistinct(Release release, JsonLocator at) throws PackagerException {
        Map<String, Integer> names = new HashMap<>();
        Map<String, Integer> folders = new HashMap<>();
        for (int i = 0; i < release.packages().size(); i++) {
            ReleasePlan p = release.packages().get(i);
            String path = JsonLocator.element("$." + PACKAGES, i);
            Integer first = names.putIfAbsent(p.archiveName().toLowerCase(Locale.ROOT), i);
            if (first != null) {
                throw at.error(path + ".archiveName", "archiveName '" + p.archiveName() + "' is also the name of $." + PACKAGES
                        + "[" + first + "]; each package needs its own name, or one zip replaces the other (Windows ignores"
                        + " case in file names)");
            }
            Optional<String> folder = BuildFolders.key(p.source(), p.buildDir());
            if (folder.isPresent()) {
                Integer other = folders.putIfAbsent(folder.get(), i);
                if (other != null) {
                    throw at.error(path + ".buildDir", "the build folder '" + p.buildDir() + "' is also the build folder of $."
                            + PACKAGES + "[" + other + "] (" + release.packages().get(other).archiveName() + "); each package"
                            + " builds in its own folder, or the second build overwrites the first one's CMake cache and"
                            + " binaries (the guide builds rocm6 in build\\hip and rocm7 in build\\hip71)");
                }
            }
        }
    }

    private void checkValues(ReleasePlan plan, JsonLocator at, String at0) throws PackagerException {
        Track track = catalog.track(plan.track()).orElse(null);
        if (track == null && !ReleasePlan.CUSTOM_TRACK.equals(plan.track())) {
            throw at.error(at0 + ".track", "unknown track '" + plan.track() + "'; use one of " + catalog.knownTrackIds()
                    + " or " + ReleasePlan.CUSTOM_TRACK);
        }
        if (!majorMinorOrPatch(plan.rocmVersion())) {
            throw at.error(at0 + ".rocmVersion", "rocmVersion is '" + plan.rocmVersion() + "'; give major.minor such as 6.4");
        }
        if (track != null && plan.generation() != track.generation()) {
            throw at.error(at0 + ".rocmVersion", "track " + track.id() + " is ROCm " + track.rocmVersion()
                    + " but rocmVersion is " + plan.rocmVersion() + "; use " + track.rocmVersion() + " or the track "
                    + ReleasePlan.CUSTOM_TRACK);
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < plan.targets().size(); i++) {
            String t = plan.targets().get(i);
            String path = JsonLocator.element(at0 + ".targets", i);
            if (!GpuArchitecture.isArchitectureId(t)) {
                throw at.error(path, "'" + t + "' is not a GPU architecture id such as gfx1100; known: "
                        + catalog.knownArchitectureIds());
            }
            if (catalog.architecture(t).isEmpty()) {
                throw at.error(path, t + " is not a known architecture; known: " + catalog.knownArchitectureIds());
            }
            Integer first = seen.putIfAbsent(t, i);
            if (first != null) {
                throw at.error(path, t + " is listed twice (also at " + JsonLocator.element(at0 + ".targets", first) + "); give each architecture once");
            }
        }
        if (!majorMinorOrPatch(plan.toolset())) {
            throw at.error(at0 + ".toolset", "toolset is '" + plan.toolset() + "'; give an MSVC toolset version such as "
                    + ReleasePlan.RECOMMENDED_TOOLSET);
        }
        if (plan.binaries().isEmpty()) {
            throw at.error(at0 + ".binaries", "binaries is empty; list the targets to build, e.g. " + ReleasePlan.DEFAULT_BINARIES);
        }
        Map<String, Integer> executables = new HashMap<>();
        for (int i = 0; i < plan.binaries().size(); i++) {
            String b = plan.binaries().get(i);
            String path = JsonLocator.element(at0 + ".binaries", i);
            if (!CMAKE_TARGET.matcher(b).matches() || b.equals(".") || b.equals("..")) {
                throw at.error(path, "'" + b + "' is not a CMake target name; give a name of letters, digits and _ . + -"
                        + " such as audiocpp_cli (no folders: the build writes it to <buildDir>\\bin)");
            }
            // Windows names files case-insensitively, and "x" and "x.exe" are both staged as x.exe.
            String exe = b.toLowerCase(Locale.ROOT).endsWith(".exe") ? b.substring(0, b.length() - 4) : b;
            Integer first = executables.putIfAbsent(exe.toLowerCase(Locale.ROOT), i);
            if (first != null) {
                throw at.error(path, b + " is the same executable as " + JsonLocator.element(at0 + ".binaries", first) + " (" + plan.binaries().get(first)
                        + "); list each binary once");
            }
        }
        String template = plan.archiveName();
        Optional<String> placeholder = PackageName.placeholderProblem(template);
        if (placeholder.isPresent()) {
            throw at.error(at0 + ".archiveName", "archiveName '" + template + "' has " + placeholder.get());
        }
        // Checked with a stand-in version: the real one is known only when the checkout is read.
        String archive = PackageName.withSampleVersion(template);
        Optional<String> why = WindowsNames.fileNameProblem(archive);
        if (why.isPresent()) {
            throw at.error(at0 + ".archiveName", "archiveName '" + template + "' is not a plain file name Windows allows: " + why.get()
                    + "; give a name such as audiocpp-windows-hip-rocm6 (no folders, no .zip)");
        }
    }

    /** "6.4", "14.44" or "14.44.35207": what a profile's ROCm version and toolset may be. */
    private static boolean majorMinorOrPatch(String text) {
        return Version.tryParse(text).filter(v -> v.size() == 2 || v.size() == 3).isPresent();
    }
}
