package dev.hippack.core.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonStreamContext;
import dev.hippack.core.PackagerException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where each value of a document starts, by JSON path, so that a problem found after parsing
 * (a wrong type, a bad value, a path outside a folder) can still point at its line and column.
 * Paths are written {@code $.options.vmm}, {@code $.targets[1]}, and {@code $.drives["C:"]} for
 * keys that are not plain names.
 */
public final class JsonLocator {

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final String what;
    private final Map<String, JsonLocation> where;

    /** @param what names the document in messages, e.g. "Release profile p.json" or a host.json path */
    JsonLocator(String what, Map<String, JsonLocation> where) {
        this.what = what;
        this.where = Map.copyOf(where);
    }

    /** How messages name the document. */
    public String what() {
        return what;
    }

    /**
     * The problem at {@code path} as bad input: the document, the line and column of the value
     * (or of the nearest enclosing one when the value is missing), the path, the problem.
     */
    public PackagerException error(String path, String problem) {
        JsonLocation loc = null;
        for (String p = path; loc == null && p != null; p = parent(p)) {
            loc = where.get(p);
        }
        String position = loc == null || loc.getLineNr() < 1 ? "" : ", line " + loc.getLineNr() + ", column " + loc.getColumnNr();
        return new PackagerException(what + position + ", at " + path + ": " + problem + (problem.endsWith(".") ? "" : "."));
    }

    /** The path of {@code key} inside the object at {@code path}. */
    public static String child(String path, String key) {
        if (PLAIN_KEY.matcher(key).matches()) {
            return path + "." + key;
        }
        return path + "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /** The path of element {@code index} of the array at {@code path}. */
    public static String element(String path, int index) {
        return path + "[" + index + "]";
    }

    /** The path of the value a parser is at. */
    static String path(JsonStreamContext ctx) {
        Deque<JsonStreamContext> chain = new ArrayDeque<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            chain.addFirst(c);
        }
        String path = "$";
        for (JsonStreamContext c : chain) {
            if (c.inObject() && c.getCurrentName() != null) {
                path = child(path, c.getCurrentName());
            } else if (c.inArray() && c.getCurrentIndex() >= 0) {
                path = element(path, c.getCurrentIndex());
            }
        }
        return path;
    }

    /** {@code $.a.b} to {@code $.a}, {@code $.a[2]} to {@code $.a}, {@code $.d["C:"]} to {@code $.d}; null for {@code $}. */
    static String parent(String path) {
        if (path.equals("$")) {
            return null;
        }
        int cut;
        if (path.endsWith("\"]")) {
            cut = path.lastIndexOf("[\"");
        } else if (path.endsWith("]")) {
            cut = path.lastIndexOf('[');
        } else {
            cut = path.lastIndexOf('.');
        }
        return cut <= 0 ? "$" : path.substring(0, cut);
    }
}
