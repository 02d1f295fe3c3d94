package dev.hippack.core.host;

import dev.hippack.core.PackagerException;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The build machine as detection, planning and building see it: its operating system, its
 * environment variables, how its path strings map to files here ({@link PathMapping}), PATH
 * lookup ({@link ProgramLookup}) and short queries, run here ({@link LocalCommand}) or answered
 * from recordings ({@link RecordedOutputs}).
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
    private final String workingDirectory;
    private final PathMapping paths;
    private final ProgramLookup programs;
    private final RecordedOutputs recordedOutputs;

    private Host(OperatingSystem os, Map<String, String> env, Path descriptionDir, Map<String, Path> drives,
                 String workingDirectory, Map<String, Path> recordedOutputs) {
        this.os = os;
        Map<String, String> copy = os.isWindows() ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : new HashMap<>();
        copy.putAll(env);
        this.env = Collections.unmodifiableMap(copy);
        this.descriptionDir = descriptionDir;
        this.workingDirectory = workingDirectory;
        this.paths = new PathMapping(os, descriptionDir, drives, workingDirectory);
        this.programs = new ProgramLookup(this);
        this.recordedOutputs = new RecordedOutputs(recordedOutputs);
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
        return paths.resolve(hostPath);
    }

    /**
     * {@link #resolve(String)} for a place about to be written (a build folder, an output
     * folder). A described machine is written only inside its folder: a path whose nearest
     * existing part is a link leading out of it is refused, naming the path and the link.
     */
    public Path resolveForWriting(String hostPath) throws PackagerException {
        Path local = resolve(hostPath);
        if (isLocal()) {
            return local;
        }
        Path existing = local;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        try {
            Path root = descriptionDir.toRealPath();
            Path real = existing == null ? null : existing.toRealPath();
            if (real == null || !real.startsWith(root)) {
                throw new PackagerException(hostPath + " on " + displayName() + " leads to " + real + ", outside the folder "
                        + descriptionDir + " the machine lives in (through the link " + existing + "). A described machine is"
                        + " written only inside its folder: fix the path, or replace the link with a folder.");
            }
        } catch (IOException e) {
            throw new PackagerException(hostPath + " on " + displayName() + " cannot be written: " + existing
                    + " is a broken link or cannot be read (" + SmallFile.why(e) + "). Fix or remove it.");
        }
        return local;
    }

    /**
     * True when {@code path} is rooted in the machine's syntax: {@code C:\x}, {@code \\server\share},
     * and {@code \x} or {@code /x} on Windows (the root of the current drive); {@code /x} elsewhere.
     */
    public boolean isRooted(String path) {
        String p = path.trim();
        return os.isWindows() ? p.matches("^[A-Za-z]:.*") || p.startsWith("\\") || p.startsWith("/") : p.startsWith("/");
    }

    /**
     * {@code path} as the build machine reads it from inside {@code base}: itself when it is
     * {@linkplain #isRooted rooted}, otherwise joined to {@code base}. How a profile's
     * {@code buildDir} is found from its {@code source}.
     */
    public String relativeTo(String base, String path) {
        return isRooted(path) ? path : join(base, path);
    }

    /** A child of a host path in the host's syntax: {@code join("C:\\a\\", "b")} is {@code C:\a\b}. */
    public String join(String hostPath, String... more) {
        return paths.join(hostPath, more);
    }

    /** The host path of a local file, for reports and profiles: the inverse of {@link #resolve(String)}. */
    public String toHostPath(Path local) {
        return paths.toHostPath(local);
    }

    /** The drive map of a described Windows host ({@code C:} to a local folder). */
    public Map<String, Path> drives() {
        return paths.drives();
    }

    // ---- PATH ---------------------------------------------------------------------------------

    /** The folders of the host's PATH as local paths, in order, without empty entries. */
    public List<Path> pathFolders() {
        return programs.pathFolders();
    }

    /**
     * Finds a program on the host's PATH the way its shell would: on Windows a name without an
     * extension is tried with each extension of PATHEXT ({@code .COM;.EXE;.BAT;.CMD} by default).
     */
    public Optional<Path> which(String exe) {
        return programs.which(exe);
    }

    /** The program {@code exe} in one folder, with the same extension rules as {@link #which(String)}. */
    public Optional<Path> findIn(Path dir, String exe) {
        return programs.findIn(dir, exe);
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
        if (canLaunch()) {
            return LocalCommand.run(processBuilder(command), timeout, charset);
        }
        String program = command.get(0);
        Optional<Path> recorded = recordedOutputs.find(program, programs.candidateNames(RecordedOutputs.fileName(program)));
        if (recorded.isEmpty()) {
            processBuilder(command);   // throws: a described host has no other way to answer
        }
        return RecordedOutputs.read(program, recorded.orElseThrow(), descriptionDir.resolve(HostDescription.FILE_NAME));
    }

    /** The recorded outputs a described host answers with, by program file name. */
    public Map<String, Path> recordedOutputs() {
        return recordedOutputs.asMap();
    }

    @Override
    public String toString() {
        return displayName();
    }
}
