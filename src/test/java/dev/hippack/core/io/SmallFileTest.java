package dev.hippack.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files read whole: only regular ones are opened, none beyond its limit, and a failure says why. */
class SmallFileTest {

    @TempDir
    Path dir;

    static Path mkfifo(Path fifo) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();
        return fifo;
    }

    /** Reads on another thread, so a read that blocks on the FIFO fails the test instead of hanging the build. */
    private static Throwable readGuarded(Path file, long limit, String what) throws Exception {
        try {
            CompletableFuture.supplyAsync(() -> {
                try {
                    return SmallFile.read(file, limit, what);
                } catch (IOException | PackagerException e) {
                    throw new CompletionException(e);
                }
            }).get(2, TimeUnit.MINUTES);
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause();
        }
    }

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = mkfifo(dir.resolve("profile.json"));

        Throwable t = readGuarded(fifo, 1024, "Release profile " + fifo);

        assertThat(t).isInstanceOf(PackagerException.class)
                .hasMessage("Release profile " + fifo + " is not a regular file (a pipe, a socket or a device), so it was not opened.");
    }

    @Test
    void aDeviceIsRefused() throws Exception {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "needs /dev/zero (a Unix machine)");

        Throwable t = readGuarded(zero, 1024, "The recorded output " + zero);

        assertThat(t).isInstanceOf(PackagerException.class).hasMessageContaining("/dev/zero is not a regular file");
    }

    @Test
    void aFileOverTheLimitIsRefusedNamingTheFileAndTheLimit() throws Exception {
        Path huge = dir.resolve("CMakeCache.txt");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(3L << 30);
        }

        assertThatThrownBy(() -> SmallFile.read(huge, 64L << 20, "The CMake cache " + huge))
                .isInstanceOf(PackagerException.class)
                .hasMessage("The CMake cache " + huge + " is 3.00 GiB, more than the 64.0 MiB HIP Packager reads of such a file;"
                        + " check that it is the right file.");
    }

    @Test
    void aFileWithinTheLimitIsReadWhole() throws Exception {
        Path f = Files.write(dir.resolve("host.json"), new byte[1024]);
        assertThat(SmallFile.read(f, 1024, "x")).hasSize(1024);
        assertThatThrownBy(() -> SmallFile.read(f, 1023, "x")).isInstanceOf(PackagerException.class);
    }

    @Test
    void aFolderAndAMissingFileAreToldApart() throws Exception {
        assertThatThrownBy(() -> SmallFile.read(dir, 1024, "The build record " + dir))
                .isInstanceOf(PackagerException.class).hasMessage("The build record " + dir + " is a folder, not a file.");
        assertThatThrownBy(() -> SmallFile.read(dir.resolve("gone"), 1024, "x")).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void whyGivesTheSystemsReason() throws Exception {
        IOException folder = null;
        try {
            Files.newInputStream(dir).read();
        } catch (IOException e) {
            folder = e;
        }
        assertThat(folder).isNotNull();
        assertThat(SmallFile.why(folder)).isEqualTo("is a directory");
        assertThat(SmallFile.why(new AccessDeniedException("/x/y"))).isEqualTo("permission denied");
        assertThat(SmallFile.why(new NoSuchFileException("/x/y"))).isEqualTo("it does not exist");
    }

    @Test
    void anUnreadableFileSaysPermissionDenied() throws Exception {
        assumeTrue(!"root".equals(System.getProperty("user.name")), "runs as root, who reads a file without read permission");
        Path f = Files.writeString(dir.resolve("host.json"), "{}");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("-w-------"));
        try {
            SmallFile.read(f, 1024, "x");
            throw new AssertionError("read a file without read permission");
        } catch (IOException e) {
            assertThat(SmallFile.why(e)).isEqualTo("permission denied");
        }
    }
}
