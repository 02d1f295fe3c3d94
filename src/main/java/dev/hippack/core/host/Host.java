package dev.hippack.core.host;

import dev.hippack.core.PackagerException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The build machine as detection, planning and building see it: its operating system, its
 * environment variables, how its path strings map to files here, PATH lookup and process launch.
 * <p>
 * {@link #local()} is this machine. {@link #describe(Path)} reads {@code DIR/host.json}, which
 * describes another machine (typically a Windows build machine laid out under DIR), so Windows
 * detection runs and is tested on any OS. A described host never starts its programs: it reads
 * its files, and answers short queries only from the recorded outputs its host.json lists.
 */
public final class Host {

    private final OperatingSystem os;
    private final Map<String, String> env;
    private final Path descriptionDir;
    private final Map<String, Path> drives;
    private final String workingDirectory;
    private final Map<String, Path> recordedOutputs;

    private Host(OperatingSystem os, Map<String, String> env, Path descriptionDir, Map<String, Path> drives,
                 String workingDirectory, Map<String, Path> recordedOutputs) {
        this.os = os;
        Map<String, String> copy = os.isWindows() ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : new HashMap<>();
        copy.putAll(env);
        this.env = Collections.unmodifiableMap(copy);
        this.descriptionDir = descriptionDir;
        Map<String, Path> driveCopy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        driveCopy.putAll(drives);
        this.drives = Collections.unmodifiableMap(driveCopy);
        this.workingDirectory = workingDirectory;
        Map<String, Path> rec = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        rec.putAll(recordedOutputs);
        this.recordedOutputs = Collections.unmodifiableMap(rec);
    }

    /** This machine: its own environment, paths as they are, programs really started. */
    public static Host local() {
        return new Host(OperatingSystem.current(), System.getenv(), null, Map.of(),
                Path.of("").toAbsolutePath().toString(), Map.of());
    }

    /** The machine described by {@code dir/host.json}; see {@link HostDescription} for the format. */
    public static Host describe(Path dir) throws PackagerException {
        return HostDescription.load(dir).toHost(dir);
    }

    /**
     * A described machine built in code (tests, the sample environment). Drive keys such as
     * {@code C:} map Windows drives to local folders; relative paths resolve against
     * {@code workingDirectory} (a host path) or else {@code descriptionDir}.
     */
    public static Host described(OperatingSystem os, Path descriptionDir, Map<String, Path> drives,
                                 Map<String, String> env, String workingDirectory, Map<String, Path> recordedOutputs) {
        return new Host(os, env, descriptionDir.toAbsolutePath().normalize(), drives, workingDirectory, recordedOutputs);
    }

    public OperatingSystem os() {
        return os;
    }

    /** True for this machine, false for a machine described by a host.json. */
    public boolean isLocal() {
        return descriptionDir == null;
    }

    /** The folder holding host.json, or empty for this machine. */
    public Optional<Path> descriptionDir() {
        return Optional.ofNullable(descriptionDir);
    }

    /** "this machine (Linux)" or "the Windows machine described by /x/host.json", for messages. */
    public String displayName() {
        if (isLocal()) {
            return "this machine (" + os.displayName() + ")";
        }
        return "the " + os.displayName() + " machine described by " + descriptionDir.resolve(HostDescription.FILE_NAME);
    }

    /** All environment variables; on Windows the names compare case-insensitively ({@code Path} = {@code PATH}). */
    public Map<String, String> environment() {
        return env;
    }

    public Optional<String> env(String name) {
        return Optional.ofNullable(env.get(name)).filter(v -> !v.isEmpty());
    }

    /** The host's working folder as a host path: the default place of the audio.cpp checkout. */
    public String workingDirectory() {
        if (workingDirectory != null && !workingDirectory.isBlank()) {
            return workingDirectory;
        }
        return isLocal() ? Path.of("").toAbsolutePath().toString() : toHostPath(descriptionDir);
    }

    // ---- paths --------------------------------------------------------------------------------

    /**
     * The local file behind a build-machine path string. On a described Windows machine,
     * {@code C:\Program Files\AMD\ROCm\6.4\} goes through the drive map, separators may be
     * {@code \} or {@code /}, names match case-insensitively as on Windows, and a relative path
     * resolves against the working folder. A string starting with a single {@code /} on a
     * non-Windows machine is taken as a local absolute path.
     */
    public Path resolve(String hostPath) {
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

    /** A child of a host path in the host's syntax: {@code join("C:\\a\\", "b")} is {@code C:\a\b}. */
    public String join(String hostPath, String... more) {
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

    /** The host path of a local file, for reports and profiles: the inverse of {@link #resolve(String)}. */
    public String toHostPath(Path local) {
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
    private static Path matchCaseInsensitively(Path root, List<String> segments) {
        Path current = root;
        boolean exists = Files.isDirectory(current);
        for (String segment : segments) {
            Path exact;
            try {
                exact = current.resolve(segment);
            } catch (InvalidPathException e) {
                exact = current.resolve(segment.replaceAll("[\\x00]", "_"));
            }
            if (exists && !Files.exists(exact, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
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

    private static String unquote(String s) {
        String t = s == null ? "" : s.trim();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        return t;
    }

    // ---- PATH ---------------------------------------------------------------------------------

    /** The folders of the host's PATH as local paths, in order, without empty entries. */
    public List<Path> pathFolders() {
        List<Path> out = new ArrayList<>();
        String path = env("PATH").orElse("");
        for (String entry : path.split(java.util.regex.Pattern.quote(String.valueOf(os.pathListSeparator())))) {
            String e = unquote(entry);
            if (!e.isEmpty()) {
                try {
                    out.add(resolve(e));
                } catch (InvalidPathException ignored) {
                    // A PATH entry that is not a valid path here cannot hold the program.
                }
            }
        }
        return out;
    }

    /**
     * Finds a program on the host's PATH the way its shell would: on Windows a name without an
     * extension is tried with each extension of PATHEXT ({@code .COM;.EXE;.BAT;.CMD} by default).
     */
    public Optional<Path> which(String exe) {
        for (Path dir : pathFolders()) {
            Optional<Path> hit = findIn(dir, exe);
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }

    /** The program {@code exe} in one folder, with the same extension rules as {@link #which(String)}. */
    public Optional<Path> findIn(Path dir, String exe) {
        for (String candidate : candidateNames(exe)) {
            Path p = os.isWindows() && !isLocal() ? matchCaseInsensitively(dir, List.of(candidate)) : dir.resolve(candidate);
            if (Files.isRegularFile(p) && (os.isWindows() || !isLocal() || Files.isExecutable(p))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private List<String> candidateNames(String exe) {
        if (!os.isWindows()) {
            return List.of(exe);
        }
        List<String> exts = new ArrayList<>();
        for (String e : env("PATHEXT").orElse(".COM;.EXE;.BAT;.CMD").split(";")) {
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

    // ---- processes ----------------------------------------------------------------------------

    /** True when this host's programs can be started here: only for this machine. */
    public boolean canLaunch() {
        return isLocal();
    }

    /**
     * A process builder for a program of this host. A described host cannot start programs and
     * says so with a {@link PackagerException} naming its host.json.
     */
    public ProcessBuilder processBuilder(List<String> command) throws PackagerException {
        if (!canLaunch()) {
            throw new PackagerException("Cannot start " + (command.isEmpty() ? "a program" : command.get(0)) + ": "
                    + displayName() + " is a description, and its programs do not run on this "
                    + OperatingSystem.current().displayName() + " machine. Run HIP Packager on that machine itself.");
        }
        return new ProcessBuilder(command);
    }

    /**
     * Runs a short query (vswhere, amdgpu-arch, git describe) and returns what it printed,
     * decoded with {@code charset}. A described host answers from the recorded output that its
     * host.json lists for the program's file name, and fails clearly when there is none.
     */
    public CommandOutput run(List<String> command, Duration timeout, Charset charset) throws PackagerException {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        if (!canLaunch()) {
            String program = command.get(0);
            String fileName = program.substring(Math.max(program.lastIndexOf('\\'), program.lastIndexOf('/')) + 1);
            Path recorded = recordedOutputs.get(fileName);
            if (recorded == null && os.isWindows()) {
                // "git" on Windows is git.exe (PATHEXT), so its recording is listed under that name.
                for (String candidate : candidateNames(fileName)) {
                    recorded = recorded == null ? recordedOutputs.get(candidate) : recorded;
                }
            }
            if (recorded == null) {
                processBuilder(command);
            }
            try {
                return new CommandOutput(0, Files.readString(recorded, StandardCharsets.UTF_8), "", true);
            } catch (IOException | UncheckedIOException e) {
                throw new PackagerException("Cannot read the recorded output of " + fileName + " at " + recorded
                        + " (listed in " + descriptionDir.resolve(HostDescription.FILE_NAME) + "): " + e.getMessage());
            }
        }
        Process process;
        try {
            ProcessBuilder pb = processBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE);
            process = pb.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new PackagerException("Could not start " + command.get(0) + ": " + e.getMessage());
        }
        CompletableFuture<byte[]> out = drain(process.getInputStream());
        CompletableFuture<byte[]> err = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new PackagerException(command.get(0) + " did not finish within " + timeout.toSeconds() + " s and was stopped.");
            }
            return new CommandOutput(process.exitValue(), new String(out.get(), charset), new String(err.get(), charset), false);
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new PackagerException(command.get(0) + " was interrupted.");
        } catch (ExecutionException e) {
            throw new PackagerException("Could not read the output of " + command.get(0) + ": " + e.getCause().getMessage());
        }
    }

    private static CompletableFuture<byte[]> drain(InputStream in) {
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try (in) {
                ByteArrayOutputStream buf = new ByteArrayOutputStream();
                in.transferTo(buf);
                f.complete(buf.toByteArray());
            } catch (IOException e) {
                f.completeExceptionally(e);
            }
        }, "host-command-reader");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** The recorded outputs a described host answers with, by program file name. */
    public Map<String, Path> recordedOutputs() {
        return recordedOutputs;
    }

    /** The drive map of a described Windows host ({@code C:} to a local folder). */
    public Map<String, Path> drives() {
        return drives;
    }

    @Override
    public String toString() {
        return displayName();
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
                    rest = String.join("\\", java.util.Arrays.asList(parts).subList(2, parts.length));
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
