package dev.hippack.core.plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Optional;

/**
 * A plan's build folder as text, for telling whether two packages of a release would build in
 * the same folder before any machine is looked at: {@code buildDir} below {@code source} unless
 * it is absolute, separators unified, {@code .} and {@code ..} resolved, case ignored (Windows
 * names folders case-insensitively). The release compares the folders again as the build
 * machine resolves them.
 */
public final class BuildFolders {

    private BuildFolders() { }

    /**
     * The comparable form of the build folder of {@code source} and {@code buildDir}; empty when
     * {@code buildDir} is relative and no {@code source} is chosen (nothing to compare yet).
     */
    public static Optional<String> key(String source, String buildDir) {
        String dir = buildDir.replace('/', '\\');
        boolean rooted = dir.startsWith("\\") || dir.matches("^[A-Za-z]:.*");
        String full;
        if (rooted) {
            full = dir;
        } else if (source == null) {
            return Optional.empty();
        } else {
            full = source.replace('/', '\\') + "\\" + dir;
        }
        Deque<String> parts = new ArrayDeque<>();
        for (String seg : full.split("\\\\+")) {
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (seg.equals("..")) {
                if (!parts.isEmpty() && !parts.peekLast().endsWith(":")) {
                    parts.removeLast();
                }
                continue;
            }
            parts.addLast(seg);
        }
        return Optional.of(String.join("\\", parts).toLowerCase(Locale.ROOT));
    }
}
