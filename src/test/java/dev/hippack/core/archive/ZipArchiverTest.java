package dev.hippack.core.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.ByteSize;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.Deflater;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZipArchiverTest {

    private static final String ROOT = "audiocpp-windows-hip-rocm6";

    @TempDir
    Path temp;

    private final ZipArchiver archiver = new ZipArchiver();

    private ZipResult zip(Path tree, Path out) throws Exception {
        return archiver.run(ZipRequest.of(tree, out, ROOT).withThreads(2), OperationListener.NONE, CancellationToken.none());
    }

    @Test
    void itsMessagesGiveSizesInTheOneBinaryFormat() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("units"));
        List<String> said = Collections.synchronizedList(new ArrayList<>());
        OperationListener recording = new OperationListener() {
            @Override public void status(String text) {
                said.add(text);
            }

            @Override public void log(LogLine line) {
                said.add(line.text());
            }
        };
        ZipResult r = archiver.run(ZipRequest.of(tree, temp.resolve("units-out/p.zip"), ROOT), recording, CancellationToken.none());
        assertThat(said).anyMatch(t -> t.startsWith("Compressing ") && t.contains("(" + ByteSize.of(r.contentBytes()) + ")"));
        assertThat(said).anyMatch(t -> t.contains(ByteSize.of(r.contentBytes()) + " -> " + ByteSize.of(r.zipBytes())));
        assertThat(said).noneMatch(t -> t.matches(".*\\d MB\\b.*"));
    }

    @Test
    void zipOfSameTreeIsByteIdentical() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("a"));
        ZipResult first = zip(tree, temp.resolve("one/p.zip"));
        // Newer times and another thread count must not change a byte.
        try (var files = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Files.setLastModifiedTime(p, FileTime.from(Instant.parse("2031-05-06T07:08:09Z")));
            }
        }
        ZipResult second = archiver.run(ZipRequest.of(tree, temp.resolve("two/p.zip"), ROOT).withThreads(3),
                OperationListener.NONE, CancellationToken.none());
        assertThat(Files.readAllBytes(second.zip())).isEqualTo(Files.readAllBytes(first.zip()));
        assertThat(second.sha256()).isEqualTo(first.sha256());
    }

    @Test
    void zipHoldsOneTopLevelFolderWithSortedEntries() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        List<String> names = new ArrayList<>();
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            for (ZipArchiveEntry e : Collections.list(zf.getEntriesInPhysicalOrder())) {
                names.add(e.getName());
            }
        }
        assertThat(names).first().isEqualTo(ROOT + "/");
        assertThat(names).allMatch(n -> n.startsWith(ROOT + "/"));
        assertThat(names).isSorted();
        assertThat(names).contains(ROOT + "/rocblas/library/", ROOT + "/audiocpp_cli.exe", ROOT + "/hipblaslt/library/empty.dat");
        assertThat(r.files()).isEqualTo(20);
        assertThat(r.zipBytes()).isEqualTo(Files.size(r.zip())).isLessThan(r.contentBytes());
    }

    @Test
    void unzipAndSevenZipAcceptOurZip() throws Exception {
        ArchiveFixtures.assumeTool("unzip");
        ArchiveFixtures.assumeTool("7z");
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        // The content that comes out is the content that went in.
        Path extracted = Files.createDirectories(temp.resolve("x"));
        assertThat(ArchiveFixtures.run(extracted, "unzip", "-q", r.zip().toString()).exitCode()).isZero();
        assertThat(Files.readAllBytes(extracted.resolve(ROOT + "/audiocpp_cli.exe")))
                .isEqualTo(Files.readAllBytes(tree.resolve("audiocpp_cli.exe")));
        // unzip, 7z, 7zz and Python's zipfile each test every entry.
        ZipReaders.assertAllAccept(r.zip());
    }

    /**
     * More entries than the classic end record can count (65,535): the zip must carry the Zip64
     * end records, and our own verification, Commons Compress, unzip and 7-Zip must all read
     * every entry. (A package over 4 GiB takes the same records; too big to write in a test.)
     */
    @Test
    void moreThan65535EntriesGetZip64RecordsThatEveryReaderAccepts() throws Exception {
        ArchiveFixtures.assumeTool("unzip");
        ArchiveFixtures.assumeTool("7z");
        Path tree = temp.resolve("many");
        int folders = 66;
        int perFolder = 1_000;
        for (int d = 0; d < folders; d++) {
            Path folder = Files.createDirectories(tree.resolve(String.format("d%02d", d)));
            for (int f = 0; f < perFolder; f++) {
                Files.write(folder.resolve("k" + f + ".dat"), new byte[] {(byte) d, (byte) f, (byte) (f >> 8)});
            }
        }
        int files = folders * perFolder;

        ZipResult r = zip(tree, temp.resolve("out/many.zip"));

        assertThat(r.files()).isEqualTo(files);
        String tail = new String(tail(r.zip(), 1024), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(tail).as("Zip64 end of central directory record").contains("PK\u0006\u0006");
        assertThat(tail).as("Zip64 end of central directory locator").contains("PK\u0006\u0007");
        try (ZipFile read = ZipFile.builder().setPath(r.zip()).get()) {
            assertThat(Collections.list(read.getEntries()).stream().filter(e -> !e.isDirectory()).count()).isEqualTo(files);
        }
        ArchiveFixtures.Run unzip = ArchiveFixtures.run(temp, "unzip", "-tqq", r.zip().toString());
        assertThat(unzip.exitCode()).as(unzip.output()).isZero();
        ArchiveFixtures.Run sevenZip = ArchiveFixtures.run(temp, "7z", "t", r.zip().toString());
        assertThat(sevenZip.exitCode()).as(sevenZip.output()).isZero();
        assertThat(sevenZip.output()).contains("Everything is Ok").contains("Files: " + files);
        ZipReaders.assertAllAccept(r.zip());
    }

    private static byte[] tail(Path file, int bytes) throws IOException {
        byte[] all = Files.readAllBytes(file);
        int n = Math.min(bytes, all.length);
        byte[] out = new byte[n];
        System.arraycopy(all, all.length - n, out, 0, n);
        return out;
    }

    @Test
    void chunkedDeflateIsAsSmallAsOnePieceDeflate() throws Exception {
        byte[] data = ArchiveFixtures.packageLikeBytes(7, 6_000_000);
        Path tree = Files.createDirectories(temp.resolve("src"));
        Files.write(tree.resolve("big.dll"), data);
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        Deflater d = new Deflater(ZipRequest.DEFAULT_LEVEL, true);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) {
            whole.write(buf, 0, d.deflate(buf));
        }
        d.end();
        long compressed;
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            compressed = zf.getEntry(ROOT + "/big.dll").getCompressedSize();
        }
        assertThat(compressed).isLessThan(data.length / 2);
        assertThat((double) compressed).isLessThanOrEqualTo(whole.size() * 1.005);
    }

    /** Files whose ends fall on, just before and just after the 1 MiB chunk boundaries, deflated and stored. */
    @Test
    void filesEndingAtChunkBoundariesRoundTripAtEveryLevel() throws Exception {
        Path tree = Files.createDirectories(temp.resolve("edges"));
        int chunk = Chunk.SIZE;
        int[] sizes = {0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk - 1};
        for (int size : sizes) {
            Files.write(tree.resolve("f" + size + ".bin"), ArchiveFixtures.packageLikeBytes(size, size));
        }
        Files.createDirectories(tree.resolve("empty-folder"));
        for (int level : new int[] {0, 1, ZipRequest.DEFAULT_LEVEL, 9}) {
            ZipResult r = archiver.run(ZipRequest.of(tree, temp.resolve("out" + level + "/e.zip"), "e").withLevel(level)
                    .withThreads(2), OperationListener.NONE, CancellationToken.none());
            assertThat(r.files()).isEqualTo(sizes.length);
            assertThat(new ZipVerifier().check(r.zip(), new SourceTree().expected(tree, "e"), CancellationToken.none()))
                    .isNull();
            try (java.util.zip.ZipFile jdk = new java.util.zip.ZipFile(r.zip().toFile())) {
                for (int size : sizes) {
                    try (InputStream in = jdk.getInputStream(jdk.getEntry("e/f" + size + ".bin"))) {
                        assertThat(in.readAllBytes()).as("level " + level + ", " + size + " bytes")
                                .isEqualTo(Files.readAllBytes(tree.resolve("f" + size + ".bin")));
                    }
                }
                assertThat(jdk.getEntry("e/empty-folder/").isDirectory()).isTrue();
            }
            ZipReaders.assertAllAccept(r.zip());
        }
    }

    @Test
    void anEmptyFolderGivesAZipWithOnlyItsTopLevelFolder() throws Exception {
        Path tree = Files.createDirectories(temp.resolve("nothing"));
        ZipResult r = zip(tree, temp.resolve("out/n.zip"));
        assertThat(r.files()).isZero();
        assertThat(r.directories()).isEqualTo(1);
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            assertThat(Collections.list(zf.getEntries())).extracting(ZipArchiveEntry::getName).containsExactly(ROOT + "/");
        }
        ZipReaders.assertAllAccept(r.zip());
    }

    @Test
    void flippedByteInCompressedDataIsCaughtByVerification() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        List<ExpectedEntry> expected = new SourceTree().expected(tree, ROOT);
        ZipVerifier verifier = new ZipVerifier();
        assertThat(verifier.check(r.zip(), expected, CancellationToken.none())).isNull();

        long dataOffset;
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            ZipArchiveEntry cli = zf.getEntry(ROOT + "/audiocpp_cli.exe");
            dataOffset = cli.getDataOffset() + cli.getCompressedSize() / 2;
        }
        flip(r.zip(), dataOffset);
        assertThat(verifier.check(r.zip(), expected, CancellationToken.none())).contains("audiocpp_cli.exe");
    }

    @Test
    void flippedByteInCentralDirectoryCrcIsCaughtByVerification() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        List<ExpectedEntry> expected = new SourceTree().expected(tree, ROOT);
        // The last central directory header belongs to the last entry; its CRC sits 16 bytes in.
        byte[] bytes = Files.readAllBytes(r.zip());
        int central = lastIndexOf(bytes, new byte[] {0x50, 0x4b, 0x01, 0x02});
        flip(r.zip(), central + 16);
        assertThat(new ZipVerifier().check(r.zip(), expected, CancellationToken.none())).isNotNull();
    }

    @Test
    void verificationCatchesAFileThatDiffersFromTheTree() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        Files.writeString(tree.resolve("README.md"), "# changed after zipping\n");
        assertThat(new ZipVerifier().check(r.zip(), new SourceTree().expected(tree, ROOT), CancellationToken.none()))
                .contains("README.md");
    }

    /** A listener that does {@code change} to the folder once it is listed, before any file is read. */
    private static OperationListener onceListed(IoAction change) {
        return new OperationListener() {
            @Override
            public void status(String text) {
                if (text.startsWith("Compressing")) {
                    try {
                        change.run();
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
        };
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }

    @Test
    void aFileRemovedWhileZippingFailsTheWorkAndSaysItWasRemoved() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out/p.zip");
        Path readme = tree.resolve("README.md");

        assertThatThrownBy(() -> archiver.run(ZipRequest.of(tree, out, ROOT), onceListed(() -> Files.delete(readme)),
                CancellationToken.none()))
                .isInstanceOf(OperationFailedException.class)
                .hasMessage(readme + " was removed while the folder was being zipped (it was there when the folder was listed)."
                        + " Make sure nothing changes the package folder while it is zipped, and run again.");
        assertThat(out).doesNotExist();
    }

    @Test
    void aFileChangedWhileZippingFailsTheWorkAndSaysItChanged() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out/p.zip");
        Path readme = tree.resolve("README.md");

        assertThatThrownBy(() -> archiver.run(ZipRequest.of(tree, out, ROOT),
                onceListed(() -> Files.writeString(readme, "more\n", java.nio.file.StandardOpenOption.APPEND)), CancellationToken.none()))
                .isInstanceOf(OperationFailedException.class)
                .hasMessageStartingWith(readme + " changed while it was being zipped");
        assertThat(out).doesNotExist();
    }

    @Test
    void cancelledZipLeavesNoFinalFile() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out/p.zip");
        CancellationToken token = new CancellationToken();
        OperationListener cancelMidway = new OperationListener() {
            @Override
            public void progress(long done, long total) {
                if (done > 0) {
                    token.cancel();
                }
            }
        };
        assertThatThrownBy(() -> archiver.run(ZipRequest.of(tree, out, ROOT), cancelMidway, token))
                .isInstanceOf(OperationCancelledException.class);
        assertThat(out).doesNotExist();
        assertThat(out.resolveSibling(Sha256Sums.FILE_NAME)).doesNotExist();
        // Only the folder's (empty, unlocked) lock file stays.
        try (var left = Files.list(out.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly(OutputLock.FILE_NAME);
        }
    }

    @Test
    void sha256sumAcceptsTheChecksumFile() throws Exception {
        ArchiveFixtures.assumeTool("sha256sum");
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out");
        zip(tree, out.resolve("audiocpp-windows-hip-rocm6.zip"));
        archiver.run(ZipRequest.of(tree, out.resolve("audiocpp-windows-hip-rocm7.zip"), "audiocpp-windows-hip-rocm7"),
                OperationListener.NONE, CancellationToken.none());
        ArchiveFixtures.Run check = ArchiveFixtures.run(out, "sha256sum", "-c", Sha256Sums.FILE_NAME);
        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output()).contains("audiocpp-windows-hip-rocm6.zip: OK", "audiocpp-windows-hip-rocm7.zip: OK");
        assertThat(Files.readAllLines(out.resolve(Sha256Sums.FILE_NAME))).hasSize(2);
    }

    @Test
    void existingOutputIsUntouchedWithoutForce() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = Files.createDirectories(temp.resolve("out")).resolve("p.zip");
        Files.writeString(out, "the user's own file");
        assertThatThrownBy(() -> zip(tree, out)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(out.toString()).hasMessageContaining("--force");
        assertThat(Files.readString(out)).isEqualTo("the user's own file");

        ZipResult forced = archiver.run(ZipRequest.of(tree, out, ROOT).withOverwrite(true), OperationListener.NONE,
                CancellationToken.none());
        assertThat(Files.size(forced.zip())).isEqualTo(forced.zipBytes()).isGreaterThan(1000);
    }

    @Test
    void nonAsciiFileNameRoundTripsWithUtf8Flag() throws Exception {
        Path tree = Files.createDirectories(temp.resolve("src"));
        String name = "Modèle-日本語-ß.txt";
        Files.writeString(tree.resolve(name), "non-ascii");
        ZipResult r = zip(tree, temp.resolve("out/p.zip"));
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            ZipArchiveEntry e = zf.getEntry(ROOT + "/" + name);
            assertThat(e).isNotNull();
            assertThat(e.getGeneralPurposeBit().usesUTF8ForNames()).isTrue();
        }
        // java.util.zip decodes names as UTF-8 and must see the same name.
        try (java.util.zip.ZipFile jdk = new java.util.zip.ZipFile(r.zip().toFile())) {
            assertThat(jdk.getEntry(ROOT + "/" + name)).isNotNull();
            try (InputStream in = jdk.getInputStream(jdk.getEntry(ROOT + "/" + name))) {
                assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("non-ascii");
            }
        }
    }

    @Test
    void entriesHaveFixedTimeModeAndNoExtraFields() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Instant epoch = Instant.parse("2026-07-29T12:34:56Z");
        ZipResult r = archiver.run(ZipRequest.of(tree, temp.resolve("out/p.zip"), ROOT).withTimestamp(epoch),
                OperationListener.NONE, CancellationToken.none());
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            for (ZipArchiveEntry e : Collections.list(zf.getEntries())) {
                assertThat(e.getExtraFields(true)).as(e.getName()).isEmpty();
                assertThat(e.getCentralDirectoryExtra()).as(e.getName()).isEmpty();
                assertThat(e.getUnixMode()).isEqualTo(e.isDirectory() ? 040755 : 0100644);
                // The wall-clock fields read back in this zone show the UTC time of the epoch.
                LocalDateTime local = LocalDateTime.ofInstant(Instant.ofEpochMilli(e.getTime()), java.time.ZoneId.systemDefault());
                assertThat(local).isEqualTo(LocalDateTime.ofInstant(epoch, ZoneOffset.UTC));
            }
        }
    }

    @Test
    void sourceDateEpochGivesTheEntryTime() throws Exception {
        assertThat(ZipRequest.timestampFrom(java.util.Map.of("SOURCE_DATE_EPOCH", "1785328496")))
                .isEqualTo(Instant.ofEpochSecond(1785328496));
        assertThat(ZipRequest.timestampFrom(java.util.Map.of())).isEqualTo(ZipRequest.FIXED_EPOCH);
        assertThatThrownBy(() -> ZipRequest.timestampFrom(java.util.Map.of("SOURCE_DATE_EPOCH", "yesterday")))
                .isInstanceOf(PackagerException.class).hasMessageContaining("SOURCE_DATE_EPOCH");
    }

    @Test
    void levelZeroStoresEveryFile() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        ZipResult r = archiver.run(ZipRequest.of(tree, temp.resolve("out/p.zip"), ROOT).withLevel(0),
                OperationListener.NONE, CancellationToken.none());
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            for (ZipArchiveEntry e : Collections.list(zf.getEntries())) {
                assertThat(e.getMethod()).isEqualTo(ZipArchiveEntry.STORED);
            }
        }
        assertThat(r.zipBytes()).isGreaterThan(r.contentBytes());
    }

    @Test
    void killedZipLeavesNoFileWithTheFinalName() throws Exception {
        String modulePath = System.getProperty("jdk.module.path");
        org.junit.jupiter.api.Assumptions.assumeTrue(modulePath != null && !modulePath.isBlank(),
                "tests do not run on the module path here, so the killed-process check did not run");
        Path tree = Files.createDirectories(temp.resolve("src"));
        for (int i = 0; i < 4; i++) {
            Files.write(tree.resolve("big" + i + ".dll"), ArchiveFixtures.packageLikeBytes(40 + i, 12_000_000));
        }
        Path out = temp.resolve("out/p.zip");
        String javaExe = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = new ProcessBuilder(javaExe, "--module-path", modulePath, "-m", "dev.hippack/dev.hippack.Main",
                "zip", tree.toString(), "--out", out.toString(), "--threads", "1")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
        while (partials(out).isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        boolean killedMidway = !partials(out).isEmpty() && p.isAlive();
        p.destroyForcibly();
        p.waitFor();
        org.junit.jupiter.api.Assumptions.assumeTrue(killedMidway, "the zip finished before it could be killed");
        assertThat(out).doesNotExist();
        assertThat(out.resolveSibling(Sha256Sums.FILE_NAME)).doesNotExist();

        List<Path> left = partials(out);
        assertThat(left).hasSize(1);
        assertThat(left.get(0).getFileName().toString()).startsWith("p.zip.").endsWith(".partial");

        // The next run removes what the killed one left (it holds the folder's lock, so nothing else is writing it) and finishes.
        ZipResult again = zip(tree, out);
        assertThat(again.zip()).exists();
        assertThat(partials(out)).isEmpty();
    }

    @Test
    void outputInsideTheZippedFolderIsRefused() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        assertThatThrownBy(() -> zip(tree, tree.resolve("p.zip"))).isInstanceOf(PackagerException.class)
                .hasMessageContaining("inside the folder");
    }

    private static List<Path> partials(Path out) throws IOException {
        return Files.isDirectory(out.getParent()) ? AtomicFile.leftovers(out) : List.of();
    }

    private static void flip(Path file, long offset) throws IOException {
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(b, offset);
            b.put(0, (byte) (b.get(0) ^ 0x01));
            b.rewind();
            ch.write(b, offset);
        }
    }

    private static int lastIndexOf(byte[] data, byte[] pattern) {
        for (int i = data.length - pattern.length; i >= 0; i--) {
            boolean match = true;
            for (int j = 0; j < pattern.length && match; j++) {
                match = data[i + j] == pattern[j];
            }
            if (match) {
                return i;
            }
        }
        throw new AssertionError("pattern not found");
    }
}
