package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.launch.GuiRequest;
import org.junit.jupiter.api.Test;

class RootCommandTest {

    @Test
    void versionPrintsTheProjectVersion() {
        CliTestSupport.Result r = CliTestSupport.run("--version");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("hip-packager ").doesNotContain("unknown").doesNotContain("${");
    }

    @Test
    void helpShowsUsageAndExitCodes() {
        CliTestSupport.Result r = CliTestSupport.run("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: hip-packager").contains("--demo").contains("Exit codes");
    }

    @Test
    void noArgumentsStartsTheWizard() {
        CliTestSupport.Result r = CliTestSupport.run();
        assertThat(r.exitCode()).isZero();
        assertThat(r.guiLaunches()).containsExactly(new GuiRequest(false, null));
    }

    @Test
    void demoFlagAloneStartsTheWizardOnTheSample() {
        CliTestSupport.Result r = CliTestSupport.run("--demo");
        assertThat(r.guiLaunches()).containsExactly(new GuiRequest(true, null));
    }

    @Test
    void unknownOptionIsBadUsage() {
        CliTestSupport.Result r = CliTestSupport.run("--no-such-option");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--no-such-option").contains("--help");
    }
}
