package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that cannot be read is refused with the system's reason, and a special file is called what it is. */
class CannotReadSaysWhyTest {

    @TempDir
    Path dir;

    /** Runs the CLI on another thread, so a command that blocks on a FIFO fails the test instead of hanging the build. */
    private static CliTestSupport.Result runGuarded(String... args) throws Exception {
        return CompletableFuture.supplyAsync(() -> CliTestSupport.run(args)).get(2, TimeUnit.MINUTES);
    }

    @Test
    void aProfileBehindAFileSaysNotADirectory() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");

        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.resolve("rocm6.json").toString());

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("Release profile " + file.resolve("rocm6.json") + " could not be read: not a directory.");
    }

    @Test
    void anUnreadableProfileSaysPermissionDenied() throws Exception {
        assumeTrue(!"root".equals(System.getProperty("user.name")), "runs as root, who reads a file without read permission");
        Path profile = Files.writeString(dir.resolve("rocm6.json"), "{}");
        Files.setPosixFilePermissions(profile, PosixFilePermissions.fromString("-w-------"));

        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", profile.toString());

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("Release profile " + profile + " could not be read: permission denied.");
    }

    @Test
    void aFifoWhereAnExecutableBelongsIsNotARegularFileNotMissing() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        Path machine = dir.resolve("machine");
        assertThat(CliTestSupport.run("demo-env", machine.toString()).exitCode()).isZero();
        Path exe = machine.resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe");
        Files.delete(exe);
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", exe.toString()).inheritIO().start().waitFor()).isZero();

        CliTestSupport.Result r = runGuarded("--host", machine.toString(), "stage", "--profile",
                machine.resolve("profiles/rocm6.json").toString(), "--out", dir.resolve("out").toString());

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(exe + " is not a regular file (a pipe, a socket or a device), not an executable.")
                .doesNotContain("does not exist");
    }
}
