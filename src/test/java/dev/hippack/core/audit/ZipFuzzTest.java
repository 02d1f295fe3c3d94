package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.hippack.core.PackagerException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged package zips (bit flips, overwritten runs, truncation): the audit returns a report or
 * a PackagerException every time, never another exception, and writes nothing. Seeded.
 */
class ZipFuzzTest {

    private static final int ITERATIONS = 250;
    private static final long SEED = 0x21BL;

    @TempDir
    Path tmp;

    @Test
    void damagedZipsGiveAReportOrAClearError() throws Exception {
        Path zip = TestPackages.zip(TestPackages.good(tmp.resolve("pkg"), "rocm6"), tmp.resolve("good.zip"), "pkg");
        byte[] good = Files.readAllBytes(zip);
        PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);
        SplittableRandom r = new SplittableRandom(SEED);
        Path work = Files.createDirectories(tmp.resolve("fuzz"));
        int reports = 0;
        int refused = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] b = good.clone();
            switch (r.nextInt(3)) {
                case 0 -> {
                    for (int k = 0; k < 1 + r.nextInt(16); k++) {
                        b[r.nextInt(b.length)] ^= (byte) (1 << r.nextInt(8));
                    }
                }
                case 1 -> {
                    // Overwrite a run, often in the central directory at the end.
                    int at = r.nextBoolean() ? b.length - 1 - r.nextInt(Math.min(b.length, 4096)) : r.nextInt(b.length);
                    byte v = (byte) (r.nextBoolean() ? 0xFF : r.nextInt(256));
                    Arrays.fill(b, at, Math.min(b.length, at + 1 + r.nextInt(8)), v);
                }
                default -> b = Arrays.copyOf(b, r.nextInt(b.length));
            }
            Path f = work.resolve("case.zip");
            Files.write(f, b);
            try {
                auditor.audit(f, Optional.of(TestPackages.plan("rocm6")));
                reports++;
            } catch (PackagerException e) {
                assertThat(e.getMessage()).contains("case.zip");
                refused++;
            } catch (RuntimeException | Error e) {
                Path keep = Files.write(Files.createTempFile("zip-fuzz-" + i + "-", ".zip"), b);
                fail("iteration " + i + " (seed " + SEED + ") threw " + e + "; input saved to " + keep, e);
            }
            try (var files = Files.list(work)) {
                assertThat(files.toList()).containsExactly(f);
            }
        }
        assertThat(reports).isPositive();
        assertThat(refused).isPositive();
    }
}
