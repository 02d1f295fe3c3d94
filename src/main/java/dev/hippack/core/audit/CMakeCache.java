package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The entries of a build folder's {@code CMakeCache.txt}: {@code NAME:TYPE=VALUE} lines, the
 * values exactly as CMake stored them (paths with forward slashes, lists with semicolons).
 */
public record CMakeCache(Path file, Map<String, String> entries) {

    /** The most a cache file may hold; a real one is well under 1 MiB. */
    static final long MAX_BYTES = 64L << 20;

    private static final Set<String> FALSE_VALUES = Set.of("", "0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND");

    public CMakeCache {
        entries = Map.copyOf(entries);
    }

    /**
     * Reads {@code CMakeCache.txt} from a build folder, or the file itself when {@code path}
     * names it.
     */
    public static CMakeCache read(Path path) throws PackagerException {
        Path file = Files.isDirectory(path) ? path.resolve("CMakeCache.txt") : path;
        try {
            String text = SmallFile.readText(file, MAX_BYTES, "The CMake cache " + file, StandardCharsets.UTF_8);
            Map<String, String> entries = new LinkedHashMap<>();
            for (String line : text.lines().toList()) {
                if (line.isEmpty() || line.startsWith("//") || line.startsWith("#")) {
                    continue;
                }
                int eq = line.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String key = line.substring(0, eq);
                int colon = key.lastIndexOf(':');
                String name = colon > 0 ? key.substring(0, colon) : key;
                if (name.startsWith("\"") && name.endsWith("\"") && name.length() >= 2) {
                    name = name.substring(1, name.length() - 1);
                }
                entries.put(name, line.substring(eq + 1));
            }
            return new CMakeCache(file, entries);
        } catch (NoSuchFileException e) {
            throw new PackagerException(file + " does not exist: configure the build first (run the build script), "
                    + "or point at the build folder that holds CMakeCache.txt");
        } catch (IOException e) {
            throw new PackagerException("Could not read " + file + ": " + SmallFile.why(e) + ".");
        }
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(entries.get(name));
    }

    /** The entry as CMake's if() reads a constant: empty when missing, else true or false. */
    public Optional<Boolean> flag(String name) {
        return get(name).map(CMakeCache::truthy);
    }

    static boolean truthy(String value) {
        String v = value.trim().toUpperCase(Locale.ROOT);
        return !(FALSE_VALUES.contains(v) || v.endsWith("-NOTFOUND"));
    }
}
