package dev.hippack.core.profile;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.BuildOptions;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Loads and saves release profiles: a {@link ReleasePlan} as JSON whose keys are the record's
 * component names ({@code options} nested with {@link BuildOptions}' names, {@code rocblasKernels}
 * "filtered" or "drop"). {@code source}, {@code sdk}, {@code vsInstance} and {@code outputDir}
 * may be null or left out (not chosen yet); every other key is required.
 *
 * <p>Loading checks the whole file before anything uses it: syntax, unknown and missing keys,
 * value types, and the values themselves (jobs &gt;= 0, a catalog track or "custom", targets
 * that are known architecture ids). Every error is a {@link PackagerException} naming the file,
 * the line and column, and the JSON path. Saving writes a temporary file beside the target and
 * renames it, so a crash never leaves a half-written profile under the real name, and refuses a
 * plan that could not be loaded back.
 */
public final class ProfileStore {

    /** Keys that may be null or absent: the plan has not chosen them yet. */
    public static final Set<String> OPTIONAL_KEYS = Set.of("source", "sdk", "vsInstance", "outputDir");

    private static final Pattern BAD_FILE_NAME_CHARS = Pattern.compile("[\\\\/:*?\"<>|\\x00-\\x1f]");

    private final Catalog catalog;
    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    public ProfileStore(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Reads and checks the profile at {@code file}. */
    public ReleasePlan load(Path file) throws PackagerException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
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
        Path tmp = null;
        try {
            tmp = Files.createTempFile(dir, "." + target.getFileName() + "-", ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8));
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new OperationFailedException("Could not save release profile " + file + ": " + e.getMessage()
                    + ". Check that the folder is writable and has free space; the previous profile, if any, is unchanged.");
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // The temporary name never looks like a finished profile; leaving it is harmless.
                }
            }
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
        Map<String, JsonLocation> where = locate(json, name);
        JsonNode tree;
        try {
            tree = mapper.readTree(json);
        } catch (IOException e) {
            throw new PackagerException("Release profile " + name + " could not be read: " + e.getMessage());
        }
        Errors errors = new Errors(name, where);
        if (!(tree instanceof ObjectNode root)) {
            throw errors.at("$", "a release profile is a JSON object { \"project\": ..., \"track\": ..., ... }");
        }
        checkKeys(root, "$", keysOf(ReleasePlan.class), OPTIONAL_KEYS, errors);
        JsonNode options = root.get("options");
        if (!options.isObject()) {
            throw errors.at("$.options", "'options' must be an object with the keys " + keysOf(BuildOptions.class));
        }
        checkKeys((ObjectNode) options, "$.options", keysOf(BuildOptions.class), Set.of(), errors);
        JsonNode jobs = root.get("jobs");
        if (jobs.isIntegralNumber() && jobs.asLong() < 0) {
            throw errors.at("$.jobs", "jobs is " + jobs.asText() + "; give 0 (let the build script choose) or a positive number");
        }
        ReleasePlan plan;
        try {
            plan = mapper.treeToValue(root, ReleasePlan.class);
        } catch (JsonMappingException e) {
            throw errors.at(CatalogLoader.jsonPath(e), CatalogLoader.describe(e));
        } catch (JsonProcessingException e) {
            throw errors.at("$", e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw errors.at("$", e.getMessage());
        }
        checkValues(plan, errors);
        return plan;
    }

    private void checkValues(ReleasePlan plan, Errors errors) throws PackagerException {
        text(plan.project(), "$.project", errors);
        Track track = catalog.track(plan.track()).orElse(null);
        if (track == null && !ReleasePlan.CUSTOM_TRACK.equals(plan.track())) {
            throw errors.at("$.track", "unknown track '" + plan.track() + "'; use one of " + catalog.knownTrackIds()
                    + " or " + ReleasePlan.CUSTOM_TRACK);
        }
        if (!majorMinorOrPatch(plan.rocmVersion())) {
            throw errors.at("$.rocmVersion", "rocmVersion is '" + plan.rocmVersion() + "'; give major.minor such as 6.4");
        }
        if (track != null && plan.generation() != track.generation()) {
            throw errors.at("$.rocmVersion", "track " + track.id() + " is ROCm " + track.rocmVersion()
                    + " but rocmVersion is " + plan.rocmVersion() + "; use " + track.rocmVersion() + " or the track "
                    + ReleasePlan.CUSTOM_TRACK);
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < plan.targets().size(); i++) {
            String t = plan.targets().get(i);
            String path = "$.targets[" + i + "]";
            if (t == null || !GpuArchitecture.isArchitectureId(t)) {
                throw errors.at(path, "'" + t + "' is not a GPU architecture id such as gfx1100; known: "
                        + catalog.knownArchitectureIds());
            }
            if (catalog.architecture(t).isEmpty()) {
                throw errors.at(path, t + " is not a known architecture; known: " + catalog.knownArchitectureIds());
            }
            if (!seen.add(t)) {
                throw errors.at(path, t + " is listed twice");
            }
        }
        optionalText(plan.source(), "$.source", errors);
        optionalText(plan.sdk(), "$.sdk", errors);
        optionalText(plan.vsInstance(), "$.vsInstance", errors);
        optionalText(plan.outputDir(), "$.outputDir", errors);
        if (!majorMinorOrPatch(plan.toolset())) {
            throw errors.at("$.toolset", "toolset is '" + plan.toolset() + "'; give an MSVC toolset version such as "
                    + ReleasePlan.RECOMMENDED_TOOLSET);
        }
        text(plan.buildDir(), "$.buildDir", errors);
        if (plan.binaries().isEmpty()) {
            throw errors.at("$.binaries", "binaries is empty; list the targets to build, e.g. " + ReleasePlan.DEFAULT_BINARIES);
        }
        Set<String> bins = new HashSet<>();
        for (int i = 0; i < plan.binaries().size(); i++) {
            String b = plan.binaries().get(i);
            text(b, "$.binaries[" + i + "]", errors);
            if (!bins.add(b)) {
                throw errors.at("$.binaries[" + i + "]", b + " is listed twice");
            }
        }
        text(plan.archiveName(), "$.archiveName", errors);
        if (BAD_FILE_NAME_CHARS.matcher(plan.archiveName()).find() || plan.archiveName().endsWith(".")) {
            throw errors.at("$.archiveName", "archiveName '" + plan.archiveName()
                    + "' is not a plain file name; give a name such as audiocpp-windows-hip-rocm6 (no folders, no .zip)");
        }
    }

    private static void text(String value, String path, Errors errors) throws PackagerException {
        if (value == null || value.isBlank()) {
            throw errors.at(path, "must not be empty");
        }
    }

    private static void optionalText(String value, String path, Errors errors) throws PackagerException {
        if (value != null && value.isBlank()) {
            throw errors.at(path, "is empty; give a path or null (not chosen yet)");
        }
    }

    private static void checkKeys(ObjectNode node, String path, Set<String> known, Set<String> optional, Errors errors)
            throws PackagerException {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!known.contains(key)) {
                throw errors.at(path + "." + key, "unknown key '" + key + "'; the keys are " + known);
            }
        }
        for (String key : known) {
            JsonNode value = node.get(key);
            if (!optional.contains(key) && (value == null || value.isNull())) {
                throw errors.at(path, (value == null ? "missing key '" : "key '") + key + "'"
                        + (value == null ? "" : " is null") + "; it is required");
            }
        }
    }

    private static Set<String> keysOf(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(c -> c.getName())
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Where each value starts in the text, by JSON path, so errors found after parsing can point into the file. */
    private Map<String, JsonLocation> locate(byte[] json, String name) throws PackagerException {
        Map<String, JsonLocation> where = new HashMap<>();
        try (JsonParser p = mapper.createParser(json)) {
            int depth = 0;
            boolean rootDone = false;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (rootDone) {
                    throw new PackagerException("Release profile " + name + ", line " + p.currentTokenLocation().getLineNr()
                            + ", column " + p.currentTokenLocation().getColumnNr()
                            + ": text after the end of the profile; remove it");
                }
                if (t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
                    where.put(path(p.getParsingContext()), p.currentTokenLocation());
                }
                if (t.isStructStart()) {
                    depth++;
                } else if (t.isStructEnd()) {
                    depth--;
                }
                rootDone = depth == 0 && t != JsonToken.FIELD_NAME;
            }
            if (where.isEmpty()) {
                throw new PackagerException("Release profile " + name + " is empty; it should hold a JSON object.");
            }
        } catch (JsonProcessingException e) {
            throw new PackagerException("Release profile " + name + " is not valid JSON" + CatalogLoader.where(e)
                    + ": " + e.getOriginalMessage() + ". Fix the text there and load it again.");
        } catch (IOException e) {
            throw new PackagerException("Release profile " + name + " could not be read: " + e.getMessage());
        }
        return where;
    }

    private static String path(JsonStreamContext ctx) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                parts.addFirst("." + c.getCurrentName());
            } else if (c.inArray() && c.getCurrentIndex() >= 0) {
                parts.addFirst("[" + c.getCurrentIndex() + "]");
            }
        }
        return "$" + String.join("", parts);
    }

    /** Builds the messages: file, line, column, JSON path, then what is wrong. */
    private record Errors(String name, Map<String, JsonLocation> where) {
        PackagerException at(String path, String problem) {
            JsonLocation loc = null;
            for (String p = path; loc == null && p != null; p = parent(p)) {
                loc = where.get(p);
            }
            String position = loc == null || loc.getLineNr() < 1 ? ""
                    : ", line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            return new PackagerException("Release profile " + name + position + ", at " + path + ": " + problem + ".");
        }

        private static String parent(String path) {
            int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
            return cut <= 0 ? null : path.substring(0, cut);
        }
    }

    /** "6.4", "14.44" or "14.44.35207": what a profile's ROCm version and toolset may be. */
    private static boolean majorMinorOrPatch(String text) {
        return Version.tryParse(text).filter(v -> v.size() == 2 || v.size() == 3).isPresent();
    }
}
