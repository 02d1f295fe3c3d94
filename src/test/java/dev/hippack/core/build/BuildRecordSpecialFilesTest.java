package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A FIFO or a huge file where the build record or the unfinished-build marker belongs: refused, never a hang. */
class BuildRecordSpecialFilesTest {

    @TempDir
    Path bin;

    private final BuildRecordStore store = new BuildRecordStore();

    private static void mkfifo(Path fifo) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();
    }

    @FunctionalInterface
    private interface Read {
        Object run() throws PackagerException;
    }

    /** Runs on another thread, so a read that blocks on a FIFO fails the test instead of hanging the build. */
    private static Throwable guarded(Read read) throws Exception {
        try {
            CompletableFuture.supplyAsync(() -> {
                try {
                    return read.run();
                } catch (PackagerException e) {
                    throw new CompletionException(e);
                }
            }).get(2, TimeUnit.MINUTES);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    @Test
    void aFifoAsTheBuildRecordIsRefused() throws Exception {
        Path record = bin.resolve(BuildRecordStore.FILE_NAME);
        mkfifo(record);

        assertThat(guarded(() -> store.read(bin))).isInstanceOf(PackagerException.class)
                .isNotInstanceOf(OperationFailedException.class)
                .hasMessage("The build record " + record + " is not a regular file (a pipe, a socket or a device), so it was not opened.");
    }

    @Test
    void aFifoAsTheUnfinishedMarkerIsRefused() throws Exception {
        Path marker = bin.resolve(BuildRecordStore.UNFINISHED_NAME);
        mkfifo(marker);

        assertThat(guarded(() -> store.unfinished(bin))).isInstanceOf(PackagerException.class)
                .hasMessageContaining(marker + " is not a regular file");
    }

    @Test
    void aHugeBuildRecordIsRefusedNamingTheLimit() throws Exception {
        Path record = bin.resolve(BuildRecordStore.FILE_NAME);
        try (RandomAccessFile f = new RandomAccessFile(record.toFile(), "rw")) {
            f.setLength(3L << 30);
        }

        assertThat(guarded(() -> store.read(bin))).isInstanceOf(PackagerException.class)
                .hasMessageContaining("The build record " + record + " is 3.00 GiB, more than the 1.0 MiB HIP Packager reads");
    }
}
