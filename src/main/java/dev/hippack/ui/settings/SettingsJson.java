package dev.hippack.ui.settings;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The settings file's JSON, read and written with Jackson's streaming parser and generator, not
 * its data binding: the wizard reads the file before its first window, which binding would delay
 * (docs/design.md §10.5). The file is the one data binding wrote, so
 * files of earlier versions read as before:
 * <pre>
 * { "window" : { "x" : 100.0, "y" : 80.0, "width" : 1180.0, "height" : 780.0, "maximized" : false },
 *   "lastCheckout" : null, "outputFolder" : null, "theme" : "system" }
 * </pre>
 * Unknown keys are skipped and missing ones take their defaults ({@link AppSettings}); a value of
 * the wrong type is an error naming its key, at its line and column. A coordinate the window never
 * had is written as the string "NaN", as data binding wrote it.
 */
final class SettingsJson {

    private SettingsJson() { }

    /** One factory for every file: it holds no state of a file, and making it is the parser's only set-up. */
    private static final class Factory {
        static final JsonFactory JSON = new JsonFactory();
    }

    /** The settings in {@code in}; a {@link JsonParseException} (with its location) when it is not JSON or not settings. */
    static AppSettings read(InputStream in) throws IOException {
        try (JsonParser p = Factory.JSON.createParser(in)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonParseException(p, "the file is empty");
            }
            if (first != JsonToken.START_OBJECT) {
                throw new JsonParseException(p, "it holds " + what(first) + ", not an object of settings");
            }
            WindowBounds window = null;
            String lastCheckout = null;
            String outputFolder = null;
            String theme = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                switch (key) {
                    case "window" -> window = window(p);
                    case "lastCheckout" -> lastCheckout = text(p, key);
                    case "outputFolder" -> outputFolder = text(p, key);
                    case "theme" -> theme = text(p, key);
                    default -> p.skipChildren();
                }
            }
            if (p.nextToken() != null) {
                throw new JsonParseException(p, "there is more after the settings' closing brace");
            }
            return new AppSettings(window, lastCheckout, outputFolder, theme);
        }
    }

    /** {@code settings} as the file holds them, indented. */
    static byte[] write(AppSettings settings) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = Factory.JSON.createGenerator(out, JsonEncoding.UTF8).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeFieldName("window");
            WindowBounds w = settings.window();
            g.writeStartObject();
            g.writeNumberField("x", w.x());
            g.writeNumberField("y", w.y());
            g.writeNumberField("width", w.width());
            g.writeNumberField("height", w.height());
            g.writeBooleanField("maximized", w.maximized());
            g.writeEndObject();
            g.writeStringField("lastCheckout", settings.lastCheckout());
            g.writeStringField("outputFolder", settings.outputFolder());
            g.writeStringField("theme", settings.theme());
            g.writeEndObject();
        }
        return out.toByteArray();
    }

    private static WindowBounds window(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw new JsonParseException(p, "\"window\" is " + what(p.currentToken()) + ", not an object");
        }
        WindowBounds d = WindowBounds.DEFAULT;
        double x = d.x();
        double y = d.y();
        double width = d.width();
        double height = d.height();
        boolean maximized = d.maximized();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            switch (key) {
                case "x" -> x = number(p, key);
                case "y" -> y = number(p, key);
                case "width" -> width = number(p, key);
                case "height" -> height = number(p, key);
                case "maximized" -> maximized = flag(p, key);
                default -> p.skipChildren();
            }
        }
        return new WindowBounds(x, y, width, height, maximized);
    }

    /** A number, or one of the strings "NaN", "Infinity" and "-Infinity" that the generator writes for those. */
    private static double number(JsonParser p, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return p.getDoubleValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            switch (p.getText()) {
                case "NaN" -> {
                    return Double.NaN;
                }
                case "Infinity" -> {
                    return Double.POSITIVE_INFINITY;
                }
                case "-Infinity" -> {
                    return Double.NEGATIVE_INFINITY;
                }
                default -> {
                    // Not a number either: reported below.
                }
            }
        }
        throw new JsonParseException(p, "\"window\"." + key + " is " + what(t) + ", not a number");
    }

    private static boolean flag(JsonParser p, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        throw new JsonParseException(p, "\"window\"." + key + " is " + what(t) + ", not true or false");
    }

    private static String text(JsonParser p, String key) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        throw new JsonParseException(p, "\"" + key + "\" is " + what(t) + ", not text");
    }

    private static String what(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "true or false";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }
}
