package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Sha256Test {

    @TempDir
    Path tmp;

    /** The test vectors of FIPS 180-2 (and what sha256sum prints for them). */
    @Test
    void givesTheStandardDigests() throws Exception {
        assertThat(Sha256.of(Files.write(tmp.resolve("empty"), new byte[0])))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(Sha256.of(Files.writeString(tmp.resolve("abc"), "abc", StandardCharsets.US_ASCII)))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    /** A file of several read buffers is hashed whole, as the JDK hashes its bytes in one go. */
    @Test
    void readsAFileLongerThanItsBuffer() throws Exception {
        byte[] bytes = new byte[3 * (1 << 20) + 12345];
        new Random(42).nextBytes(bytes);
        Path big = Files.write(tmp.resolve("big"), bytes);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        assertThat(Sha256.of(big)).isEqualTo(expected);
    }
}
