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
 * Damaged copies of the fixtures that carry GPU code: the bundle headers' counts, offsets, sizes
 * and id lengths, the compressed headers' sizes and methods, the registration wrappers' pointers,
 * truncations inside bundles, and the PE header damage of {@link PeReaderFuzzTest}. The offload
 * reader must return a bounded result or its own {@link PeFormatException} every time: no other
 * exception, no hang, no out-of-memory. Seeded, so a failure names the iteration that reproduces it.
 */
class OffloadBundleFuzzTest {

    private static final int ITERATIONS = 40_000;
    private static final long SEED = 0x0FF1_0ADL;
    private static final long[] EXTREMES = {
        0, 1, 2, 7, 8, 24, 32, 0xFF, 0x1000, 0xFFFF, 0x7FFFFFFFL, 0xFFFFFFFFL, 1L << 32, Long.MAX_VALUE, -1L, Long.MIN_VALUE
    };

    private record Seed(byte[] bytes, List<Long> bundles, List<Long> wrappers) { }

    @Test
    void damagedBundlesGiveABoundedResultOrTheReadersOwnError() throws Exception {
        PeReader reader = new PeReader(64L << 20, 1 << 20);
        List<Seed> seeds = new ArrayList<>();
        for (String f : List.of("offload-two-targets.exe", "offload-zlib.exe", "offload-zstd.exe", "offload-two-bundles.exe",
                "offload-unregistered.exe")) {
            Path p = PeFixtures.test(f);
            byte[] bytes = Files.readAllBytes(p);
            List<Long> bundles = reader.offloadBundles(p).bundles().stream().map(OffloadBundle::fileOffset).toList();
            seeds.add(new Seed(bytes, bundles, wrappers(bytes)));
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int results = 0;
        int errors = 0;
        int withTargets = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            Seed seed = seeds.get(random.nextInt(seeds.size()));
            byte[] mutated = mutate(seed, random);
            try {
                OffloadBundles o = (i % 64 == 0)
                        ? reader.offloadBundles("fuzz-" + i, mutated.length, () -> new ByteArrayInputStream(mutated))
                        : reader.offloadBundles("fuzz-" + i, mutated);
                assertThat(o.bundles().size()).isLessThanOrEqualTo(OffloadBundleReader.MAX_BUNDLES);
                for (OffloadBundle b : o.bundles()) {
                    assertThat(b.ids().size()).isLessThanOrEqualTo(OffloadBundleReader.MAX_ENTRIES);
                    b.ids().forEach(id -> assertThat(id.length()).isBetween(1, OffloadBundleReader.MAX_ID_LENGTH));
                    assertThat(b.fileOffset() + b.length()).isLessThanOrEqualTo(mutated.length);
                }
                if (!o.targets().isEmpty()) {
                    withTargets++;
                }
                results++;
            } catch (PeFormatException e) {
                assertThat(e.getMessage()).startsWith("fuzz-" + i + ": ");
                errors++;
            } catch (RuntimeException | Error e) {
                Path dump = Files.createTempFile("offload-fuzz-" + i + "-", ".bin");
                Files.write(dump, mutated);
                fail("iteration " + i + " (seed " + SEED + ") threw " + e + "; input saved to " + dump, e);
            }
        }
        // Each outcome must be common, or the mutations are too mild or too wild to test anything.
        assertThat(results).isGreaterThan(ITERATIONS / 20);
        assertThat(errors).isGreaterThan(ITERATIONS / 20);
        assertThat(withTargets).isGreaterThan(ITERATIONS / 20);
    }

    private static byte[] mutate(Seed seed, SplittableRandom r) {
        byte[] b = seed.bytes().clone();
        long bundle = seed.bundles().get(r.nextInt(seed.bundles().size()));
        int rounds = 1 + r.nextInt(2);
        for (int k = 0; k < rounds; k++) {
            switch (r.nextInt(7)) {
                case 0 -> putLe(b, bundle + 24 + 8L * r.nextInt(24), pick(b, r), 8); // a count, offset, size or id length
                case 1 -> putLe(b, bundle + 4 + 2L * r.nextInt(8), pick(b, r), 2 << r.nextInt(3)); // a compressed header field
                case 2 -> { // flip bits in the first bundle bytes
                    for (int j = 0; j < 1 + r.nextInt(6); j++) {
                        int at = (int) Math.min(b.length - 1, bundle + r.nextInt(512));
                        b[at] ^= (byte) (1 << r.nextInt(8));
                    }
                }
                case 3 -> b = Arrays.copyOf(b, (int) Math.min(b.length, bundle + r.nextInt(600))); // truncate in the bundle
                case 4 -> { // a registration's pointer, version or unused field
                    if (!seed.wrappers().isEmpty()) {
                        long w = seed.wrappers().get(r.nextInt(seed.wrappers().size()));
                        putLe(b, w + 4 + 4L * r.nextInt(5), pick(b, r), r.nextBoolean() ? 4 : 8);
                    }
                }
                case 5 -> putLe(b, bundle + r.nextInt(64), pick(b, r), 4); // anywhere in the header
                default -> b = PeReaderFuzzTest.mutate(b, r); // the PE headers and section table
            }
        }
        return b;
    }

    private static long pick(byte[] b, SplittableRandom r) {
        return switch (r.nextInt(3)) {
            case 0 -> EXTREMES[r.nextInt(EXTREMES.length)];
            case 1 -> b.length + r.nextInt(-64, 64);
            default -> r.nextLong();
        };
    }

    private static List<Long> wrappers(byte[] b) {
        List<Long> at = new ArrayList<>();
        for (int i = 0; i + 4 <= b.length; i += 4) {
            if (b[i] == 'F' && b[i + 1] == 'P' && b[i + 2] == 'I' && b[i + 3] == 'H') {
                at.add((long) i);
            }
        }
        return at;
    }

    private static void putLe(byte[] b, long at, long v, int n) {
        for (int j = 0; j < n; j++) {
            if (at + j >= 0 && at + j < b.length) {
                b[(int) (at + j)] = (byte) (v >>> (8 * j));
            }
        }
    }
}
