package dev.hippack.core.catalog;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;

/**
 * Writes {@code EmbeddedCatalog.java}: a catalog, as read from the JSON resources, spelled out as
 * the records' constructor calls. The writer knows nothing of the catalog's schema: it walks the
 * records by reflection, so a field added to a record and to the JSON comes through on the next
 * run. It writes what the catalog holds (records, lists, enums, strings, numbers, booleans and
 * null); anything else is refused, naming the field.
 */
final class CatalogSourceWriter {

    /** Where the source lives, from the repository's root. */
    static final String PATH = "src/main/java/dev/hippack/core/catalog/EmbeddedCatalog.java";

    private static final String INDENT = "    ";

    private CatalogSourceWriter() { }

    /** The whole source file for {@code catalog}. */
    static String source(Catalog catalog) {
        StringBuilder out = new StringBuilder();
        out.append("""
                package dev.hippack.core.catalog;

                import java.util.List;

                /**
                 * GENERATED from the JSON resources under src/main/resources/dev/hippack/catalog by
                 * tools/catalog-source.sh; do not edit. The JSON is the catalog's source: edit it, then rerun the
                 * script. EmbeddedCatalogTest fails while this file and the JSON disagree.
                 *
                 * <p>Why it exists: reading the JSON with Jackson's data binding builds a deserializer for each
                 * record type on every start, on the cores the wizard's first window needs (docs/design.md §10.5).
                 * The records' constructors run here as
                 * they would for the JSON, so every check of the catalog still applies.
                 */
                final class EmbeddedCatalog {

                    /** The catalog the JSON resources hold. */
                    static final Catalog CATALOG = new Catalog(
                """);
        RecordComponent[] parts = Catalog.class.getRecordComponents();
        for (int i = 0; i < parts.length; i++) {
            out.append(INDENT).append(INDENT).append(INDENT).append(parts[i].getName()).append("()")
                    .append(i + 1 < parts.length ? ",\n" : ");\n");
        }
        out.append("\n").append(INDENT).append("private EmbeddedCatalog() { }\n");
        for (RecordComponent part : parts) {
            out.append("\n").append(INDENT).append("private static ").append(typeName(part)).append(' ')
                    .append(part.getName()).append("() {\n")
                    .append(INDENT).append(INDENT).append("return ");
            value(component(catalog, part), part.getName(), out, 2);
            out.append(";\n").append(INDENT).append("}\n");
        }
        return out.append("}\n").toString();
    }

    private static String typeName(RecordComponent part) {
        return part.getGenericType().getTypeName()
                .replace("java.util.", "")
                .replace(Catalog.class.getPackageName() + ".", "");
    }

    /** Appends {@code v} as Java code; {@code field} names it in the message of a value the writer does not know. */
    static void value(Object v, String field, StringBuilder out, int depth) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            out.append(literal(s));
        } else if (v instanceof Boolean || v instanceof Integer) {
            out.append(v);
        } else if (v instanceof Long l) {
            out.append(l).append('L');
        } else if (v instanceof Double d) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException(field + " is " + d + ", which the catalog never holds");
            }
            out.append(d);
        } else if (v instanceof Enum<?> e) {
            out.append(localName(e.getDeclaringClass())).append('.').append(e.name());
        } else if (v instanceof List<?> list) {
            list(list, field, out, depth);
        } else if (v.getClass().isRecord()) {
            record(v, field, out, depth);
        } else {
            throw new IllegalArgumentException(field + " is a " + v.getClass().getName()
                    + "; the writer knows records, lists, enums, strings, numbers and booleans");
        }
    }

    private static void list(List<?> list, String field, StringBuilder out, int depth) {
        if (list.isEmpty()) {
            out.append("List.of()");
            return;
        }
        boolean simple = list.stream().noneMatch(e -> e != null && (e instanceof List<?> || e.getClass().isRecord()));
        out.append("List.of(");
        for (int i = 0; i < list.size(); i++) {
            if (simple) {
                out.append(i == 0 ? "" : ", ");
            } else {
                out.append(i == 0 ? "" : ",").append('\n').append(INDENT.repeat(depth + 1));
            }
            value(list.get(i), field + "[" + i + "]", out, depth + 1);
        }
        out.append(')');
    }

    private static void record(Object r, String field, StringBuilder out, int depth) {
        out.append("new ").append(localName(r.getClass())).append('(');
        RecordComponent[] parts = r.getClass().getRecordComponents();
        for (int i = 0; i < parts.length; i++) {
            out.append(i == 0 ? "" : ", ");
            value(component(r, parts[i]), field + "." + parts[i].getName(), out, depth);
        }
        out.append(')');
    }

    private static Object component(Object r, RecordComponent part) {
        try {
            return part.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + r.getClass().getSimpleName() + "." + part.getName(), e);
        }
    }

    /** The type's name as code in the catalog's package writes it: {@code Track}, {@code GpuArchitecture.Kind}. */
    private static String localName(Class<?> type) {
        if (!type.getPackageName().equals(Catalog.class.getPackageName()) || type.getCanonicalName() == null) {
            throw new IllegalArgumentException(type.getName() + " is not a named type of the catalog's package");
        }
        return type.getCanonicalName().substring(type.getPackageName().length() + 1);
    }

    /** A Java string literal: quotes, backslashes and control characters escaped, everything past ASCII as a \\u escape. */
    static String literal(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
