package dev.hippack.core;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;

/**
 * The rules a zip entry name must follow so that every common extractor (Windows, 7-Zip,
 * {@code unzip}, Python's {@code zipfile}) writes it to the same path: shared by {@code zip},
 * which refuses a tree that breaks them before writing, and the audit, which refuses a zip that
 * does.
 */
public final class ZipNames {

    private static final Set<String> DEVICE_NAMES = Set.of("CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$",
            "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
            "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9");

    private ZipNames() { }

    /** The key under which Windows and the common extractors treat two paths as the same file. */
    public static String collisionKey(String path) {
        StringBuilder b = new StringBuilder(path.length());
        path.codePoints().forEach(c -> b.appendCodePoint(Character.toUpperCase(c)));
        return Normalizer.normalize(b, Normalizer.Form.NFC);
    }

    /** Why a name is unsafe or read differently by different extractors; null when it is neither. */
    public static String problem(String name, boolean utf8) {
        if (name.isEmpty()) {
            return "is empty";
        }
        if (name.indexOf('\uFFFD') >= 0) {
            return "is not valid UTF-8 though its flag says it is";
        }
        if (name.indexOf('\\') >= 0) {
            return "holds a backslash, which Windows and 7-Zip read as a folder separator and unzip keeps in the name";
        }
        if (name.startsWith("/") || name.matches("^[A-Za-z]:.*")) {
            return "is absolute; extracting it would write outside the target";
        }
        boolean ascii = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c == 0x7F || "<>:\"|?*".indexOf(c) >= 0) {
                return "holds a character Windows does not allow in a file name (" + String.format(Locale.ROOT, "U+%04X", (int) c) + ")";
            }
            ascii &= c < 0x80;
        }
        if (!ascii && !utf8) {
            return "holds bytes beyond ASCII without the UTF-8 flag, which extractors decode with different code pages";
        }
        String[] segments = name.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String seg = segments[i];
            if (seg.equals("..")) {
                return "climbs out of the folder with '..'; extracting it would write outside the target";
            }
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (seg.endsWith(".") || seg.endsWith(" ")) {
                return "has a segment ending in a dot or a space, which Windows drops (so it may land on another file)";
            }
            String base = seg.contains(".") ? seg.substring(0, seg.indexOf('.')) : seg;
            if (DEVICE_NAMES.contains(base.trim().toUpperCase(Locale.ROOT))) {
                return "names a Windows device (" + base + "), which cannot be a file";
            }
        }
        if (normalise(name).isEmpty()) {
            return "names no file or folder";
        }
        return null;
    }

    /** The path without {@code .} and empty segments and without a trailing slash. */
    public static String normalise(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (String seg : name.split("/")) {
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (!b.isEmpty()) {
                b.append('/');
            }
            b.append(seg);
        }
        return b.toString();
    }
}
