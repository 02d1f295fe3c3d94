package dev.hippack.core.host;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finding a program the way the build machine's shell would: the folders of its PATH in order,
 * and on Windows each extension of PATHEXT ({@code .COM;.EXE;.BAT;.CMD} by default) for a name
 * without one.
 */
final class ProgramLookup {

    private static final String DEFAULT_PATHEXT = ".COM;.EXE;.BAT;.CMD";

    private final Host host;

    ProgramLookup(Host host) {
        this.host = host;
    }

    /** See {@link Host#pathFolders()}. */
    List<Path> pathFolders() {
        List<Path> out = new ArrayList<>();
        String path = host.env("PATH").orElse("");
        for (String entry : path.split(Pattern.quote(String.valueOf(host.os().pathListSeparator())))) {
            String e = PathMapping.unquote(entry);
            if (!e.isEmpty()) {
                try {
                    out.add(host.resolve(e));
                } catch (InvalidPathException ignored) {
                    // A PATH entry that is not a valid path here cannot hold the program.
                }
            }
        }
        return out;
    }

    /** See {@link Host#which(String)}. */
    Optional<Path> which(String exe) {
        for (Path dir : pathFolders()) {
            Optional<Path> hit = findIn(dir, exe);
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }

    /** See {@link Host#findIn(Path, String)}. */
    Optional<Path> findIn(Path dir, String exe) {
        boolean windows = host.os().isWindows();
        for (String candidate : candidateNames(exe)) {
            Path p = windows && !host.isLocal() ? PathMapping.matchCaseInsensitively(dir, List.of(candidate)) : dir.resolve(candidate);
            if (Files.isRegularFile(p) && (windows || !host.isLocal() || Files.isExecutable(p))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The file names {@code exe} may have on this host: itself, or on Windows itself with each PATHEXT extension. */
    List<String> candidateNames(String exe) {
        if (!host.os().isWindows()) {
            return List.of(exe);
        }
        List<String> exts = new ArrayList<>();
        for (String e : host.env("PATHEXT").orElse(DEFAULT_PATHEXT).split(";")) {
            if (!e.isBlank()) {
                exts.add(e.trim());
            }
        }
        String lower = exe.toLowerCase(Locale.ROOT);
        for (String e : exts) {
            if (lower.endsWith(e.toLowerCase(Locale.ROOT))) {
                return List.of(exe);
            }
        }
        List<String> names = new ArrayList<>();
        for (String e : exts) {
            names.add(exe + e.toLowerCase(Locale.ROOT));
        }
        return names;
    }
}
