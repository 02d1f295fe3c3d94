package dev.hippack.cli;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.launch.GuiRequest;
import dev.hippack.launch.RunLog;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * Runs one command line, and is the one place that turns its outcome into an exit code:
 * <ul>
 *   <li>0: the command did its work and found no error;</li>
 *   <li>1: the work ran and failed or found errors: an error finding, a failed or cancelled
 *       build, an {@link OperationFailedException} (a full disk, a read-only output, an I/O error
 *       while writing, a build or tool that could not start), or an unexpected error;</li>
 *   <li>2: bad usage or input: an unknown option or command, a bad value, any other
 *       {@link PackagerException} (a missing or invalid profile, host.json, folder or file).</li>
 * </ul>
 * A {@code PackagerException} prints its message alone. Anything unexpected prints one line
 * naming the run's log file, where its stack trace went ({@link RunLog}).
 */
public final class Cli {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    /** The promise every command's help repeats. */
    static final String EXIT_CODES = "Exit codes: 0 success, 1 the work ran and found errors or failed, 2 bad usage or input,"
            + " 130 stopped by Ctrl-C.";

    private static final System.Logger LOG = System.getLogger(Cli.class.getName());

    private final Consumer<GuiRequest> launchGui;
    private final RunLog runLog;
    private final Map<String, Object> extraCommands = new LinkedHashMap<>();
    private TemporarySample.Writer sampleWriter;
    private Map<String, String> environment = System.getenv();

    /** {@code runLog} is where unexpected errors go; {@code Main} starts it before the wizard or a command runs. */
    public Cli(Consumer<GuiRequest> launchGui, RunLog runLog) {
        this.launchGui = launchGui;
        this.runLog = runLog;
    }

    /** Registers one more subcommand (tests: a command whose failure is known in advance). */
    Cli withCommand(String name, Object command) {
        extraCommands.put(name, command);
        return this;
    }

    /**
     * Writes the {@code --demo} sample with {@code writer} instead of the engine's writer (tests: a
     * copy of a sample written once, which the engine's writer takes seconds to write).
     */
    Cli withSampleWriter(TemporarySample.Writer writer) {
        this.sampleWriter = writer;
        return this;
    }

    /** Reads the environment variables from {@code env} instead of the process's (tests: the signing password). */
    Cli withEnvironment(Map<String, String> env) {
        this.environment = Map.copyOf(env);
        return this;
    }

    /** The command tree, every subcommand registered, as {@link #execute} runs it. */
    CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new HipPackagerCommand(launchGui, sampleWriter, environment));
        extraCommands.forEach(cmd::addSubcommand);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        List<String> footer = new ArrayList<>(List.of(cmd.getCommandSpec().usageMessage().footer()));
        footer.add(runLog.file().map(f -> "Logs, one file per run: " + f.getParent())
                .orElse("No log of this run: " + runLog.unavailable().orElse("")));
        cmd.getCommandSpec().usageMessage().footer(footer.toArray(String[]::new));
        return cmd;
    }

    /** Runs the command line, each stream in the charset its console shows ({@link OutputCharset}). */
    public int execute(String[] args, PrintStream out, PrintStream err) {
        return execute(args, out, OutputCharset.of("stdout", System.getProperties()),
                err, OutputCharset.of("stderr", System.getProperties()));
    }

    int execute(String[] args, PrintStream out, Charset outCharset, PrintStream err, Charset errCharset) {
        Optional<GuiRequest> atOnce = GuiRequest.withoutParsing(args);
        if (atOnce.isPresent()) {
            // The wizard, as a double-click starts it: nothing to parse, so the command tree is not
            // built (picocli reflects over every command, about a fifth of a second at start-up).
            launchGui.accept(atOnce.get());
            LOG.log(System.Logger.Level.INFO, "Exit code " + OK);
            return OK;
        }
        CommandLine cmd = commandLine();
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, outCharset), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, errCharset), true);
        cmd.setOut(outWriter);
        cmd.setErr(errWriter);
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> handle(ex, commandLine, errWriter));
        cmd.setParameterExceptionHandler((ex, argv) -> {
            errWriter.println("hip-packager: " + ex.getMessage());
            CommandLine failed = ex.getCommandLine();
            errWriter.println("Run '" + failed.getCommandSpec().qualifiedName() + " --help' for usage.");
            LOG.log(System.Logger.Level.INFO, "Bad usage: " + ex.getMessage());
            return BAD_INPUT;
        });
        int code;
        HipPackagerCommand root = cmd.getCommand();
        try {
            code = cmd.execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
            // The --demo sample is the command line's own; nothing the user keeps is in it.
            root.removeSample();
            root.end();
        }
        LOG.log(System.Logger.Level.INFO, "Exit code " + code);
        return code;
    }

    /** 0 when nothing was found wrong, 1 when the work found errors. */
    static int exitCode(boolean errorsFound) {
        return errorsFound ? FAILED : OK;
    }

    private int handle(Exception ex, CommandLine command, PrintWriter err) {
        String name = command.getCommandSpec().qualifiedName();
        if (ex instanceof OperationFailedException) {
            err.println("hip-packager: " + ex.getMessage());
            LOG.log(System.Logger.Level.WARNING, name + " failed: " + ex.getMessage(), ex.getCause());
            return FAILED;
        }
        if (ex instanceof PackagerException) {
            err.println("hip-packager: " + ex.getMessage());
            LOG.log(System.Logger.Level.INFO, name + ": bad input: " + ex.getMessage());
            return BAD_INPUT;
        }
        if (ex instanceof OperationCancelledException) {
            err.println("hip-packager: cancelled.");
            LOG.log(System.Logger.Level.INFO, name + " was cancelled.");
            return FAILED;
        }
        String where = runLog.recordUnexpected("Unexpected error in " + name, ex);
        err.println("hip-packager: unexpected error: " + ex + " (" + where + ")");
        return FAILED;
    }
}
