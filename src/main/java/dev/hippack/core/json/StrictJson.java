package dev.hippack.core.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads JSON strictly and says exactly where it is wrong. A document is read in four steps, each
 * of which stops at the first problem with a {@link PackagerException} naming the document, the
 * line and column, and the JSON path:
 * <ol>
 *   <li>syntax: valid JSON, no key twice in an object, nothing after the document, at most
 *       {@value #MAX_DEPTH} levels deep;</li>
 *   <li>shape: the whole tree against the record it becomes ({@link JsonShape}): every key known,
 *       every required key present and not null ({@link JsonOptional} marks the others), every
 *       value of its JSON type (never coerced: {@code "4"} is not a number, {@code 0} is not
 *       false), no empty or over-long strings, no control characters;</li>
 *   <li>binding with a mapper that also refuses every coercion (a whole number where a
 *       fraction may be is no coercion), in case a record is not what
 *       the shape check assumes;</li>
 *   <li>the caller's own checks of the values, which report through {@link Parsed#at()}.</li>
 * </ol>
 * Jackson's own flags cannot express "this key may be null, that one may not" per key, which is
 * why the shape check exists; the mapper's flags are the backstop, and the one configuration
 * every reader of our JSON uses ({@link #newMapper()}).
 */
public final class StrictJson {

    /** The most characters a string may have: the longest path or environment value Windows allows. */
    public static final int MAX_TEXT_CHARS = 32_767;
    /** The largest file read: a profile is about 1 KB, a host.json with a machine's environment a few KB. */
    public static final int MAX_FILE_BYTES = 1 << 20;
    /** The deepest nesting accepted; our documents are three levels deep. */
    public static final int MAX_DEPTH = 32;

    /**
     * Made by the first call that needs it, not with the reader: a mapper loads a few hundred of
     * Jackson's classes, and the wizard makes its profile store before its first window, which
     * reads no JSON (docs/design.md §10.5).
     */
    private ObjectMapper mapper;

    /**
     * The mapper every reader and writer of our JSON uses: unknown keys, duplicate keys, trailing
     * text, nulls for primitives, numbers for enums and floats for integers fail, and no scalar
     * is coerced into another type (for every logical type and input shape). Writes indented.
     */
    public static JsonMapper newMapper() {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                .build();
        JsonMapper mapper = JsonMapper.builder(factory)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .build();
        mapper.coercionConfigDefaults().setAcceptBlankAsEmpty(false);
        for (CoercionInputShape shape : CoercionInputShape.values()) {
            mapper.coercionConfigDefaults().setCoercion(shape, CoercionAction.Fail);
        }
        // 2 is a number wherever a number with a fraction is wanted; that is not a coercion.
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert);
        return mapper;
    }

    /** A document read and bound, with the positions of its values for the caller's own checks. */
    public record Parsed<T>(T value, JsonLocator at) { }

    /** The mapper of {@link #newMapper()}, shared by this reader's calls. */
    public synchronized ObjectMapper mapper() {
        if (mapper == null) {
            mapper = newMapper();
        }
        return mapper;
    }

    /**
     * The bytes of a file that should hold a small JSON document. A folder, a FIFO or a device
     * is refused without being opened (opening a FIFO would wait for a writer), and so is a file
     * over {@value #MAX_FILE_BYTES} bytes.
     *
     * @throws java.nio.file.NoSuchFileException when it does not exist, for the caller's own message
     */
    public static byte[] readFile(Path file, String what) throws IOException, PackagerException {
        return SmallFile.read(file, MAX_FILE_BYTES, what);
    }

    /** A check of the tree after its shape is known to be right and before it is bound. */
    @FunctionalInterface
    public interface TreeCheck {
        void check(JsonNode tree, JsonLocator at) throws PackagerException;
    }

    /**
     * Reads {@code json} as a {@code type}, checking syntax, then the shape of the whole tree,
     * then binding; {@code what} names the document in messages.
     */
    public <T> Parsed<T> read(byte[] json, String what, Class<T> type) throws PackagerException {
        return read(json, what, type, (tree, at) -> { });
    }

    /** {@link #read(byte[], String, Class)} with {@code beforeBinding} run between the shape check and binding. */
    public <T> Parsed<T> read(byte[] json, String what, Class<T> type, TreeCheck beforeBinding) throws PackagerException {
        JsonLocator at = locate(json, what);
        JsonNode tree;
        try {
            tree = mapper().readTree(json);
        } catch (IOException e) {
            // The locating pass read the same bytes with the same parser settings.
            throw new PackagerException(what + " could not be read: " + e.getMessage());
        }
        refuseUnpairedSurrogates(tree, "$", at);
        new JsonShape(at).check(tree, type);
        beforeBinding.check(tree, at);
        try {
            return new Parsed<>(mapper().treeToValue(tree, type), at);
        } catch (JsonMappingException e) {
            throw at.error(jsonPath(e), describe(e));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw at.error("$", e.getMessage());
        }
    }

    /**
     * Refuses a string or key holding half of a UTF-16 surrogate pair ({@code "\\ud800"}): JSON's
     * escapes allow it, but it is no character, so it cannot become a file name or be written back as
     * UTF-8 (Java would write '?' in its place, or fail deep inside a path).
     */
    private static void refuseUnpairedSurrogates(JsonNode node, String path, JsonLocator at) throws PackagerException {
        if (node.isTextual()) {
            int bad = unpairedSurrogate(node.textValue());
            if (bad >= 0) {
                throw at.error(path, "the text holds an unpaired UTF-16 surrogate (\\u" + Integer.toHexString(node.textValue().charAt(bad))
                        + " at character " + (bad + 1) + "), which is no character; remove or replace it.");
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                refuseUnpairedSurrogates(node.get(i), JsonLocator.element(path, i), at);
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (unpairedSurrogate(field.getKey()) >= 0) {
                    throw at.error(path, "a key holds an unpaired UTF-16 surrogate, which is no character; remove or replace it.");
                }
                refuseUnpairedSurrogates(field.getValue(), JsonLocator.child(path, field.getKey()), at);
            }
        }
    }

    /** The index of the first surrogate without its partner in {@code s}, or -1. */
    static int unpairedSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Parses once to check the syntax and note where every value starts. */
    private JsonLocator locate(byte[] json, String what) throws PackagerException {
        Map<String, JsonLocation> where = new HashMap<>();
        JsonParser p = null;
        try {
            p = mapper().createParser(json);
            int depth = 0;
            boolean rootDone = false;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (rootDone) {
                    throw new PackagerException(what + ", line " + p.currentTokenLocation().getLineNr() + ", column "
                            + p.currentTokenLocation().getColumnNr() + ": text after the end of the document; remove it.");
                }
                if (t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
                    where.put(JsonLocator.path(p.getParsingContext()), p.currentTokenLocation());
                }
                if (t.isStructStart()) {
                    depth++;
                } else if (t.isStructEnd()) {
                    depth--;
                }
                rootDone = depth == 0 && t != JsonToken.FIELD_NAME;
            }
            if (where.isEmpty()) {
                throw new PackagerException(what + " is empty; it should hold a JSON object.");
            }
            return new JsonLocator(what, where);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation() != null ? e.getLocation() : p == null ? null : p.currentLocation();
            String position = loc == null || loc.getLineNr() < 1 ? "" : ", line " + loc.getLineNr() + ", column " + loc.getColumnNr();
            String path = p == null ? "$" : shortened(JsonLocator.path(p.getParsingContext()));
            String problem = e.getOriginalMessage();
            if (e instanceof StreamConstraintsException) {
                problem = problem.contains("nesting depth") ? "values are nested too deeply (at most " + MAX_DEPTH + " levels)"
                        : problem.contains("Number") ? "a number has too many digits"
                        : "a value is too long";
            }
            throw new PackagerException(what + " is not valid JSON" + position + ", at " + path + ": " + problem
                    + ". Fix the text there and try again.");
        } catch (IOException e) {
            throw new PackagerException(what + " could not be read: " + e.getMessage());
        } finally {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException ignored) {
                    // A parser over a byte array holds nothing to release.
                }
            }
        }
    }

    /** A path of junk nested hundreds deep is cut after its first levels: the field it is in is what matters. */
    private static String shortened(String path) {
        int levels = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if ((c == '.' || c == '[') && ++levels > 6) {
                return path.substring(0, i) + "...";
            }
        }
        return path;
    }

    /** A JSON path such as {@code $.tracks[1].targets} from Jackson's reference chain. */
    public static String jsonPath(JsonMappingException e) {
        String path = "$";
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path = JsonLocator.child(path, ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path = JsonLocator.element(path, ref.getIndex());
            }
        }
        return path;
    }

    /** " (line 3, column 7)" when Jackson knows where in the text the problem is. */
    public static String where(JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        if (loc == null || loc.getLineNr() < 1) {
            return "";
        }
        return " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
    }

    /** The cause's own sentence (a record constructor's check) or Jackson's, without its source dump. */
    public static String describe(JsonMappingException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return cause.getMessage();
        }
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown key '" + u.getPropertyName() + "'";
        }
        if (e instanceof MismatchedInputException m
                && m.getOriginalMessage() != null && m.getOriginalMessage().startsWith("Missing required creator property")) {
            String msg = m.getOriginalMessage();
            int q1 = msg.indexOf('\'');
            int q2 = q1 < 0 ? -1 : msg.indexOf('\'', q1 + 1);
            return q2 > q1 ? "missing field " + msg.substring(q1, q2 + 1) : msg;
        }
        String msg = e.getOriginalMessage();
        int cut = msg.indexOf("\n at [Source");
        return cut >= 0 ? msg.substring(0, cut) : msg;
    }
}
