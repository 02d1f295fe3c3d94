package dev.hippack.core.host;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.json.JsonLocator;
import dev.hippack.core.json.JsonOptional;
import dev.hippack.core.json.StrictJson;
import dev.hippack.core.json.StrictJson.Parsed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The content of {@code host.json}, which describes a build machine laid out under its folder:
 * <pre>
 * {
 *   "os": "windows",
 *   "drives": { "C:": "." },
 *   "workingDirectory": "C:\\src\\audio.cpp",
 *   "env": { "ProgramFiles": "C:\\Program Files", "HIP_PATH": "C:\\Program Files\\AMD\\ROCm\\6.4\\" },
 *   "recordedOutputs": { "vswhere.exe": "recorded/vswhere.json" }
 * }
 * </pre>
 * {@code drives} and {@code recordedOutputs} values are local folders/files, relative to the
 * folder of host.json (or absolute inside it): the machine lives inside its folder, so none may
 * lead out of it, by {@code ..}, an absolute path or a link. Environment values are the machine's
 * own strings (Windows paths go through the drive map; relative ones resolve against the folder
 * of host.json). Every field is read by the strict policy of {@link StrictJson}: typed, never
 * coerced, with the JSON path and line of any problem.
 */
public record HostDescription(
        @JsonProperty(required = true) OperatingSystem os,
        @JsonOptional Map<String, String> drives,
        @JsonOptional String workingDirectory,
        @JsonOptional Map<String, String> env,
        @JsonOptional Map<String, String> recordedOutputs) {

    public static final String FILE_NAME = "host.json";
    private static final Pattern DRIVE = Pattern.compile("[A-Za-z]:|\\\\\\\\[^\\\\]+\\\\[^\\\\]+");

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    public HostDescription {
        drives = drives == null ? Map.of() : new LinkedHashMap<>(drives);
        env = env == null ? Map.of() : new LinkedHashMap<>(env);
        recordedOutputs = recordedOutputs == null ? Map.of() : new LinkedHashMap<>(recordedOutputs);
        for (String d : drives.keySet()) {
            if (badDrive(d) != null) {
                throw new IllegalArgumentException(badDrive(d));
            }
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (badVariable(e.getKey()) != null || e.getValue() == null) {
                throw new IllegalArgumentException("environment variable '" + e.getKey() + "' needs a name without '=' and a string value");
            }
        }
    }

    /** Reads and checks {@code dir/host.json}; every problem names the file and, when known, the JSON path and line. */
    public static HostDescription load(Path dir) throws PackagerException {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.isDirectory(dir)) {
            throw new PackagerException("--host " + dir + ": no such folder. Give the folder that holds " + FILE_NAME + ".");
        }
        if (!Files.exists(file)) {
            throw new PackagerException("--host " + dir + ": " + file + " does not exist. Write one (see docs/cli.md, \"host.json\"),"
                    + " or run 'hip-packager demo-env DIR' for an example.");
        }
        byte[] bytes;
        try {
            bytes = StrictJson.readFile(file, file.toString());
        } catch (IOException e) {
            throw new PackagerException(file + " could not be read: " + SmallFile.why(e) + ". Check that it is a readable file.");
        }
        Parsed<HostDescription> parsed = new StrictJson().read(bytes, file.toString(), HostDescription.class, HostDescription::checkKeys);
        HostDescription read = parsed.value();
        Path base = dir.toAbsolutePath().normalize();
        for (Map.Entry<String, String> d : read.drives().entrySet()) {
            local(base, d.getValue(), JsonLocator.child("$.drives", d.getKey()), parsed.at()::error);
        }
        for (Map.Entry<String, String> r : read.recordedOutputs().entrySet()) {
            local(base, r.getValue(), JsonLocator.child("$.recordedOutputs", r.getKey()), parsed.at()::error);
        }
        return read;
    }

    /** The keys of the maps, checked with their paths before the record's own checks would refuse them without one. */
    private static void checkKeys(JsonNode tree, JsonLocator at) throws PackagerException {
        for (String key : keys(tree.get("drives"))) {
            String problem = badDrive(key);
            if (problem != null) {
                throw at.error(JsonLocator.child("$.drives", key), problem);
            }
        }
        for (String key : keys(tree.get("env"))) {
            String problem = badVariable(key);
            if (problem != null) {
                throw at.error(JsonLocator.child("$.env", key), problem);
            }
        }
        for (String key : keys(tree.get("recordedOutputs"))) {
            if (key.contains("/") || key.contains("\\")) {
                throw at.error(JsonLocator.child("$.recordedOutputs", key), "'" + key + "' is not a program's file name;"
                        + " give the name alone, such as \"vswhere.exe\"");
            }
        }
    }

    private static List<String> keys(JsonNode object) {
        List<String> out = new ArrayList<>();
        if (object != null && object.isObject()) {
            object.fieldNames().forEachRemaining(out::add);
        }
        return out;
    }

    private static String badDrive(String key) {
        return DRIVE.matcher(key).matches() ? null
                : "drive '" + key + "' is not a drive such as \"C:\" or a share such as \"\\\\\\\\server\\\\share\"";
    }

    private static String badVariable(String name) {
        return !name.isEmpty() && !name.contains("=") ? null
                : "environment variable '" + name + "' needs a name without '='";
    }

    /** Writes this description as {@code dir/host.json}, replacing it in one step ({@link AtomicFile}). */
    public void write(Path dir) throws PackagerException {
        Path file = dir.resolve(FILE_NAME);
        try {
            Files.createDirectories(dir);
            AtomicFile.write(file, MAPPER.writeValueAsBytes(this), true, WriteChannels.DEFAULT);
        } catch (IOException e) {
            throw new OperationFailedException("Could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The host this describes, laid out under {@code dir} (the folder of host.json). */
    public Host toHost(Path dir) throws PackagerException {
        Path base = dir.toAbsolutePath().normalize();
        Problem problem = (path, text) -> new PackagerException(base.resolve(FILE_NAME) + ", at " + path + ": " + text + ".");
        Map<String, Path> driveMap = new LinkedHashMap<>();
        Map<String, String> driveSpec = drives;
        if (os.isWindows() && driveSpec.isEmpty()) {
            driveSpec = Map.of("C:", ".");
        }
        for (Map.Entry<String, String> d : driveSpec.entrySet()) {
            driveMap.put(d.getKey().toUpperCase(Locale.ROOT), local(base, d.getValue(), JsonLocator.child("$.drives", d.getKey()), problem));
        }
        Map<String, Path> rec = new LinkedHashMap<>();
        for (Map.Entry<String, String> r : recordedOutputs.entrySet()) {
            rec.put(r.getKey(), local(base, r.getValue(), JsonLocator.child("$.recordedOutputs", r.getKey()), problem));
        }
        return Host.described(os, base, driveMap, env, workingDirectory, rec);
    }

    /** How a problem with a value becomes bad input: with the file's line when it was read from one. */
    @FunctionalInterface
    private interface Problem {
        PackagerException at(String path, String problem);
    }

    /**
     * The local file of a drive or a recording: {@code value} relative to {@code base} (or
     * absolute), which must stay inside {@code base}, also when links are followed, because a
     * described machine lives inside its folder and is written to only there.
     */
    private static Path local(Path base, String value, String path, Problem problem) throws PackagerException {
        Path p;
        try {
            Path given = Path.of(value);
            p = (given.isAbsolute() ? given : base.resolve(given)).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw problem.at(path, "'" + value + "' is not a valid path here: " + e.getReason());
        }
        if (!p.startsWith(base)) {
            throw problem.at(path, "'" + value + "' leads out of " + base + "; the machine lives inside the folder of "
                    + FILE_NAME + ", so give a path relative to it, without '..'");
        }
        try {
            if (Files.exists(p) && !p.toRealPath().startsWith(base.toRealPath())) {
                throw problem.at(path, "'" + value + "' is a link to " + p.toRealPath() + ", outside " + base
                        + "; copy what it points to into the folder instead");
            }
        } catch (IOException e) {
            throw problem.at(path, "'" + value + "' cannot be read: " + SmallFile.why(e));
        }
        return p;
    }
}
