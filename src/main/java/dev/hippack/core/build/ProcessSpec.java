package dev.hippack.core.build;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One child process to run.
 *
 * @param command          program and arguments, passed as they are (no shell in between)
 * @param workingDir       where it starts; null for our own working directory
 * @param environment      variables to set (on top of ours, or alone when {@code replaceEnvironment})
 * @param replaceEnvironment start from an empty environment instead of ours (a captured vcvars one is complete)
 * @param charset          how its output is decoded
 * @param logFile          where every line is appended; null when the caller's listener already writes the log
 */
public record ProcessSpec(List<String> command, Path workingDir, Map<String, String> environment,
                          boolean replaceEnvironment, Charset charset, Path logFile) {

    public ProcessSpec {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("command is empty");
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(charset, "charset");
    }

    public static ProcessSpec of(List<String> command, Charset charset) {
        return new ProcessSpec(command, null, Map.of(), false, charset, null);
    }

    public ProcessSpec inDirectory(Path dir) {
        return new ProcessSpec(command, dir, environment, replaceEnvironment, charset, logFile);
    }

    public ProcessSpec withEnvironment(Map<String, String> env, boolean replace) {
        return new ProcessSpec(command, workingDir, env, replace, charset, logFile);
    }

    public ProcessSpec loggingTo(Path file) {
        return new ProcessSpec(command, workingDir, environment, replaceEnvironment, charset, file);
    }
}
