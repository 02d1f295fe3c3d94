package dev.hippack.core.json;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a JSON document into a record with Jackson's streaming parser, under the strict policy of
 * {@link StrictJson} (no coercion, no unknown, missing or duplicate keys, nothing after the
 * document). It builds no data-binding deserializers, which made reading the catalog at start-up
 * cost the first window (docs/design.md §10.5). The records' constructors run as they would under
 * data binding, and a value they refuse is reported with its JSON path, line and column.
 *
 * <p>The types it reads are those of the catalog's records: {@code String}, {@code int},
 * {@code long}, {@code double}, {@code boolean}, enums (by their {@code @JsonProperty} names),
 * {@code List<T>} and records. A component is required when its {@code @JsonProperty} says so;
 * an optional one that is absent or null is null.
 */
public final class StreamingRecordReader {

    /** One factory for every document: it holds no state of a document. */
    private static final JsonFactory JSON = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    /** A problem at a place in the document; the caller names the document. */
    public static final class Problem extends Exception {
        private static final long serialVersionUID = 1L;

        Problem(String message) {
            super(message);
        }
    }

    private StreamingRecordReader() { }

    /**
     * The record of type {@code type} that {@code in} holds.
     *
     * @throws Problem    a message such as "at $.tracks[1] (line 9, column 5): unknown key 'colour'",
     *                    or "not valid JSON at line 2, column 3: ..." for text that is not JSON
     * @throws IOException the stream could not be read
     */
    public static <T extends Record> T read(InputStream in, Class<T> type) throws Problem, IOException {
        try (JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() == null) {
                throw new Problem("is empty");
            }
            T value = type.cast(value(p, type, "$"));
            if (p.nextToken() != null) {
                throw at(p, "$", "there is more after the document's end");
            }
            return value;
        } catch (JsonParseException e) {
            throw new Problem("is not valid JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        }
    }

    private static Object value(JsonParser p, Type type, String path) throws Problem, IOException {
        Class<?> raw = type instanceof ParameterizedType pt ? (Class<?>) pt.getRawType() : (Class<?>) type;
        JsonToken t = p.currentToken();
        if (raw == String.class) {
            require(p, path, t == JsonToken.VALUE_STRING, "text");
            return p.getText();
        }
        if (raw == int.class || raw == long.class) {
            require(p, path, t == JsonToken.VALUE_NUMBER_INT, "a whole number");
            if (raw == int.class) {
                require(p, path, p.getNumberType() == JsonParser.NumberType.INT, "a whole number that fits an int");
                return p.getIntValue();
            }
            require(p, path, p.getNumberType() != JsonParser.NumberType.BIG_INTEGER, "a whole number that fits a long");
            return p.getLongValue();
        }
        if (raw == double.class) {
            require(p, path, t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT, "a number");
            return p.getDoubleValue();
        }
        if (raw == boolean.class) {
            require(p, path, t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE, "true or false");
            return t == JsonToken.VALUE_TRUE;
        }
        if (raw.isEnum()) {
            List<String> names = JsonShape.enumNames(raw);
            require(p, path, t == JsonToken.VALUE_STRING && names.contains(p.getText()), "one of " + quoted(names));
            return raw.getEnumConstants()[names.indexOf(p.getText())];
        }
        if (raw == List.class) {
            require(p, path, t == JsonToken.START_ARRAY, "an array");
            Type element = ((ParameterizedType) type).getActualTypeArguments()[0];
            List<Object> out = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                String at = JsonLocator.element(path, out.size());
                require(p, at, p.currentToken() != JsonToken.VALUE_NULL, "a value, not null");
                out.add(value(p, element, at));
            }
            return List.copyOf(out);
        }
        if (raw.isRecord()) {
            return record(p, raw, path);
        }
        throw new IllegalArgumentException("StreamingRecordReader cannot read " + type + " (at " + path + ")");
    }

    private static Object record(JsonParser p, Class<?> type, String path) throws Problem, IOException {
        require(p, path, p.currentToken() == JsonToken.START_OBJECT, "an object");
        Map<String, RecordComponent> components = JsonShape.components(type);
        List<String> names = List.copyOf(components.keySet());
        Object[] args = new Object[names.size()];
        Set<String> seen = new HashSet<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            RecordComponent c = components.get(key);
            if (c == null) {
                throw at(p, path, "unknown key '" + key + "'; the keys are " + String.join(", ", names));
            }
            seen.add(key);
            p.nextToken();
            String at = JsonLocator.child(path, key);
            if (p.currentToken() != JsonToken.VALUE_NULL) {
                args[names.indexOf(key)] = value(p, c.getGenericType(), at);
            } else if (required(type, c) || c.getType().isPrimitive()) {
                throw at(p, at, "is null; give " + what(c.getType()));
            }
        }
        for (int i = 0; i < names.size(); i++) {
            RecordComponent c = components.get(names.get(i));
            if (!seen.contains(names.get(i)) && (required(type, c) || c.getType().isPrimitive())) {
                throw at(p, path, "missing key '" + names.get(i) + "'; it is required (" + what(c.getType()) + ")");
            }
        }
        Class<?>[] types = new Class<?>[names.size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = components.get(names.get(i)).getType();
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException refused && refused.getMessage() != null) {
                throw at(p, path, refused.getMessage());
            }
            throw new IllegalStateException("The record " + type.getName() + " failed to build at " + path, e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("The record " + type.getName() + " has no canonical constructor to call", e);
        }
    }

    private static boolean required(Class<?> record, RecordComponent c) {
        try {
            JsonProperty p = record.getDeclaredField(c.getName()).getAnnotation(JsonProperty.class);
            return p != null && p.required();
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static void require(JsonParser p, String path, boolean ok, String expected) throws Problem {
        if (!ok) {
            JsonToken t = p.currentToken();
            String found = switch (t) {
                case START_OBJECT -> "an object";
                case START_ARRAY -> "an array";
                case VALUE_STRING -> "the text \"" + textOf(p) + "\"";
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "the number " + textOf(p);
                case VALUE_TRUE, VALUE_FALSE -> t.asString();
                case VALUE_NULL -> "null";
                default -> t.name();
            };
            throw at(p, path, "is " + found + "; give " + expected);
        }
    }

    private static String textOf(JsonParser p) {
        try {
            return p.getText();
        } catch (IOException e) {
            return "?";
        }
    }

    private static String what(Class<?> type) {
        if (type == String.class) {
            return "text";
        }
        if (type == int.class || type == long.class) {
            return "a whole number";
        }
        if (type == double.class) {
            return "a number";
        }
        if (type == boolean.class) {
            return "true or false";
        }
        if (type.isEnum()) {
            return "one of " + quoted(JsonShape.enumNames(type));
        }
        return type == List.class ? "an array" : "an object";
    }

    private static String quoted(List<String> names) {
        StringBuilder out = new StringBuilder();
        for (String n : names) {
            out.append(out.length() == 0 ? "\"" : ", \"").append(n).append('"');
        }
        return out.toString();
    }

    private static Problem at(JsonParser p, String path, String message) {
        var loc = p.currentTokenLocation();
        return new Problem("at " + path + " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + "): " + message);
    }
}
