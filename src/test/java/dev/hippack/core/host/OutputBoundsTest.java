package dev.hippack.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What other programs print, recorded or live, is read up to a bound and from regular files only. */
class OutputBoundsTest {

    @TempDir
    Path dir;

    private final Path hostJson = Path.of("/machine/host.json");

    @Test
    void aFifoAsARecordedOutputIsRefusedWithoutBeingOpened() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        Path fifo = dir.resolve("vswhere.json");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();

        Throwable t;
        try {
            // On another thread, so a read that blocks on the FIFO fails the test instead of hanging the build.
            CompletableFuture.supplyAsync(() -> {
                try {
                    return RecordedOutputs.read("C:\\vs\\vswhere.exe", fifo, hostJson);
                } catch (PackagerException e) {
                    throw new CompletionException(e);
                }
            }).get(2, TimeUnit.MINUTES);
            t = null;
        } catch (ExecutionException e) {
            t = e.getCause();
        }

        assertThat(t).isInstanceOf(PackagerException.class).hasMessage("The recorded output of vswhere.exe at " + fifo
                + " (listed in " + hostJson + ") is not a regular file (a pipe, a socket or a device), so it was not opened.");
    }

    @Test
    void aHugeRecordedOutputIsRefusedNamingTheLimit() throws Exception {
        Path sparse = dir.resolve("git-describe.txt");
        try (RandomAccessFile f = new RandomAccessFile(sparse.toFile(), "rw")) {
            f.setLength(3L << 30);
        }

        assertThatThrownBy(() -> RecordedOutputs.read("git", sparse, hostJson))
                .isInstanceOf(PackagerException.class)
                .hasMessage("The recorded output of git at " + sparse + " (listed in " + hostJson + ") is 3.00 GiB, more than the"
                        + " 4.0 MiB HIP Packager reads of such a file; check that it is the right file.");
    }

    @Test
    void aRecordedOutputWithinTheBoundIsTheOutput() throws Exception {
        Path rec = Files.writeString(dir.resolve("amdgpu-arch.txt"), "gfx1100\n");
        assertThat(RecordedOutputs.read("amdgpu-arch.exe", rec, hostJson).stdout()).isEqualTo("gfx1100\n");
    }

    @Test
    void aQueryThatPrintsWithoutEndIsStoppedAtTheBound() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh (a Unix machine)");
        long past = LocalCommand.MAX_OUTPUT_BYTES + 4096L;
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "head -c " + past + " /dev/zero");

        assertThatThrownBy(() -> LocalCommand.run(pb, Duration.ofMinutes(2), StandardCharsets.UTF_8))
                .isInstanceOf(OperationFailedException.class)
                .hasMessage("/bin/sh printed more than 4.0 MiB on stdout, more than HIP Packager reads of a query's output;"
                        + " run it by hand to see what it prints.");
    }

    @Test
    void aQueryWithinTheBoundIsReadWhole() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh (a Unix machine)");
        ProcessBuilder pb = new ProcessBuilder(List.of("/bin/sh", "-c", "head -c 100000 /dev/zero; echo err >&2"));
        CommandOutput out = LocalCommand.run(pb, Duration.ofMinutes(2), StandardCharsets.UTF_8);
        assertThat(out.stdout()).hasSize(100000);
        assertThat(out.stderr()).isEqualTo("err\n");
    }
}
