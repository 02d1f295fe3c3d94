package dev.hippack.cli;

import dev.hippack.core.PackagerException;
import dev.hippack.launch.GuiRequest;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * Runs one command line. Exit codes: 0 success, 1 the work ran and found errors or failed,
 * 2 bad usage or input. A {@link PackagerException} prints its message alone; anything
 * unexpected prints one line and leaves the stack trace in a file.
 */
public final class Cli {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    private final Consumer<GuiRequest> launchGui;

    public Cli(Consumer<GuiRequest> launchGui) {
        this.launchGui = launchGui;
    }

    public int execute(String[] args, PrintStream out, PrintStream err) {
        HipPackagerCommand root = new HipPackagerCommand(launchGui);
        CommandLine cmd = new CommandLine(root);
        PrintWriter outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        cmd.setOut(outWriter);
        cmd.setErr(errWriter);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, errWriter));
        cmd.setParameterExceptionHandler((ex, argv) -> {
            errWriter.println("hip-packager: " + ex.getMessage());
            CommandLine failed = ex.getCommandLine();
            errWriter.println("Run '" + failed.getCommandSpec().qualifiedName() + " --help' for usage.");
            return BAD_INPUT;
        });
        int code = cmd.execute(args);
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    private static int handle(Exception ex, PrintWriter err) {
        if (ex instanceof PackagerException) {
            err.println("hip-packager: " + ex.getMessage());
            return BAD_INPUT;
        }
        if (ex instanceof dev.hippack.core.progress.OperationCancelledException) {
            err.println("hip-packager: cancelled.");
            return FAILED;
        }
        String where = writeCrashLog(ex);
        err.println("hip-packager: unexpected error: " + ex + (where == null ? "" : " (details in " + where + ")"));
        return FAILED;
    }

    private static String writeCrashLog(Exception ex) {
        try {
            Path log = Files.createTempFile("hip-packager-error-", ".log");
            StringWriter sw = new StringWriter();
            ex.printStackTrace(new PrintWriter(sw));
            Files.writeString(log, sw.toString(), StandardCharsets.UTF_8);
            return log.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
