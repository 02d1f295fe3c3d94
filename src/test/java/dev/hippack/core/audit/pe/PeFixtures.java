package dev.hippack.core.audit.pe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The committed PE files of tools/pe-fixtures, found in the source tree. */
public final class PeFixtures {

    public static final Path TEST_DIR = Path.of("src/test/resources/pe");
    public static final Path SAMPLE_DIR = Path.of("src/main/resources/dev/hippack/sample/pe");

    private PeFixtures() { }

    public static Path test(String name) {
        return TEST_DIR.resolve(name);
    }

    public static Path sample(String relative) {
        return SAMPLE_DIR.resolve(relative);
    }

    /** Every .exe and .dll under both folders. */
    public static List<Path> all() {
        try (Stream<Path> a = Files.walk(TEST_DIR); Stream<Path> b = Files.walk(SAMPLE_DIR)) {
            return Stream.concat(a, b)
                    .filter(p -> p.toString().endsWith(".exe") || p.toString().endsWith(".dll"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
