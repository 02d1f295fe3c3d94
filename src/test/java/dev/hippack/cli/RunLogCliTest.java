package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.RunLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/** What a run leaves in its log: the unexpected error's stack trace (and where it is), bad input, the wizard's own records. */
class RunLogCliTest {

    @TempDir
    Path logs;

    /** A command that fails in a way nobody planned for. */
    @Command(name = "boom", description = "Fails unexpectedly (test only).")
    static final class BoomCommand extends BaseCommand {
        @Override
        protected int run() {
            throw new IllegalStateException("a bug nobody planned for");
        }
    }

    private record Run(int exitCode, String out, String err, String log) { }

    private Run run(Cli cli, RunLog log, String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = cli.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        log.close();
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                Files.readString(log.file().orElseThrow()));
    }

    @Test
    void anUnexpectedErrorPutsItsStackTraceInTheRunLogAndTellsTheUserWhere() throws Exception {
        RunLog log = RunLog.start(logs, List.of("boom"));
        Path file = log.file().orElseThrow();
        Run r = run(new Cli(x -> { }, log).withCommand("boom", new BoomCommand()), log, "boom");

        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(r.err()).contains("hip-packager: unexpected error: java.lang.IllegalStateException: a bug nobody planned for")
                .contains("details in " + file).doesNotContain("\tat ");
        assertThat(r.log()).contains("Unexpected error in hip-packager boom")
                .contains("java.lang.IllegalStateException: a bug nobody planned for")
                .contains("RunLogCliTest$BoomCommand.run(RunLogCliTest.java")
                .contains("Exit code 1");
        assertThat(file.getParent()).isEqualTo(logs);
    }

    @Test
    void badInputAndFailedWorkAreLoggedWithTheirMessages() throws Exception {
        RunLog log = RunLog.start(logs, List.of());
        Run r = run(new Cli(x -> { }, log), log, "plan", "--profile", logs.resolve("missing.json").toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.log()).contains("hip-packager plan: bad input: ").contains("missing.json").contains("Exit code 2");
    }

    @Test
    void whatTheWizardLogsDuringItsRunGoesToTheSameFile() throws Exception {
        RunLog log = RunLog.start(logs, List.of());
        Cli cli = new Cli(request -> System.getLogger("dev.hippack.ui.app.Wizard")
                .log(System.Logger.Level.ERROR, "step failed", new IllegalStateException("in the wizard")), log);
        Run r = run(cli, log);
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.log()).contains("SEVERE dev.hippack.ui.app.Wizard: step failed")
                .contains("java.lang.IllegalStateException: in the wizard");
    }

    @Test
    void helpNamesTheLogFolder() throws Exception {
        RunLog log = RunLog.start(logs, List.of());
        Run r = run(new Cli(x -> { }, log), log, "--help");
        assertThat(r.out()).contains("Logs, one file per run: " + logs);
    }
}
