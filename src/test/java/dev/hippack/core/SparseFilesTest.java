package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample's big files are sparse: their content reads back as written, and the disk holds
 * a few blocks of them, not their length. Allocation is read with {@code stat} and {@code du},
 * real programs, since Java does not report allocated blocks.
 */
class SparseFilesTest {

    @TempDir
    Path dir;

    private static long allocatedBytes(Path file) throws Exception {
        Process p = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor()).as(out).isZero();
        String[] parts = out.split(" ");
        return Long.parseLong(parts[0]) * Long.parseLong(parts[1]);
    }

    private static void assumeStat() {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/stat")), "needs stat to read allocated blocks (a Unix machine)");
    }

    @Test
    void headThenZerosUpToTheLengthWithTheRangeBetweenLeftAsAHole() throws Exception {
        assumeStat();
        Path f = dir.resolve("amdhip64_6.dll");
        byte[] head = "MZ-a-real-header".getBytes(StandardCharsets.US_ASCII);
        long length = 256L << 20;

        SparseFiles.create(f, head, length);

        assertThat(Files.size(f)).isEqualTo(length);
        try (InputStream in = Files.newInputStream(f)) {
            assertThat(in.readNBytes(head.length)).isEqualTo(head);
            assertThat(in.readNBytes(1 << 20)).containsOnly((byte) 0);
        }
        assertThat(allocatedBytes(f)).as("bytes on disk of a %d-byte sparse file", length).isLessThan(1L << 20);
    }

    @Test
    void aHeadLongerThanTheLengthIsWrittenWhole() throws Exception {
        Path f = dir.resolve("small.exe");
        SparseFiles.create(f, new byte[] {1, 2, 3}, 2);
        assertThat(Files.readAllBytes(f)).containsExactly(1, 2, 3);
    }

    @Test
    void anExistingFileIsNeverReplaced() throws Exception {
        Path f = dir.resolve("mine.dll");
        Files.writeString(f, "keep me");
        assertThatThrownBy(() -> SparseFiles.create(f, new byte[0], 1 << 20)).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(f).hasContent("keep me");
    }

    @Test
    void theWholeSampleMachineTakesAFractionOfItsApparentSize() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/du")), "needs du (a Unix machine)");
        Path sample = dir.resolve("machine");
        new SampleEnvironmentWriter(CatalogLoader.embedded()).write(sample);
        long apparent;
        try (Stream<Path> s = Files.walk(sample)) {
            apparent = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        Process du = new ProcessBuilder("du", "-s", "-B1", sample.toString()).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(du.waitFor()).as(out).isZero();
        long onDisk = Long.parseLong(out.split("\\s+")[0]);

        assertThat(apparent).isGreaterThan(2_000_000_000L);
        assertThat(onDisk).as("du of a sample of %d apparent bytes", apparent).isLessThan(apparent / 50);
    }
}
