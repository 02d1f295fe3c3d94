package dev.hippack.core.audit.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hundreds of thousands of damaged PE files: bit flips, truncations, and header fields, RVAs and
 * sizes overwritten with extreme values. The reader must return a result or its own
 * {@link PeFormatException} every time: no other exception, no hang (every run ends), no
 * out-of-memory. Seeded, so a failure names the iteration that reproduces it.
 */
class PeReaderFuzzTest {

    private static final int ITERATIONS = 300_000;
    private static final long SEED = 0x5EED_4B1DL;
    private static final long[] EXTREMES = {
        0, 1, 2, 0x3C, 0x40, 0x7F, 0x80, 0xFF, 0x100, 0x1000, 0x2000, 0xFFFF, 0x10000,
        0x7FFFFFFFL, 0x80000000L, 0xFFFFFFFEL, 0xFFFFFFFFL
    };

    @Test
    void mutatedFilesGiveAResultOrTheReadersOwnError() throws Exception {
        List<byte[]> seeds = new ArrayList<>();
        for (Path p : PeFixtures.all()) {
            seeds.add(Files.readAllBytes(p));
        }
        PeReader reader = new PeReader(64L << 20, 1 << 20);
        SplittableRandom random = new SplittableRandom(SEED);
        int results = 0;
        int errors = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] original = seeds.get(random.nextInt(seeds.size()));
            byte[] mutated = mutate(original, random);
            try {
                if (i % 4 == 1) {
                    reader.fileVersion("fuzz-" + i, mutated).ifPresent(v -> assertThat(v).matches("[0-9]+(\\.[0-9]+){3}"));
                }
                PeInfo info = (i % 64 == 0)
                        ? reader.read("fuzz-" + i, mutated.length, () -> new ByteArrayInputStream(mutated))
                        : reader.read("fuzz-" + i, mutated);
                assertThat(info.imports().size() + info.delayImports().size()).isLessThanOrEqualTo(2 * PeReader.MAX_DESCRIPTORS);
                results++;
            } catch (PeFormatException e) {
                assertThat(e.getMessage()).startsWith("fuzz-" + i + ": ");
                errors++;
            } catch (RuntimeException | Error e) {
                Path dump = Files.createTempFile("pe-fuzz-" + i + "-", ".bin");
                Files.write(dump, mutated);
                fail("iteration " + i + " (seed " + SEED + ") threw " + e + "; input saved to " + dump, e);
            }
        }
        // Both outcomes must be common, or the mutations are too mild or too wild to test anything.
        assertThat(results).isGreaterThan(ITERATIONS / 20);
        assertThat(errors).isGreaterThan(ITERATIONS / 20);
    }

    static byte[] mutate(byte[] original, SplittableRandom r) {
        byte[] b = original.clone();
        int rounds = 1 + r.nextInt(3);
        for (int k = 0; k < rounds; k++) {
            switch (r.nextInt(6)) {
                case 0 -> { // flip a few bits anywhere
                    int flips = 1 + r.nextInt(8);
                    for (int j = 0; j < flips && b.length > 0; j++) {
                        int at = r.nextInt(b.length);
                        b[at] ^= (byte) (1 << r.nextInt(8));
                    }
                }
                case 1 -> b = Arrays.copyOf(b, r.nextInt(b.length + 1)); // truncate
                case 2 -> putU32(b, headerField(b, r), pick(b, r)); // a header field
                case 3 -> putU32(b, dataDirectoryField(b, r), pick(b, r)); // an RVA or size
                case 4 -> putU32(b, sectionField(b, r), pick(b, r)); // a section header
                default -> { // overwrite a run of bytes in the header area with one value
                    int at = r.nextInt(Math.min(b.length, 1024) + 1);
                    int len = r.nextInt(64);
                    byte v = (byte) (r.nextBoolean() ? 0 : r.nextBoolean() ? 0xFF : r.nextInt(256));
                    for (int j = at; j < Math.min(b.length, at + len); j++) {
                        b[j] = v;
                    }
                }
            }
        }
        return b;
    }

    private static long pick(byte[] b, SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> EXTREMES[r.nextInt(EXTREMES.length)];
            case 1 -> b.length + r.nextInt(-8, 8);
            case 2 -> r.nextLong(0x100000000L);
            default -> r.nextInt(0x4000);
        };
    }

    private static int peOffset(byte[] b) {
        if (b.length < 0x40) {
            return 0x80;
        }
        long v = (b[0x3C] & 0xFFL) | (b[0x3D] & 0xFFL) << 8 | (b[0x3E] & 0xFFL) << 16 | (b[0x3F] & 0xFFL) << 24;
        return v < 0 || v > 4096 ? 0x80 : (int) v;
    }

    private static int headerField(byte[] b, SplittableRandom r) {
        int pe = peOffset(b);
        int[] fields = {0x3C, pe + 4, pe + 6, pe + 20, pe + 24, pe + 24 + 60, pe + 24 + 92, pe + 24 + 108};
        int f = fields[r.nextInt(fields.length)];
        return f == pe + 6 || f == pe + 20 ? f - 2 : f; // 16-bit fields: write the word before too
    }

    private static int dataDirectoryField(byte[] b, SplittableRandom r) {
        int pe = peOffset(b);
        boolean plus = b.length > pe + 25 && b[pe + 24] == 0x0B && b[pe + 25] == 0x02;
        int dirs = pe + 24 + (plus ? 112 : 96);
        int index = r.nextBoolean() ? 1 : r.nextBoolean() ? 13 : r.nextInt(16);
        return dirs + 8 * index + (r.nextBoolean() ? 0 : 4);
    }

    private static int sectionField(byte[] b, SplittableRandom r) {
        int pe = peOffset(b);
        int optSize = b.length > pe + 21 ? (b[pe + 20] & 0xFF) | (b[pe + 21] & 0xFF) << 8 : 240;
        int table = pe + 24 + optSize;
        return table + 40 * r.nextInt(4) + 8 + 4 * r.nextInt(4);
    }

    private static void putU32(byte[] b, int at, long v) {
        for (int j = 0; j < 4; j++) {
            if (at + j >= 0 && at + j < b.length) {
                b[at + j] = (byte) (v >>> (8 * j));
            }
        }
    }
}
