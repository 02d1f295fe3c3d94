package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --demo} writes its sample machine into a temporary folder and removes it when the
 * command ends: after success and after bad input (after Ctrl-C: {@code BuildCommandCtrlCTest}).
 * What the user asked for ({@code --out}) stays.
 */
class DemoSampleCleanupTest {

    private static final Pattern SAMPLE = Pattern.compile("SAMPLE Windows build machine in (\\S+) \\(");

    @TempDir
    Path tmp;

    private static Path sampleOf(String stderr) {
        Matcher m = SAMPLE.matcher(stderr);
        assertThat(m.find()).as("the sample is announced: %s", stderr).isTrue();
        return Path.of(m.group(1));
    }

    @Test
    void theSampleIsGoneWhenTheCommandEnds() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "detect", "--json");

        assertThat(r.exitCode()).isIn(Cli.OK, Cli.FAILED);
        Path machine = sampleOf(r.err());
        assertThat(machine.getParent().getFileName().toString()).startsWith("hip-packager-demo-");
        assertThat(machine.getParent()).doesNotExist();
        assertThat(r.err()).contains("removed the sample machine " + machine);
    }

    @Test
    void stagingUnderDemoNeedsAnOutputOutsideTheSampleAndKeepsIt() throws Exception {
        CliTestSupport.Result noOut = CliTestSupport.run("--demo", "stage");
        assertThat(noOut.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(noOut.err()).contains("--demo: give --out DIR");
        assertThat(sampleOf(noOut.err()).getParent()).doesNotExist();

        Path out = tmp.resolve("release");
        CliTestSupport.Result staged = CliTestSupport.run("--demo", "package", "--skip-build", "--out", out.toString());
        assertThat(staged.exitCode()).as(staged.err()).isEqualTo(Cli.OK);
        assertThat(sampleOf(staged.err()).getParent()).doesNotExist();
        // Staged files were hard links into the sample; removing the sample leaves them whole.
        Path exe = out.resolve("audiocpp-windows-hip-rocm6/audiocpp_cli.exe");
        assertThat(exe).isRegularFile();
        assertThat(Files.size(exe)).isGreaterThan(1_000_000);
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).isRegularFile();
    }
}
