package dev.hippack.core.json;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.PackagerException;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a JSON tree against the Java type it is about to become, before Jackson binds it, so
 * that every wrong value is reported with its path and what to write instead. The types are
 * those of our records: {@code String}, enums (by their {@code @JsonProperty} names),
 * {@code boolean}, {@code int}, {@code long}, {@code List<T>}, {@code Map<String, T>} and records
 * (keys by component name; {@link JsonOptional} components may be absent or null).
 */
final class JsonShape {

    private final JsonLocator at;

    JsonShape(JsonLocator at) {
        this.at = at;
    }

    void check(JsonNode node, Type type) throws PackagerException {
        check(node, type, "$", false);
    }

    private void check(JsonNode node, Type type, String path, boolean optional) throws PackagerException {
        if (node == null || node.isMissingNode()) {
            if (!optional) {
                throw at.error(path, "missing key '" + lastKey(path) + "'; it is required (" + expected(type) + ")");
            }
            return;
        }
        if (node.isNull()) {
            if (!optional) {
                throw at.error(path, "is null; give " + expected(type));
            }
            return;
        }
        Class<?> raw = raw(type);
        if (raw == String.class) {
            requireText(node, type, path);
        } else if (raw.isEnum()) {
            requireText(node, type, path);
            List<String> names = enumNames(raw);
            if (!names.contains(node.textValue())) {
                throw at.error(path, "is \"" + shown(node.textValue()) + "\"; use " + expected(type));
            }
        } else if (raw == boolean.class || raw == Boolean.class) {
            if (!node.isBoolean()) {
                throw mismatch(node, type, path);
            }
        } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
            if (!node.isIntegralNumber()) {
                throw mismatch(node, type, path);
            }
            boolean fits = raw == int.class || raw == Integer.class ? node.canConvertToInt() : node.canConvertToLong();
            if (!fits) {
                throw at.error(path, "the number " + shown(node.asText()) + " is too large; give a whole number up to "
                        + (raw == int.class || raw == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE));
            }
        } else if (raw == double.class || raw == Double.class) {
            if (!node.isNumber()) {
                throw mismatch(node, type, path);
            }
        } else if (raw == List.class) {
            if (!node.isArray()) {
                throw mismatch(node, type, path);
            }
            Type element = argument(type, 0);
            for (int i = 0; i < node.size(); i++) {
                check(node.get(i), element, JsonLocator.element(path, i), false);
            }
        } else if (raw == Map.class) {
            if (!node.isObject()) {
                throw mismatch(node, type, path);
            }
            Type value = argument(type, 1);
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String child = JsonLocator.child(path, e.getKey());
                if (e.getKey().isEmpty()) {
                    throw at.error(child, "an empty key; give a name");
                }
                controlCharacters(e.getKey(), child, "the key");
                check(e.getValue(), value, child, false);
            }
        } else if (raw.isRecord()) {
            if (!node.isObject()) {
                throw mismatch(node, type, path);
            }
            Map<String, RecordComponent> components = components(raw);
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (!components.containsKey(key)) {
                    throw at.error(JsonLocator.child(path, key), "unknown key '" + key + "'; the keys are " + components.keySet());
                }
            }
            for (Map.Entry<String, RecordComponent> c : components.entrySet()) {
                check(node.get(c.getKey()), c.getValue().getGenericType(), JsonLocator.child(path, c.getKey()),
                        c.getValue().isAnnotationPresent(JsonOptional.class));
            }
        } else {
            throw new IllegalStateException("JsonShape cannot check " + type + " at " + path);
        }
    }

    private void requireText(JsonNode node, Type type, String path) throws PackagerException {
        if (!node.isTextual()) {
            throw mismatch(node, type, path);
        }
        String text = node.textValue();
        if (text.isBlank()) {
            throw at.error(path, "is empty; give " + expected(type));
        }
        if (text.length() > StrictJson.MAX_TEXT_CHARS) {
            throw at.error(path, "is " + text.length() + " characters long; at most " + StrictJson.MAX_TEXT_CHARS + " are allowed");
        }
        controlCharacters(text, path, "the text");
    }

    private void controlCharacters(String text, String path, String what) throws PackagerException {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                throw at.error(path, what + " has the control character U+" + String.format("%04X", (int) c)
                        + " at position " + (i + 1) + "; remove it");
            }
        }
    }

    private PackagerException mismatch(JsonNode node, Type type, String path) {
        return at.error(path, "expected " + expected(type) + ", found " + found(node) + hint(node, raw(type)));
    }

    /** What to write instead, when the value is the right one in the wrong form ("4" for 4, 0 for false). */
    private static String hint(JsonNode node, Class<?> raw) {
        boolean wantsNumber = raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class;
        boolean wantsBoolean = raw == boolean.class || raw == Boolean.class;
        if (wantsNumber && node.isTextual() && node.textValue().strip().matches("-?[0-9]{1,18}")) {
            return "; write the number without quotes: " + node.textValue().strip();
        }
        if (wantsBoolean && node.isTextual() && node.textValue().strip().matches("true|false")) {
            return "; write " + node.textValue().strip() + " without quotes";
        }
        if (wantsBoolean && node.isNumber()) {
            return "; write true or false";
        }
        if ((raw == String.class || raw.isEnum()) && (node.isNumber() || node.isBoolean())) {
            return "; put the value in quotes: \"" + node.asText() + "\"";
        }
        if (raw == List.class && node.isValueNode()) {
            return "; put the values in brackets: [ ... ]";
        }
        return "";
    }

    static String expected(Type type) {
        Class<?> raw = raw(type);
        if (raw == String.class) {
            return "a non-empty string";
        }
        if (raw.isEnum()) {
            return "one of " + String.join(", ", enumNames(raw).stream().map(n -> "\"" + n + "\"").toList());
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "true or false";
        }
        if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
            return "a whole number";
        }
        if (raw == double.class || raw == Double.class) {
            return "a number";
        }
        if (raw == List.class) {
            return "an array of " + plural(argument(type, 0));
        }
        if (raw == Map.class) {
            return "an object whose values are " + plural(argument(type, 1));
        }
        if (raw.isRecord()) {
            return "a JSON object with the keys " + components(raw).keySet();
        }
        return raw.getSimpleName();
    }

    private static String plural(Type type) {
        Class<?> raw = raw(type);
        if (raw == String.class) {
            return "strings";
        }
        if (raw.isRecord()) {
            return "objects";
        }
        return expected(type);
    }

    private static String found(JsonNode node) {
        if (node.isTextual()) {
            return "the string \"" + shown(node.textValue()) + "\"";
        }
        if (node.isBoolean()) {
            return node.asText();
        }
        if (node.isNumber()) {
            return "the number " + shown(node.asText());
        }
        if (node.isArray()) {
            return node.isEmpty() ? "an empty array" : "an array";
        }
        if (node.isObject()) {
            return node.isEmpty() ? "an empty object" : "an object";
        }
        return node.getNodeType().toString().toLowerCase(Locale.ROOT);
    }

    /** At most 40 characters of a value, so a huge one does not flood the message. */
    private static String shown(String text) {
        String oneLine = text.replaceAll("\\p{Cntrl}", "?");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 40) + "... (" + oneLine.length() + " characters)";
    }

    private static String lastKey(String path) {
        String parent = JsonLocator.parent(path);
        String key = parent == null ? path : path.substring(parent.length());
        if (key.startsWith(".")) {
            return key.substring(1);
        }
        if (key.startsWith("[\"")) {
            return key.substring(2, key.length() - 2);
        }
        return key;
    }

    static Map<String, RecordComponent> components(Class<?> record) {
        Map<String, RecordComponent> out = new LinkedHashMap<>();
        for (RecordComponent c : record.getRecordComponents()) {
            out.put(jsonName(record, c), c);
        }
        return out;
    }

    /** The component's name, or the name a {@code @JsonProperty} on it gives. */
    private static String jsonName(Class<?> record, RecordComponent c) {
        try {
            Field f = record.getDeclaredField(c.getName());
            JsonProperty p = f.getAnnotation(JsonProperty.class);
            if (p != null && !p.value().isEmpty()) {
                return p.value();
            }
        } catch (NoSuchFieldException e) {
            // A record always has a field per component.
        }
        return c.getName();
    }

    static List<String> enumNames(Class<?> enumType) {
        List<String> out = new ArrayList<>();
        for (Object constant : enumType.getEnumConstants()) {
            String name = ((Enum<?>) constant).name();
            try {
                JsonProperty p = enumType.getField(name).getAnnotation(JsonProperty.class);
                out.add(p != null && !p.value().isEmpty() ? p.value() : name);
            } catch (NoSuchFieldException e) {
                out.add(name);
            }
        }
        return out;
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("JsonShape cannot check " + type);
    }

    private static Type argument(Type type, int index) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[index];
        }
        throw new IllegalStateException("JsonShape needs the element type of " + type);
    }
}
