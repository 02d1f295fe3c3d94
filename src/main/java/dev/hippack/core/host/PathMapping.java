package dev.hippack.core.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a build machine's path strings map to files here, and back: on this machine they are
 * local paths; on a described Windows machine {@code C:\...} goes through the drive map, names
 * match case-insensitively and relative paths resolve against its working folder.
 */
final class PathMapping {

    private final OperatingSystem os;
    private final Path descriptionDir;
    private final Map<String, Path> drives;
    private final String workingDirectory;

    /** {@code descriptionDir} is null for this machine. */
    PathMapping(OperatingSystem os, Path descriptionDir, Map<String, Path> drives, String workingDirectory) {
        this.os = os;
        this.descriptionDir = descriptionDir;
        Map<String, Path> driveCopy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        driveCopy.putAll(drives);
        this.drives = Collections.unmodifiableMap(driveCopy);
        this.workingDirectory = workingDirectory;
    }

    private boolean isLocal() {
        return descriptionDir == null;
    }

    Map<String, Path> drives() {
        return drives;
    }

    /** See {@link Host#resolve(String)}. */
    Path resolve(String hostPath) {
        String p = unquote(hostPath);
        if (isLocal()) {
            return Path.of(p.isEmpty() ? "." : p).toAbsolutePath().normalize();
        }
        if (!os.isWindows() || (p.startsWith("/") && !OperatingSystem.current().isWindows())) {
            Path given = Path.of(p.isEmpty() ? "." : p);
            if (given.isAbsolute()) {
                return given.normalize();
            }
            return relativeBase().resolve(given).normalize();
        }
        WindowsPath wp = WindowsPath.parse(p);
        Path root;
        List<String> segments = new ArrayList<>();
        if (wp.root() == null) {
            WindowsPath base = WindowsPath.parse(workingDirectory == null ? "" : workingDirectory);
            if (base.root() == null) {
                root = descriptionDir;
                segments.addAll(base.segments());
            } else {
                root = driveRoot(base.root());
                segments.addAll(base.segments());
            }
        } else if (wp.root().equals("\\")) {
            WindowsPath base = WindowsPath.parse(workingDirectory == null ? "C:\\" : workingDirectory);
            root = driveRoot(base.root() == null || base.root().equals("\\") ? "C:" : base.root());
        } else {
            root = driveRoot(wp.root());
        }
        for (String s : wp.segments()) {
            if (s.equals("..")) {
                if (!segments.isEmpty()) {
                    segments.remove(segments.size() - 1);
                }
            } else {
                segments.add(s);
            }
        }
        return matchCaseInsensitively(root, segments);
    }

    /** See {@link Host#join(String, String...)}. */
    String join(String hostPath, String... more) {
        String sep = os.isWindows() ? "\\" : "/";
        StringBuilder sb = new StringBuilder(unquote(hostPath));
        for (String m : more) {
            if (sb.length() > 0 && !(sb.charAt(sb.length() - 1) == '\\' || sb.charAt(sb.length() - 1) == '/')) {
                sb.append(sep);
            }
            sb.append(os.isWindows() ? m.replace('/', '\\') : m);
        }
        return sb.toString();
    }

    /** See {@link Host#toHostPath(Path)}. */
    String toHostPath(Path local) {
        Path abs = local.toAbsolutePath().normalize();
        if (isLocal() || !os.isWindows()) {
            return abs.toString();
        }
        String bestDrive = null;
        Path bestRoot = null;
        for (Map.Entry<String, Path> d : drives.entrySet()) {
            Path r = d.getValue();
            if (abs.startsWith(r) && (bestRoot == null || r.getNameCount() > bestRoot.getNameCount())) {
                bestDrive = d.getKey();
                bestRoot = r;
            }
        }
        if (bestRoot == null) {
            return abs.toString();
        }
        StringBuilder sb = new StringBuilder(bestDrive.toUpperCase(Locale.ROOT)).append('\\');
        Path rel = bestRoot.relativize(abs);
        for (int i = 0; i < rel.getNameCount(); i++) {
            String n = rel.getName(i).toString();
            if (n.isEmpty()) {
                continue;
            }
            if (i > 0) {
                sb.append('\\');
            }
            sb.append(n);
        }
        return sb.toString();
    }

    private Path relativeBase() {
        if (workingDirectory != null && !workingDirectory.isEmpty()) {
            Path w = Path.of(workingDirectory);
            return w.isAbsolute() ? w : descriptionDir.resolve(w);
        }
        return descriptionDir;
    }

    private Path driveRoot(String drive) {
        Path mapped = drives.get(drive);
        if (mapped != null) {
            return mapped;
        }
        // An unmapped drive gets its own folder, so it never aliases the C: drive's files.
        String name = drive.startsWith("\\\\") ? "unc" + drive.substring(1).replace('\\', '_') : drive.substring(0, 1).toUpperCase(Locale.ROOT);
        return descriptionDir.resolve(name);
    }

    /** Walks down from {@code root}, taking an existing entry whose name differs only in case. */
    static Path matchCaseInsensitively(Path root, List<String> segments) {
        Path current = root;
        boolean exists = Files.isDirectory(current);
        for (String segment : segments) {
            Path exact;
            try {
                exact = current.resolve(segment);
            } catch (InvalidPathException e) {
                exact = current.resolve(segment.replaceAll("[\\x00]", "_"));
            }
            if (exists && !Files.exists(exact, LinkOption.NOFOLLOW_LINKS)) {
                Path other = findIgnoringCase(current, segment);
                if (other != null) {
                    exact = other;
                }
            }
            current = exact;
            exists = exists && Files.isDirectory(current);
        }
        return current.normalize();
    }

    private static Path findIgnoringCase(Path dir, String name) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                if (e.getFileName().toString().equalsIgnoreCase(name)) {
                    return e;
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            return null;
        }
        return null;
    }

    /** A path string without the double quotes a Windows user or installer may put around it. */
    static String unquote(String s) {
        String t = s == null ? "" : s.trim();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        return t;
    }

    /** A Windows path split into its root ({@code C:}, {@code \\server\share}, {@code \}, or null) and its names. */
    record WindowsPath(String root, List<String> segments) {

        static WindowsPath parse(String s) {
            String p = s.replace('/', '\\');
            String root = null;
            String rest = p;
            if (p.startsWith("\\\\")) {
                String[] parts = p.substring(2).split("\\\\+", -1);
                if (parts.length >= 2) {
                    root = "\\\\" + parts[0] + "\\" + parts[1];
                    rest = String.join("\\", List.of(parts).subList(2, parts.length));
                } else {
                    root = "\\\\" + parts[0];
                    rest = "";
                }
            } else if (p.length() >= 2 && p.charAt(1) == ':' && Character.isLetter(p.charAt(0))) {
                root = Character.toUpperCase(p.charAt(0)) + ":";
                rest = p.substring(2);
            } else if (p.startsWith("\\")) {
                root = "\\";
                rest = p.substring(1);
            }
            List<String> segs = new ArrayList<>();
            for (String seg : rest.split("\\\\")) {
                if (!seg.isEmpty() && !seg.equals(".")) {
                    segs.add(seg);
                }
            }
            return new WindowsPath(root, List.copyOf(segs));
        }
    }
}
