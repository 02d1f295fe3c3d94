package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.finding.Finding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A zip handed to the audit is untrusted: each hostile construction gives a finding or a clear error. */
class ZipSafetyTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    @FunctionalInterface
    interface Extra {
        void add(ZipArchiveOutputStream out) throws IOException;
    }

    /** The good rocm6 package below "pkg/", plus whatever {@code extra} writes. */
    private Path zip(Extra extra) throws IOException {
        Path dir = TestPackages.good(tmp.resolve("staged"), "rocm6");
        Path zip = tmp.resolve("out/package.zip");
        Files.createDirectories(zip.getParent());
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(zip); Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                put(out, "pkg/" + dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
            extra.add(out);
        }
        return zip;
    }

    static void put(ZipArchiveOutputStream out, String name, byte[] data) throws IOException {
        out.putArchiveEntry(new ZipArchiveEntry(name));
        out.write(data);
        out.closeArchiveEntry();
    }

    private List<String> ids(AuditReport r) {
        return TestPackages.withoutStandingFindings(r).stream().map(Finding::id).toList();
    }

    private AuditReport audit(Path zip) throws PackagerException {
        return auditor.audit(zip, Optional.of(TestPackages.plan("rocm6")));
    }

    private static List<Path> everythingUnder(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void wellFormedZipHasNoFindings() throws Exception {
        assertThat(TestPackages.withoutStandingFindings(audit(zip(out -> { })))).isEmpty();
    }

    @Test
    void entriesClimbingOutOrAbsoluteAreReportedAndNothingIsWritten() throws Exception {
        Path zip = zip(out -> {
            put(out, "../evil.dll", new byte[] {1});
            put(out, "pkg/../../evil2.dll", new byte[] {1});
            put(out, "/tmp/evil3.dll", new byte[] {1});
            put(out, "C:/Windows/evil4.dll", new byte[] {1});
        });
        List<Path> before = everythingUnder(tmp);
        AuditReport r = audit(zip);
        assertThat(ids(r)).containsExactly("zip.unsafe-path", "zip.unsafe-path", "zip.unsafe-path", "zip.unsafe-path");
        assertThat(r.findings().get(0).file()).isEqualTo("../evil.dll");
        assertThat(everythingUnder(tmp)).isEqualTo(before);
        assertThat(tmp.getParent().resolve("evil.dll")).doesNotExist();
    }

    @Test
    void duplicateNamesAreReported() throws Exception {
        Path zip = zip(out -> put(out, "pkg/HIPBLAS.dll", new byte[] {1, 2, 3}));
        AuditReport r = audit(zip);
        assertThat(ids(r)).containsExactly("zip.duplicate");
        assertThat(r.findings().get(0).file()).isEqualTo("pkg/HIPBLAS.dll");
    }

    @Test
    void symlinkEntriesAreReported() throws Exception {
        Path zip = zip(out -> {
            ZipArchiveEntry link = new ZipArchiveEntry("pkg/link.dll");
            link.setUnixMode(0120777);
            out.putArchiveEntry(link);
            out.write("/etc/passwd".getBytes(StandardCharsets.US_ASCII));
            out.closeArchiveEntry();
        });
        assertThat(ids(audit(zip))).containsExactly("zip.symlink");
    }

    @Test
    void encryptedEntriesAreReported() throws Exception {
        Path zip = zip(out -> put(out, "pkg/notes.txt", "secret".getBytes(StandardCharsets.US_ASCII)));
        byte[] bytes = Files.readAllBytes(zip);
        // Set general purpose bit 0 (encrypted) in the entry's local and central headers.
        patchLocal(bytes, "pkg/notes.txt", 6, 2, 1);
        patchCentral(bytes, "pkg/notes.txt", 8, 2, 1);
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        assertThat(ids(r)).containsExactly("zip.encrypted");
        assertThat(r.findings().get(0).file()).isEqualTo("pkg/notes.txt");
    }

    @Test
    void declaredSizeBeyondAnyCompressionRatioIsAZipBomb() throws Exception {
        Path zip = zip(out -> put(out, "pkg/big.bin", new byte[2 << 20]));
        byte[] bytes = Files.readAllBytes(zip);
        patchCentral(bytes, "pkg/big.bin", 24, 4, 0xF0000000L);
        patchLocal(bytes, "pkg/big.bin", 22, 4, 0xF0000000L);
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        assertThat(ids(r)).containsExactly("zip.bomb");
        assertThat(r.findings().get(0).message()).contains("ratio");
    }

    @Test
    void honestlyCompressedZerosAreNotABomb() throws Exception {
        // Sparse padding compresses about 1000:1, which deflate really reaches: not a finding.
        Path zip = zip(out -> put(out, "pkg/rocblas/library/TensileManifest2.txt", new byte[8 << 20]));
        assertThat(ids(audit(zip))).isEmpty();
    }

    @Test
    void overlappingEntriesAreAZipBomb() throws Exception {
        Path zip = zip(out -> {
            put(out, "pkg/a.txt", "aaaa".getBytes(StandardCharsets.US_ASCII));
            put(out, "pkg/b.txt", "bbbb".getBytes(StandardCharsets.US_ASCII));
        });
        byte[] bytes = Files.readAllBytes(zip);
        long aOffset = readCentral(bytes, "pkg/a.txt", 42, 4);
        patchCentral(bytes, "pkg/b.txt", 42, 4, aOffset);
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        // b's record points at a's local header, whose name is a's.
        assertThat(ids(r)).containsExactly("zip.header-mismatch", "zip.bomb");
        assertThat(r.findings().get(1).message()).contains("share");
    }

    @Test
    void contentLargerThanDeclaredIsReadOnlyToTheDeclaredSize() throws Exception {
        Path zip = zip(out -> put(out, "pkg/zeros.dll", new byte[64 << 20]));
        byte[] bytes = Files.readAllBytes(zip);
        patchCentral(bytes, "pkg/zeros.dll", 24, 4, 4096);
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        // The local header still says 64 MiB, and the data inflates past the 4096 bytes declared.
        // (license.notices: a package that ships a DLL without THIRD-PARTY-NOTICES.txt naming it.)
        assertThat(ids(r)).containsExactly("zip.header-mismatch", "zip.corrupt", "deps.closure", "license.notices");
        Finding closure = r.findings().get(2);
        assertThat(closure.file()).isEqualTo("zeros.dll");
        assertThat(closure.message()).contains("not a PE file");
    }

    @Test
    void corruptedEntryDataIsAFindingNotACrash() throws Exception {
        Path zip = zip(out -> { });
        byte[] bytes = Files.readAllBytes(zip);
        long local = readCentral(bytes, "pkg/hipblas.dll", 42, 4);
        int nameLen = u16(bytes, (int) local + 26);
        int extraLen = u16(bytes, (int) local + 28);
        int data = (int) local + 30 + nameLen + extraLen;
        for (int i = data; i < data + 40; i++) {
            bytes[i] = (byte) 0xFF;
        }
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        assertThat(ids(r)).startsWith("zip.corrupt").contains("deps.closure");
        assertThat(r.findings().get(0).file()).isEqualTo("pkg/hipblas.dll");
        Finding closure = r.findings().stream().filter(f -> f.id().equals("deps.closure")).findFirst().orElseThrow();
        assertThat(closure.file()).isEqualTo("hipblas.dll");
        assertThat(closure.message()).contains("could not be read");
    }

    @Test
    void aBombInsideTheDeclaredLimitsIsStoppedByTheWorkBudget() throws Exception {
        // Two runs of zeros, each half the least budget and 100 MiB more: each within the entry limit
        // and deflate's real ratio, but more from a zip of a few MB than the work it may cost.
        long each = ZipSource.MIN_WORK_BYTES / 2 + (100L << 20);
        Path zip = zip(out -> {
            out.setLevel(1);
            byte[] zeros = new byte[1 << 20];
            for (String name : List.of("pkg/rocblas/library/pad1.dat", "pkg/rocblas/library/pad2.dat")) {
                out.putArchiveEntry(new ZipArchiveEntry(name));
                for (long n = 0; n < each; n += zeros.length) {
                    out.write(zeros);
                }
                out.closeArchiveEntry();
            }
        });
        assertThat(Files.size(zip) * ZipSource.WORK_PER_BYTE).isLessThan(ZipSource.MIN_WORK_BYTES);
        AuditReport r = audit(zip);
        assertThat(ids(r)).startsWith("zip.bomb");
        assertThat(r.findings().get(0).message()).contains("times its size").contains("stopped reading");
        // Nothing is decompressed past the budget: the executables are reported unread, not read.
        // (The path-length note is read from the names, not the data; this zip has no bill of materials.)
        assertThat(r.findings().subList(1, r.findings().size()).stream()
                .filter(f -> !f.id().equals("layout.path-length") && !f.id().equals("sbom.present")).toList()).isNotEmpty().allSatisfy(f -> {
            assertThat(f.id()).isEqualTo("deps.closure");
            assertThat(f.message()).contains("a zip bomb");
        });
    }

    @Test
    void aZip64RecordHidingMillionsOfEntriesIsRefusedBeforeTheyAreRead() throws Exception {
        byte[] b = Files.readAllBytes(zip(out -> { }));
        int e = b.length - 22;
        long cdOffset = u32(b, e + 16);
        // The end record names the real entries; a zip64 record behind a locator claims 3,000,000.
        java.nio.ByteBuffer z = java.nio.ByteBuffer.allocate(56 + 20 + 22).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        z.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0).putInt(0)
                .putLong(3_000_000).putLong(3_000_000).putLong(3_000_000L * 60).putLong(cdOffset);
        z.putInt(0x07064b50).putInt(0).putLong(e).putInt(1);
        z.put(b, e, 22);
        byte[] n = Arrays.copyOf(b, e + z.capacity());
        System.arraycopy(z.array(), 0, n, e, z.capacity());
        Path zip = Files.write(tmp.resolve("hidden.zip"), n);
        assertThatThrownBy(() -> audit(zip)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("hidden.zip").hasMessageContaining("3000000 entries");
    }

    @Test
    void truncatedArchiveIsAClearError() throws Exception {
        Path zip = zip(out -> { });
        byte[] bytes = Files.readAllBytes(zip);
        Files.write(zip, Arrays.copyOf(bytes, bytes.length - 200));
        assertThatThrownBy(() -> audit(zip)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("package.zip").hasMessageContaining("not a readable zip");
    }

    @Test
    void fileThatIsNotAZipIsAClearError() throws Exception {
        Path notZip = tmp.resolve("package.zip");
        Files.writeString(notZip, "<html>404 Not Found</html>");
        assertThatThrownBy(() -> audit(notZip)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("package.zip").hasMessageContaining("not a readable zip");
        assertThatThrownBy(() -> audit(tmp.resolve("missing.zip"))).isInstanceOf(PackagerException.class)
                .hasMessageContaining("missing.zip").hasMessageContaining("does not exist");
    }

    @Test
    void hugeDeclaredCentralDirectoryIsRefusedBeforeReadingIt() throws Exception {
        Path zip = zip(out -> { });
        byte[] bytes = Files.readAllBytes(zip);
        int eocd = bytes.length - 22;
        assertThat(u32(bytes, eocd)).isEqualTo(0x06054b50L);
        put(bytes, eocd + 12, 4, 900L << 20);
        Files.write(zip, bytes);
        assertThatThrownBy(() -> audit(zip)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("package.zip").hasMessageContaining("central directory");
    }

    @Test
    void entryEncryptedByInfoZipIsReported() throws Exception {
        Path zipTool = Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .map(d -> Path.of(d, "zip")).filter(Files::isExecutable).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(zipTool != null, "Info-ZIP 'zip' is not installed (apt-get install zip); skipped");
        Path dir = TestPackages.good(tmp.resolve("pkg"), "rocm6");
        Path zip = tmp.resolve("enc.zip");
        run(dir, zipTool.toString(), "-q", "-r", zip.toString(), ".");
        Files.writeString(dir.resolve("notes.txt"), "secret");
        run(dir, zipTool.toString(), "-q", "-e", "-P", "pw", zip.toString(), "notes.txt");
        AuditReport r = audit(zip);
        assertThat(ids(r)).containsExactly("zip.encrypted");
        assertThat(r.findings().get(0).file()).isEqualTo("notes.txt");
    }

    private static void run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    // --- byte patching of zip headers -------------------------------------------------------

    private static int find(byte[] b, int signature, int nameAt, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + nameAt + n.length <= b.length; i++) {
            if (u32(b, i) == signature && Arrays.equals(b, i + nameAt, i + nameAt + n.length, n, 0, n.length)) {
                return i;
            }
        }
        throw new AssertionError("no header for " + name);
    }

    static void patchLocal(byte[] b, String name, int field, int width, long value) {
        put(b, find(b, 0x04034b50, 30, name) + field, width, value);
    }

    static void patchCentral(byte[] b, String name, int field, int width, long value) {
        put(b, find(b, 0x02014b50, 46, name) + field, width, value);
    }

    static long readCentral(byte[] b, String name, int field, int width) {
        int at = find(b, 0x02014b50, 46, name) + field;
        return width == 2 ? u16(b, at) : u32(b, at);
    }

    /** Writes a 4-byte field; a 2-byte field (the flags) gets the value's bits set, keeping the others. */
    private static void put(byte[] b, int at, int width, long value) {
        if (width == 2) {
            b[at] |= (byte) value;
            b[at + 1] |= (byte) (value >>> 8);
            return;
        }
        for (int i = 0; i < width; i++) {
            b[at + i] = (byte) (value >>> (8 * i));
        }
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static long u32(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }
}
