package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.ApplicationVersion;
import dev.hippack.launch.RunLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The promises every command keeps, checked for each subcommand picocli has registered, so a new
 * command is covered the day it is added: --help and --version answer with exit 0, and an unknown
 * option is bad usage (exit 2) that points at --help.
 */
class EveryCommandTest {

    /** The registered subcommands, as the command line runs them. */
    private static List<String> commands() {
        return List.copyOf(new Cli(r -> { }, RunLog.none("test")).commandLine().getSubcommands().keySet());
    }

    @Test
    void theCommandsTheReferenceDocumentsAreRegistered() {
        assertThat(commands()).contains("build", "ci-workflow", "estimate", "pe", "plan", "detect", "stage", "audit", "zip",
                "package", "demo-env", "release", "diff");
    }

    /** A new command is documented the day it is added: a "### name" section of the command reference, docs/cli.md. */
    @Test
    void everyRegisteredCommandHasItsSectionInTheCommandReference() throws Exception {
        String reference = Files.readString(Path.of("docs", "cli.md"), StandardCharsets.UTF_8);
        List<String> headings = reference.lines().filter(l -> l.startsWith("### ")).map(l -> l.substring(4).strip()).toList();
        assertThat(headings).containsAll(commands());
    }

    @TestFactory
    Stream<DynamicTest> everyCommandAnswersHelp() {
        return commands().stream().map(name -> DynamicTest.dynamicTest(name + " --help", () -> {
            CliTestSupport.Result r = CliTestSupport.run(name, "--help");
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
            assertThat(r.out()).contains("Usage: hip-packager " + name).contains("--help").contains("--version")
                    .contains("Exit codes");
            assertThat(r.err()).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyCommandAnswersVersion() {
        return commands().stream().map(name -> DynamicTest.dynamicTest(name + " --version", () -> {
            CliTestSupport.Result r = CliTestSupport.run(name, "--version");
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
            assertThat(r.out()).startsWith("hip-packager " + ApplicationVersion.version()).doesNotContain("unknown");
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyCommandRefusesAnUnknownOptionAsBadUsage() {
        return commands().stream().map(name -> DynamicTest.dynamicTest(name + " --no-such-option", () -> {
            CliTestSupport.Result r = CliTestSupport.run(name, "--no-such-option");
            assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
            // picocli names the first problem it meets: the unknown option, or a required one that is missing.
            assertThat(r.err()).containsAnyOf("--no-such-option", "Missing required").contains("hip-packager " + name + " --help");
            assertThat(r.out()).isEmpty();
        }));
    }
}
