package dev.hippack.cli;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.launch.GuiRequest;
import dev.hippack.launch.RunLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the CLI in-process and captures what it prints; records GUI launches instead of opening a
 * window. A {@code --demo} run gets its sample machine as a copy of the one {@link SharedSample}
 * wrote for this JVM (the same files, in seconds less); {@code demo-env} still writes its own.
 */
public final class CliTestSupport {

    public record Result(int exitCode, String out, String err, List<GuiRequest> guiLaunches) { }

    private CliTestSupport() { }

    public static Result run(String... args) {
        return run(System.getenv(), args);
    }

    /** A run that reads its environment variables from {@code env} (the signing password). */
    public static Result run(java.util.Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<GuiRequest> launches = new ArrayList<>();
        int code = new Cli(launches::add, RunLog.none("tests keep no run log")).withSampleWriter(CliTestSupport::copySample)
                .withEnvironment(env).execute(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                new PrintStream(err, true, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), launches);
    }

    private static void copySample(Path dir) throws PackagerException {
        try {
            SharedSample.copyTo(dir);
        } catch (IOException e) {
            throw new OperationFailedException("Could not copy the sample machine to " + dir + ": " + e.getMessage(), e);
        }
    }
}
