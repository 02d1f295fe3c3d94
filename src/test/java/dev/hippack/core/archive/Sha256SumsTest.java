package dev.hippack.core.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SHA256SUMS beside the zips: lines it does not own are kept byte for byte, and a zip never stands beside a wrong line. */
class Sha256SumsTest {

    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);
    private static final String C = "c".repeat(64);

    @TempDir
    Path temp;

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            out.writeBytes(p instanceof byte[] b ? b : p.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void linesOfOtherFilesAreKeptByteForByteIncludingNamesThatAreNotUtf8() throws Exception {
        Path sums = temp.resolve(Sha256Sums.FILE_NAME);
        byte[] latin1 = "caf\u00e9.zip".getBytes(StandardCharsets.ISO_8859_1);
        byte[] before = bytes("# checksums of the 1.0 release\r\n", B, " *other release.zip\r\n", C, "  ", latin1, "\n",
                "\n", A, "  audiocpp.zip\n", C, "  last-line-without-newline.zip");
        Files.write(sums, before);
        new Sha256Sums().record(temp.resolve("audiocpp.zip"), B);
        byte[] after = Files.readAllBytes(sums);
        // The zip's own line is replaced where it stood; everything else is as it was, and the
        // unterminated last line gets the newline it needs to stay a line of its own.
        assertThat(after).isEqualTo(bytes("# checksums of the 1.0 release\r\n", B, " *other release.zip\r\n", C, "  ", latin1,
                "\n", "\n", B, "  audiocpp.zip\n", C, "  last-line-without-newline.zip"));
        assertThat(new String(after, StandardCharsets.UTF_8)).doesNotContain("\uFFFD\uFFFD");

        new Sha256Sums().record(temp.resolve("new.zip"), A);
        assertThat(Files.readAllBytes(sums)).isEqualTo(bytes("# checksums of the 1.0 release\r\n", B, " *other release.zip\r\n",
                C, "  ", latin1, "\n", "\n", B, "  audiocpp.zip\n", C, "  last-line-without-newline.zip\n", A, "  new.zip\n"));
    }

    @Test
    void aSignedFileIsRefusedAndLeftAsItIs() throws Exception {
        Path sums = temp.resolve(Sha256Sums.FILE_NAME);
        String signed = "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + A + "  old.zip\n"
                + "-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n";
        Files.writeString(sums, signed);
        assertThatThrownBy(() -> new Sha256Sums().record(temp.resolve("audiocpp.zip"), B))
                .isInstanceOf(PackagerException.class).hasMessageContaining(sums.toString()).hasMessageContaining("signed");
        assertThat(Files.readString(sums)).isEqualTo(signed);
        try (Stream<Path> s = Files.list(temp)) {
            assertThat(s).containsExactly(sums);
        }
    }

    @Test
    void theOldLineIsWithdrawnBeforeTheZipIsReplacedAndTheNewOneAddedAfter() throws Exception {
        Path sums = temp.resolve(Sha256Sums.FILE_NAME);
        Files.writeString(sums, B + "  other.zip\n" + A + "  audiocpp.zip\n");
        try (Sha256Sums.Pending pending = new Sha256Sums().prepare(temp.resolve("audiocpp.zip"), C)) {
            assertThat(Files.readString(sums)).as("nothing changes while preparing").contains(A);
            pending.withdrawOldLine();
            // Here the zip is renamed; a kill now leaves the new zip with no line, not the old one.
            assertThat(Files.readString(sums)).isEqualTo(B + "  other.zip\n");
            pending.commit();
        }
        assertThat(Files.readString(sums)).isEqualTo(B + "  other.zip\n" + C + "  audiocpp.zip\n");
    }

    @Test
    void zipReplacingAZipKeepsTheOtherLinesAndMatchesItsOwn() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = Files.createDirectories(temp.resolve("out"));
        Path sums = out.resolve(Sha256Sums.FILE_NAME);
        Files.write(sums, bytes(B, "  ", "\u00fcber.zip".getBytes(StandardCharsets.ISO_8859_1), "\n", A,
                "  audiocpp-windows-hip-rocm6.zip\n"));
        ZipResult r = new ZipArchiver().run(ZipRequest.of(tree, out.resolve("audiocpp-windows-hip-rocm6.zip"),
                "audiocpp-windows-hip-rocm6").withOverwrite(true), OperationListener.NONE, CancellationToken.none());
        assertThat(Files.readAllBytes(sums)).isEqualTo(bytes(B, "  ", "\u00fcber.zip".getBytes(StandardCharsets.ISO_8859_1),
                "\n", r.sha256(), "  audiocpp-windows-hip-rocm6.zip\n"));
    }
}
