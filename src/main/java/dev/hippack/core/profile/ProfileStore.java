package dev.hippack.core.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.json.JsonLocator;
import dev.hippack.core.json.StrictJson;
import dev.hippack.core.json.StrictJson.Parsed;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Loads and saves release profiles: a {@link ReleasePlan} as JSON whose keys are the record's
 * component names ({@code options} nested with {@link BuildOptions}' names, {@code rocblasKernels}
 * "filtered" or "drop"). {@code source}, {@code sdk}, {@code vsInstance} and {@code outputDir}
 * may be null or left out (not chosen yet); every other key is required.
 *
 * <p>Loading checks the whole file before anything uses it, by the one policy of
 * {@link StrictJson}: syntax, unknown and missing keys, every value's JSON type (never coerced),
 * and then the values themselves (jobs from 0 to {@value #MAX_JOBS}, a catalog track or "custom",
 * known architecture ids and CMake target names, each once, a plain archive name). Every error is
 * a {@link PackagerException} naming the file, the line and column, and the JSON path. Saving writes a temporary file beside the target and
 * renames it, so a crash never leaves a half-written profile under the real name, and refuses a
 * plan that could not be loaded back.
 */
public final class ProfileStore {

    /** More parallel jobs than any build machine has cores; a larger number is a typo. */
    public static final int MAX_JOBS = 1024;

    private static final Pattern BAD_FILE_NAME_CHARS = Pattern.compile("[\\\\/:*?\"<>|\\x00-\\x1f]");
    /** Names Windows reserves for devices, with or without an extension ("Naming Files, Paths, and Namespaces"). */
    private static final Pattern WINDOWS_DEVICE_NAME = Pattern.compile("(?i)(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(\\..*)?");
    /** CMake's rule for target names (policy CMP0037): letters, digits and {@code _ . + -}. */
    private static final Pattern CMAKE_TARGET = Pattern.compile("[A-Za-z0-9_.+-]+");

    private final Catalog catalog;
    private final StrictJson strict = new StrictJson();
    private final ObjectMapper mapper = strict.mapper();

    public ProfileStore(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Reads and checks the profile at {@code file}. */
    public ReleasePlan load(Path file) throws PackagerException {
        byte[] bytes;
        try {
            bytes = StrictJson.readFile(file, "Release profile " + file);
        } catch (NoSuchFileException e) {
            throw new PackagerException("Release profile " + file + " does not exist. Check the path, or save a profile"
                    + " from the wizard (or take one from 'hip-packager demo-env DIR', DIR/profiles/).");
        } catch (IOException e) {
            throw new PackagerException("Release profile " + file + " could not be read: " + e.getMessage()
                    + ". Check that it is a readable file.");
        }
        return parse(bytes, file.toString());
    }

    /** Checks {@code json} as a profile; {@code name} stands for the file in messages. */
    public ReleasePlan parse(String json, String name) throws PackagerException {
        return parse(json.getBytes(StandardCharsets.UTF_8), name);
    }

    /**
     * Writes {@code plan} to {@code file} through a temporary file and a rename. An existing
     * profile is replaced only once the new one is complete; on any error it is left as it was.
     */
    public void save(ReleasePlan plan, Path file) throws PackagerException {
        String json = toJson(plan);
        // Never write what load would refuse: the user could not open it again.
        parse(json, file.toString());
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

    /** The profile text of {@code plan}: keys in record order, unchosen paths written as null. */
    public String toJson(ReleasePlan plan) {
        try {
            return mapper.writeValueAsString(plan) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a release plan could not be written as JSON", e);
        }
    }

    private ReleasePlan parse(byte[] json, String name) throws PackagerException {
        Parsed<ReleasePlan> parsed = strict.read(json, "Release profile " + name, ReleasePlan.class, (tree, at) -> {
            // Checked before binding: the plan's constructor refuses negative jobs too, but without the line.
            long jobs = tree.get("jobs").asLong();
            if (jobs < 0 || jobs > MAX_JOBS) {
                throw at.error("$.jobs", "jobs is " + jobs + "; give 0 (let the build script choose) or a number of parallel"
                        + " jobs from 1 to " + MAX_JOBS);
            }
        });
        checkValues(parsed.value(), parsed.at());
        return parsed.value();
    }

    private void checkValues(ReleasePlan plan, JsonLocator at) throws PackagerException {
        Track track = catalog.track(plan.track()).orElse(null);
        if (track == null && !ReleasePlan.CUSTOM_TRACK.equals(plan.track())) {
            throw at.error("$.track", "unknown track '" + plan.track() + "'; use one of " + catalog.knownTrackIds()
                    + " or " + ReleasePlan.CUSTOM_TRACK);
        }
        if (!majorMinorOrPatch(plan.rocmVersion())) {
            throw at.error("$.rocmVersion", "rocmVersion is '" + plan.rocmVersion() + "'; give major.minor such as 6.4");
        }
        if (track != null && plan.generation() != track.generation()) {
            throw at.error("$.rocmVersion", "track " + track.id() + " is ROCm " + track.rocmVersion()
                    + " but rocmVersion is " + plan.rocmVersion() + "; use " + track.rocmVersion() + " or the track "
                    + ReleasePlan.CUSTOM_TRACK);
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < plan.targets().size(); i++) {
            String t = plan.targets().get(i);
            String path = JsonLocator.element("$.targets", i);
            if (!GpuArchitecture.isArchitectureId(t)) {
                throw at.error(path, "'" + t + "' is not a GPU architecture id such as gfx1100; known: "
                        + catalog.knownArchitectureIds());
            }
            if (catalog.architecture(t).isEmpty()) {
                throw at.error(path, t + " is not a known architecture; known: " + catalog.knownArchitectureIds());
            }
            Integer first = seen.putIfAbsent(t, i);
            if (first != null) {
                throw at.error(path, t + " is listed twice (also at $.targets[" + first + "]); give each architecture once");
            }
        }
        if (!majorMinorOrPatch(plan.toolset())) {
            throw at.error("$.toolset", "toolset is '" + plan.toolset() + "'; give an MSVC toolset version such as "
                    + ReleasePlan.RECOMMENDED_TOOLSET);
        }
        if (plan.binaries().isEmpty()) {
            throw at.error("$.binaries", "binaries is empty; list the targets to build, e.g. " + ReleasePlan.DEFAULT_BINARIES);
        }
        Map<String, Integer> executables = new HashMap<>();
        for (int i = 0; i < plan.binaries().size(); i++) {
            String b = plan.binaries().get(i);
            String path = JsonLocator.element("$.binaries", i);
            if (!CMAKE_TARGET.matcher(b).matches() || b.equals(".") || b.equals("..")) {
                throw at.error(path, "'" + b + "' is not a CMake target name; give a name of letters, digits and _ . + -"
                        + " such as audiocpp_cli (no folders: the build writes it to <buildDir>\\bin)");
            }
            // Windows names files case-insensitively, and "x" and "x.exe" are both staged as x.exe.
            String exe = b.toLowerCase(Locale.ROOT).endsWith(".exe") ? b.substring(0, b.length() - 4) : b;
            Integer first = executables.putIfAbsent(exe.toLowerCase(Locale.ROOT), i);
            if (first != null) {
                throw at.error(path, b + " is the same executable as $.binaries[" + first + "] (" + plan.binaries().get(first)
                        + "); list each binary once");
            }
        }
        String archive = plan.archiveName();
        if (BAD_FILE_NAME_CHARS.matcher(archive).find() || archive.endsWith(".") || archive.endsWith(" ")
                || archive.equals("..")) {
            throw at.error("$.archiveName", "archiveName '" + archive
                    + "' is not a plain file name; give a name such as audiocpp-windows-hip-rocm6 (no folders, no .zip)");
        }
        if (WINDOWS_DEVICE_NAME.matcher(archive).matches()) {
            throw at.error("$.archiveName", "archiveName '" + archive + "' is a device name Windows reserves (CON, PRN, AUX, NUL,"
                    + " COM1-9, LPT1-9), so no file can have it; give a name such as audiocpp-windows-hip-rocm6");
        }
    }

    /** "6.4", "14.44" or "14.44.35207": what a profile's ROCm version and toolset may be. */
    private static boolean majorMinorOrPatch(String text) {
        return Version.tryParse(text).filter(v -> v.size() == 2 || v.size() == 3).isPresent();
    }
}
