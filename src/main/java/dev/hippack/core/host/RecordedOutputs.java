package dev.hippack.core.host;

import dev.hippack.core.PackagerException;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a described machine's programs printed, recorded in files its host.json lists by program
 * file name ({@code "vswhere.exe": "recorded/vswhere.json"}). A described machine answers short
 * queries from these instead of running anything.
 */
final class RecordedOutputs {

    private final Map<String, Path> byProgram;

    RecordedOutputs(Map<String, Path> byProgram) {
        Map<String, Path> rec = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        rec.putAll(byProgram);
        this.byProgram = Collections.unmodifiableMap(rec);
    }

    Map<String, Path> asMap() {
        return byProgram;
    }

    /**
     * The recording for {@code program} (a path or a name), matched on its file name, else on the
     * names {@code candidateNames} gives it ("git" on Windows is git.exe, so it is listed under that).
     */
    Optional<Path> find(String program, List<String> candidateNames) {
        String fileName = fileName(program);
        Path recorded = byProgram.get(fileName);
        for (String candidate : candidateNames) {
            recorded = recorded == null ? byProgram.get(candidate) : recorded;
        }
        return Optional.ofNullable(recorded);
    }

    /** The recording's text as the program's output; {@code listedIn} names the host.json for the error message. */
    static CommandOutput read(String program, Path recorded, Path listedIn) throws PackagerException {
        String what = "The recorded output of " + fileName(program) + " at " + recorded + " (listed in " + listedIn + ")";
        try {
            return new CommandOutput(0, SmallFile.readText(recorded, LocalCommand.MAX_OUTPUT_BYTES, what, StandardCharsets.UTF_8), "", true);
        } catch (IOException e) {
            throw new PackagerException("Cannot read the recorded output of " + fileName(program) + " at " + recorded
                    + " (listed in " + listedIn + "): " + SmallFile.why(e) + ".");
        }
    }

    /** {@code C:\x\vswhere.exe} and {@code /usr/bin/git} to {@code vswhere.exe} and {@code git}. */
    static String fileName(String program) {
        return program.substring(Math.max(program.lastIndexOf('\\'), program.lastIndexOf('/')) + 1);
    }
}
