package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.archive.SourceTree;
import dev.hippack.core.archive.ZipReaders;
import dev.hippack.core.archive.ZipVerifier;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.progress.CancellationToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real processes writing into the same output folder (issue 14, item 1): the second is
 * refused, naming the first, and the zip that stays is whole and matches its SHA256SUMS line.
 */
class ConcurrentOutputTest {

    @TempDir
    Path temp;

    /** About 100 MB that deflates slowly at level 9 on one thread: seconds of work, so the runs overlap. */
    private Path tree(String name, long seed) throws IOException {
        Path dir = Files.createDirectories(temp.resolve(name));
        Random random = new Random(seed);
        byte[] phrase = ("kernel_" + name + "_gfx1100 ").getBytes(StandardCharsets.US_ASCII);
        for (int f = 0; f < 8; f++) {
            byte[] data = new byte[12_000_000];
            for (int i = 0; i < data.length; i++) {
                data[i] = (i / 4096) % 3 == 0 ? (byte) random.nextInt(256) : phrase[(i + f) % phrase.length];
            }
            Files.write(dir.resolve("lib" + f + ".dll"), data);
        }
        Files.writeString(dir.resolve("README.md"), "# " + name + "\n");
        return dir;
    }

    private record Finished(int exitCode, String output) { }

    private static CompletableFuture<Finished> drain(Process p) {
        return CompletableFuture.supplyAsync(() -> {
            try (InputStream in = p.getInputStream()) {
                String out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                return new Finished(p.waitFor(), out);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static Process start(String... args) throws IOException {
        return new ProcessBuilder(ChildJvm.command(args)).redirectErrorStream(true).start();
    }

    /** Waits until the first run holds the folder's lock; false if it ended first. */
    private static boolean holdsLock(Process p, Path dir) throws Exception {
        Path lock = dir.resolve(OutputLock.FILE_NAME);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (p.isAlive() && System.nanoTime() < deadline) {
            if (Files.exists(lock) && Files.readString(lock).contains("pid " + p.pid() + ",")) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    @Test
    void aSecondZipIntoTheSameFolderIsRefusedNamingTheFirstAndTheZipStaysWhole() throws Exception {
        Path mine = tree("mine", 1);
        Path theirs = tree("theirs", 2);
        Path dir = temp.resolve("release");
        Path zip = dir.resolve("audiocpp-windows-hip-rocm6.zip");

        Process first = start("zip", mine.toString(), "--out", zip.toString(), "--threads", "1", "--level", "9");
        CompletableFuture<Finished> firstDone = drain(first);
        boolean overlapped = holdsLock(first, dir);
        // The same zip with --force, and another zip whose line would go into the same SHA256SUMS.
        Process sameZip = start("zip", theirs.toString(), "--out", zip.toString(), "--force");
        Process otherZip = start("zip", theirs.toString(), "--out", dir.resolve("other.zip").toString());
        Finished second = drain(sameZip).get(5, TimeUnit.MINUTES);
        Finished third = drain(otherZip).get(5, TimeUnit.MINUTES);
        boolean stillRunning = first.isAlive();
        Finished one = firstDone.get(5, TimeUnit.MINUTES);
        Assumptions.assumeTrue(overlapped && stillRunning,
                "the first zip finished before the others started, so this run did not overlap them");

        assertThat(one.exitCode()).as(one.output()).isZero();
        assertThat(one.output()).contains("verified");
        for (Finished refused : List.of(second, third)) {
            assertThat(refused.exitCode()).as(refused.output()).isEqualTo(Cli.FAILED);
            assertThat(refused.output()).contains("Another HIP Packager run is writing to " + dir)
                    .contains("pid " + first.pid()).contains("zip audiocpp-windows-hip-rocm6.zip")
                    .contains("Nothing was changed");
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly(OutputLock.FILE_NAME, "SHA256SUMS", "audiocpp-windows-hip-rocm6.zip");
        }
        // The zip holds the first run's tree, entry for entry, and its SHA256SUMS line is its digest.
        assertThat(new ZipVerifier().check(zip, new SourceTree().expected(mine, "audiocpp-windows-hip-rocm6"),
                CancellationToken.none())).isNull();
        assertThat(Files.readString(dir.resolve("SHA256SUMS")))
                .isEqualTo(sha256(zip) + "  audiocpp-windows-hip-rocm6.zip\n");
        ZipReaders.assertAllAccept(zip);

        // Once the first is done, the second goes through and replaces it whole.
        Finished again = drain(start("zip", theirs.toString(), "--out", zip.toString(), "--force")).get(5, TimeUnit.MINUTES);
        assertThat(again.exitCode()).as(again.output()).isZero();
        assertThat(new ZipVerifier().check(zip, new SourceTree().expected(theirs, "audiocpp-windows-hip-rocm6"),
                CancellationToken.none())).isNull();
        assertThat(Files.readString(dir.resolve("SHA256SUMS")))
                .isEqualTo(sha256(zip) + "  audiocpp-windows-hip-rocm6.zip\n");
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
