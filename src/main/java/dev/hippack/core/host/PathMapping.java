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
 * match case-insensitively and relative paths resolve against its working folder. Every path of
 * a described machine maps inside its folder: drives are folders inside it, {@code ..} stops at
 * a drive's root, {@code \x} is {@code x} on the working folder's drive, and on a described
 * Linux or macOS machine {@code /} is the folder itself.
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
        for (Map.Entry<String, Path> d : drives.entrySet()) {
            Path root = d.getValue().toAbsolutePath().normalize();
            if (descriptionDir != null && !root.startsWith(descriptionDir)) {
                // HostDescription refuses such a drive with the file's line; this guards descriptions made in code.
                throw new IllegalArgumentException("drive " + d.getKey() + " maps to " + root + ", outside " + descriptionDir);
            }
            driveCopy.put(d.getKey(), root);
        }
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
        if (!os.isWindows()) {
            return resolveUnderRoot(p);
        }
        WindowsPath wp = WindowsPath.parse(p);
        Path root;
        List<String> segments = new ArrayList<>();
        if (wp.root() == null) {
            WindowsPath base = WindowsPath.parse(workingDirectory == null ? "" : workingDirectory);
            root = base.root() == null ? descriptionDir : driveRoot(base.root());
            // The working folder's own '..' stop at the root too, or a relative one would lead out of the machine.
            addWindowsSegments(segments, base.segments());
        } else if (wp.root().equals("\\")) {
            WindowsPath base = WindowsPath.parse(workingDirectory == null ? "C:\\" : workingDirectory);
            root = driveRoot(base.root() == null || base.root().equals("\\") ? "C:" : base.root());
        } else {
            root = driveRoot(wp.root());
        }
        addWindowsSegments(segments, wp.segments());
        return matchCaseInsensitively(root, segments);
    }

    /** Appends {@code more}, where {@code ..} removes the last segment and never climbs past the root. */
    private static void addWindowsSegments(List<String> segments, List<String> more) {
        for (String s : more) {
            if (s.equals("..")) {
                if (!segments.isEmpty()) {
                    segments.remove(segments.size() - 1);
                }
            } else if (!s.equals(".") && !s.isEmpty()) {
                segments.add(s);
            }
        }
    }

    /**
     * A path of a described Linux or macOS machine: its {@code /} is the description's folder,
     * relative paths start at its working folder (itself such a path), and {@code ..} stops at
     * that root, so no path of the machine leads out of its folder.
     */
    private Path resolveUnderRoot(String p) {
        List<String> segments = new ArrayList<>();
        if (!p.startsWith("/")) {
            String base = workingDirectory == null || workingDirectory.isBlank() ? "/" : unquote(workingDirectory);
            addSegments(segments, base.startsWith("/") ? base : "/" + base);
        }
        addSegments(segments, p);
        Path out = descriptionDir;
        for (String s : segments) {
            out = out.resolve(s);
        }
        return out.normalize();
    }

    private static void addSegments(List<String> segments, String path) {
        for (String s : path.split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (!segments.isEmpty()) {
                    segments.remove(segments.size() - 1);
                }
            } else {
                segments.add(s.replace('\0', '_'));
            }
        }
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
        if (isLocal()) {
            return abs.toString();
        }
        if (!os.isWindows()) {
            if (!abs.startsWith(descriptionDir)) {
                return abs.toString();
            }
            StringBuilder sb = new StringBuilder();
            for (Path name : descriptionDir.relativize(abs)) {
                if (!name.toString().isEmpty()) {
                    sb.append('/').append(name);
                }
            }
            return sb.length() == 0 ? "/" : sb.toString();
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
