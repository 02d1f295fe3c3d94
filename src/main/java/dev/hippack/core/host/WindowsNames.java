package dev.hippack.core.host;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Windows' rules for the names in a path, checked as text on any OS: the build machine is Windows,
 * whatever machine HIP Packager runs on (a described host on Linux would otherwise accept a folder
 * Windows cannot have). A path may be relative ({@code build\hip}), rooted on a drive
 * ({@code C:\builds\hip}) or a share ({@code \\server\share\hip}); {@code \} and {@code /} both
 * separate names.
 */
public final class WindowsNames {

    /** Characters no Windows file or folder name may hold (besides control characters). */
    private static final String FORBIDDEN = "<>:\"|?*";
    /** Device names Windows reserves, with or without an extension. */
    private static final Set<String> RESERVED = Set.of("CON", "PRN", "AUX", "NUL",
            "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
            "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9");

    private WindowsNames() { }

    /** Why {@code path} cannot be a Windows path, in a sentence; empty when it can. */
    public static Optional<String> problem(String path) {
        String p = path;
        if (p.matches("^[A-Za-z]:.*")) {
            p = p.substring(2);
        } else if (p.startsWith("\\\\") || p.startsWith("//")) {
            p = p.substring(2);
        }
        for (String name : p.split("[\\\\/]")) {
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                continue;
            }
            Optional<String> why = nameProblem(name);
            if (why.isPresent()) {
                return why;
            }
        }
        return Optional.empty();
    }

    /** One name of a path, neither empty nor . nor ..: why Windows cannot have it. */
    private static Optional<String> nameProblem(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20) {
                return Optional.of("'" + printable(name) + "' holds a control character (code " + (int) c + "), which no Windows name may hold");
            }
            if (FORBIDDEN.indexOf(c) >= 0) {
                return Optional.of("'" + name + "' holds " + c + ", which no Windows name may hold (nor any of " + FORBIDDEN + ")");
            }
        }
        String base = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
        if (RESERVED.contains(base.strip().toUpperCase(Locale.ROOT))) {
            return Optional.of("'" + name + "' is a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9)");
        }
        if (name.endsWith(".") || name.endsWith(" ")) {
            return Optional.of("'" + name + "' ends with " + (name.endsWith(".") ? "a dot" : "a space")
                    + ", which Windows drops from a name");
        }
        return Optional.empty();
    }

    /**
     * Why {@code name} cannot be the name of one Windows file (no folder in it), in a sentence;
     * empty when it can. The rules of each name in {@link #problem} (so no drive: {@code :} is one of the
     * characters no name may hold), and no {@code \} or {@code /}, and not
     * {@code .} or {@code ..}.
     */
    public static Optional<String> fileNameProblem(String name) {
        if (name.isEmpty()) {
            return Optional.of("the name is empty");
        }
        int separator = Math.max(name.indexOf('\\'), name.indexOf('/'));
        if (separator >= 0) {
            return Optional.of("'" + printable(name) + "' holds " + name.charAt(separator) + ", which makes it a path, not a file name");
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of("'" + name + "' names a folder, not a file");
        }
        return nameProblem(name);
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            b.append(c < 0x20 ? "?" : String.valueOf(c));
        }
        return b.toString();
    }
}
