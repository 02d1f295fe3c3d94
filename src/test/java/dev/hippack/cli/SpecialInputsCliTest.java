package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs that are not what they claim to be: a FIFO named like a DLL, a device, an architecture given twice. */
class SpecialInputsCliTest {

    private static final String EXE = "src/test/resources/pe/x64-exe-delay-libomp.exe";

    @TempDir
    Path dir;

    /** Runs the CLI on another thread, so a command that blocks fails the test instead of hanging the build. */
    private static CliTestSupport.Result runGuarded(String... args) throws Exception {
        return CompletableFuture.supplyAsync(() -> CliTestSupport.run(args)).get(2, TimeUnit.MINUTES);
    }

    @Test
    void peOnAFifoNamedLikeADllIsRefusedWithoutOpeningIt() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        Path fifo = dir.resolve("f.dll");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();

        CliTestSupport.Result r = runGuarded("pe", fifo.toString(), EXE);

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(fifo + ": is not a regular file (a pipe, a socket or a device), so it was not opened");
        // The other file is still listed.
        assertThat(r.out()).contains("Dump of file " + Path.of(EXE));
    }

    @Test
    void peOnADeviceOrAFolderIsRefused() throws Exception {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "needs /dev/zero (a Unix machine)");
        CliTestSupport.Result device = runGuarded("pe", zero.toString());
        assertThat(device.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(device.err()).contains("/dev/zero: is not a regular file");

        CliTestSupport.Result folder = runGuarded("pe", dir.toString());
        assertThat(folder.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(folder.err()).contains(dir + ": is a folder, not a PE file");
    }

    @Test
    void estimateRefusesAnArchitectureGivenTwice() {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm6", "--targets", "gfx1100,gfx1101,gfx1100");

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--targets names gfx1100 twice").contains("--targets gfx1100,gfx1101");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void estimateCountsEachArchitectureOnce() {
        CliTestSupport.Result one = CliTestSupport.run("estimate", "--track", "rocm6", "--targets", "gfx1100", "--json");
        CliTestSupport.Result spaced = CliTestSupport.run("estimate", "--track", "rocm6", "--targets", "gfx1100,", "--json");
        assertThat(one.exitCode()).isZero();
        assertThat(spaced.out()).isEqualTo(one.out());
    }
}
