package dev.hippack.cli;

import dev.hippack.launch.GuiRequest;
import dev.hippack.launch.RunLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs the CLI in-process and captures what it prints; records GUI launches instead of opening a window. */
public final class CliTestSupport {

    public record Result(int exitCode, String out, String err, List<GuiRequest> guiLaunches) { }

    private CliTestSupport() { }

    public static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<GuiRequest> launches = new ArrayList<>();
        int code = new Cli(launches::add, RunLog.none("tests keep no run log")).execute(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                new PrintStream(err, true, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), launches);
    }
}
