package dev.hippack.core.host;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
 * {@code drives} and {@code recordedOutputs} values are local folders/files, absolute or relative
 * to the folder of host.json. Environment values are the machine's own strings (Windows paths go
 * through the drive map; relative ones resolve against the folder of host.json).
 */
public record HostDescription(
        @JsonProperty(required = true) OperatingSystem os,
        Map<String, String> drives,
        String workingDirectory,
        Map<String, String> env,
        Map<String, String> recordedOutputs) {

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
            if (!DRIVE.matcher(d).matches()) {
                throw new IllegalArgumentException("drive '" + d + "' is not a drive such as \"C:\" or a share such as \"\\\\\\\\server\\\\share\"");
            }
        }
        for (Map.Entry<String, String> e : env.entrySet()) {
            if (e.getKey().isEmpty() || e.getKey().contains("=") || e.getValue() == null) {
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
        if (!Files.isRegularFile(file)) {
            throw new PackagerException("--host " + dir + ": " + file + " does not exist. Write one (see README, \"host.json\"),"
                    + " or run 'hip-packager demo-env DIR' for an example.");
        }
        HostDescription read;
        try {
            read = MAPPER.readValue(file.toFile(), HostDescription.class);
        } catch (JsonParseException e) {
            throw new PackagerException(file + " is not valid JSON" + CatalogLoader.where(e) + ": " + e.getOriginalMessage());
        } catch (JsonMappingException e) {
            if (e.getCause() instanceof JsonParseException p) {
                throw new PackagerException(file + " is not valid JSON" + CatalogLoader.where(p) + ": " + p.getOriginalMessage());
            }
            throw new PackagerException(file + ", at " + CatalogLoader.jsonPath(e) + CatalogLoader.where(e) + ": "
                    + CatalogLoader.describe(e) + ". Expected keys: os (windows|linux|macos), drives, workingDirectory, env, recordedOutputs.");
        } catch (JsonProcessingException e) {
            throw new PackagerException(file + " could not be read: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new PackagerException(file + " could not be read: " + e.getMessage());
        }
        if (read == null) {
            throw new PackagerException(file + " is empty; it needs at least {\"os\": \"windows\"}.");
        }
        return read;
    }

    /** Writes this description as {@code dir/host.json} (temp name, then rename). */
    public void write(Path dir) throws PackagerException {
        Path file = dir.resolve(FILE_NAME);
        Path tmp = dir.resolve(FILE_NAME + ".tmp");
        try {
            Files.createDirectories(dir);
            MAPPER.writeValue(tmp.toFile(), this);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new OperationFailedException("Could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The host this describes, laid out under {@code dir} (the folder of host.json). */
    public Host toHost(Path dir) throws PackagerException {
        Path base = dir.toAbsolutePath().normalize();
        Map<String, Path> driveMap = new LinkedHashMap<>();
        Map<String, String> driveSpec = drives;
        if (os.isWindows() && driveSpec.isEmpty()) {
            driveSpec = Map.of("C:", ".");
        }
        for (Map.Entry<String, String> d : driveSpec.entrySet()) {
            driveMap.put(d.getKey().toUpperCase(Locale.ROOT), local(base, d.getValue(), "drives." + d.getKey()));
        }
        Map<String, Path> rec = new LinkedHashMap<>();
        for (Map.Entry<String, String> r : recordedOutputs.entrySet()) {
            rec.put(r.getKey(), local(base, r.getValue(), "recordedOutputs." + r.getKey()));
        }
        return Host.described(os, base, driveMap, env, workingDirectory, rec);
    }

    private Path local(Path base, String value, String where) throws PackagerException {
        try {
            Path p = Path.of(value);
            return (p.isAbsolute() ? p : base.resolve(p)).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new PackagerException(base.resolve(FILE_NAME) + ", at $." + where + ": '" + value + "' is not a valid path here: " + e.getReason());
        }
    }
}
