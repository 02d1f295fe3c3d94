package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

/** {@code audit --build-dir} on a FIFO, a FIFO named CMakeCache.txt, or a huge cache: refused, never a hang or out of memory. */
class CMakeCacheSpecialFilesTest {

    @TempDir
    Path dir;

    private static Path mkfifo(Path fifo) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();
        return fifo;
    }

    /** Reads on another thread, so a read that blocks on a FIFO fails the test instead of hanging the build. */
    private static Throwable readGuarded(Path path) throws Exception {
        try {
            CompletableFuture.supplyAsync(() -> {
                try {
                    return CMakeCache.read(path);
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
    void aFifoNamedCMakeCacheIsRefused() throws Exception {
        Path build = Files.createDirectories(dir.resolve("build/hip"));
        Path fifo = mkfifo(build.resolve("CMakeCache.txt"));

        assertThat(readGuarded(build)).isInstanceOf(PackagerException.class)
                .hasMessage("The CMake cache " + fifo + " is not a regular file (a pipe, a socket or a device), so it was not opened.");
    }

    @Test
    void aFifoGivenAsTheBuildFolderIsRefused() throws Exception {
        Path fifo = mkfifo(dir.resolve("hip"));

        assertThat(readGuarded(fifo)).isInstanceOf(PackagerException.class).hasMessageContaining(fifo + " is not a regular file");
    }

    @Test
    void aHugeCacheIsRefusedNamingTheLimit() throws Exception {
        Path cache = Files.createDirectories(dir.resolve("build")).resolve("CMakeCache.txt");
        try (RandomAccessFile f = new RandomAccessFile(cache.toFile(), "rw")) {
            f.setLength(CMakeCache.MAX_BYTES + 1);
        }

        assertThat(readGuarded(cache)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("The CMake cache " + cache + " is 64.0 MiB, more than the 64.0 MiB HIP Packager reads");
    }
}
