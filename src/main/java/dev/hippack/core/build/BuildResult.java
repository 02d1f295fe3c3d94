package dev.hippack.core.build;

import dev.hippack.core.finding.Finding;
import java.nio.file.Path;
import java.util.List;

/**
 * How a build ended.
 *
 * @param success      every binary was built, exists, and the build-flag check found no error
 * @param cancelled    the user cancelled; the process tree was ended
 * @param standIn      the stand-in ran instead of the real script (no Windows PowerShell here)
 * @param outputs      the executables as build-machine paths ({@code <BuildDir>\bin\audiocpp_cli.exe}, ...)
 * @param findings     known failures seen in the log, missing outputs, and the build-flag check's findings
 * @param logFile      the whole log on disk
 * @param commandLines the command lines run, one per binary, as a user would paste them
 * @param record       the build record written beside the binaries; null unless {@code success}
 */
public record BuildResult(boolean success, boolean cancelled, boolean standIn, List<String> outputs,
                          List<Finding> findings, Path logFile, List<String> commandLines, BuildRecord record) {

    public BuildResult {
        outputs = List.copyOf(outputs);
        findings = List.copyOf(findings);
        commandLines = List.copyOf(commandLines);
        if (success != (record != null)) {
            throw new IllegalArgumentException("A build has a record exactly when it succeeded");
        }
    }
}
