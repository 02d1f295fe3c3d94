package dev.hippack.core.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.FailingChannels;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zip under hostile or failing conditions: links and special files in the tree, links at
 * the names it writes, a full disk, absurd thread counts. Real links, real FIFOs, a real small
 * file system where one can be mounted, and an injected failing channel where not.
 */
class ZipOutputSafetyTest {

    private static final String ROOT = "audiocpp-windows-hip-rocm6";

    @TempDir
    Path temp;

    private ZipResult zip(Path tree, Path out, boolean force) throws Exception {
        return new ZipArchiver().run(ZipRequest.of(tree, out, ROOT).withThreads(2).withOverwrite(force),
                OperationListener.NONE, CancellationToken.none());
    }

    private static List<String> names(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path victim() throws IOException {
        return Files.writeString(temp.resolve("victim.txt"), "precious");
    }

    // --- links and special files in the tree (issue 14, item 3) ---------------------------

    @Test
    void aFileLinkInTheTreeIsRefusedNamingItBeforeAnythingIsWritten() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path secret = victim();
        Files.createSymbolicLink(tree.resolve("evil.dll"), secret);
        Path out = temp.resolve("out/p.zip");
        assertThatThrownBy(() -> zip(tree, out, false)).isInstanceOf(PackagerException.class)
                .isNotInstanceOf(OperationFailedException.class)
                .hasMessageContaining(tree.resolve("evil.dll").toString()).hasMessageContaining("symbolic link");
        assertThat(out.getParent()).doesNotExist();
    }

    @Test
    void aBackslashInANameIsRefusedNamingItBeforeAnythingIsWritten() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path odd = Files.writeString(tree.resolve("a\\..\\b.dll"), "x");
        Path out = temp.resolve("out/p.zip");
        assertThatThrownBy(() -> zip(tree, out, false)).isInstanceOf(PackagerException.class)
                .isNotInstanceOf(OperationFailedException.class)
                .hasMessageContaining(odd.toString()).hasMessageContaining("backslash");
        assertThat(out.getParent()).doesNotExist();
    }

    @Test
    void namesDifferingOnlyInCaseAreRefusedNamingBothBeforeAnythingIsWritten() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path lower = Files.writeString(tree.resolve("notes.txt"), "a");
        Path upper = Files.writeString(tree.resolve("NOTES.txt"), "b");
        Assumptions.assumeTrue(!Files.isSameFile(lower, upper), "this file system ignores case");
        Path out = temp.resolve("out/p.zip");
        assertThatThrownBy(() -> zip(tree, out, false)).isInstanceOf(PackagerException.class)
                .isNotInstanceOf(OperationFailedException.class)
                .hasMessageContaining(lower.toString()).hasMessageContaining(upper.toString())
                .hasMessageContaining("differ only in case");
        assertThat(out.getParent()).doesNotExist();
    }

    @Test
    void aFolderLinkAndABrokenLinkInTheTreeAreRefused() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Files.writeString(outside.resolve("other.dll"), "not part of the package");
        Files.createSymbolicLink(tree.resolve("rocblas/extra"), outside);
        assertThatThrownBy(() -> zip(tree, temp.resolve("out/p.zip"), false)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("rocblas").hasMessageContaining("extra").hasMessageContaining("symbolic link");
        Files.delete(tree.resolve("rocblas/extra"));
        Files.createSymbolicLink(tree.resolve("gone.dll"), temp.resolve("does-not-exist"));
        assertThatThrownBy(() -> zip(tree, temp.resolve("out/p.zip"), false)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("gone.dll");
    }

    @Test
    void aFifoInTheTreeIsRefusedInsteadOfHangingTheZip() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path fifo = tree.resolve("pipe.dll");
        Assumptions.assumeTrue(run("mkfifo", fifo.toString()) == 0, "mkfifo is not available; the FIFO case did not run");
        assertThatThrownBy(() -> zip(tree, temp.resolve("out/p.zip"), false)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(fifo.toString()).hasMessageContaining("special file");
    }

    @Test
    void aDeviceNodeInTheTreeIsRefused() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path device = tree.resolve("null.dll");
        // A character device like /dev/null (1,3); creating one needs root.
        Assumptions.assumeTrue(run("mknod", device.toString(), "c", "1", "3") == 0,
                "mknod needs root; the device case did not run");
        assertThatThrownBy(() -> zip(tree, temp.resolve("out/p.zip"), false)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(device.toString()).hasMessageContaining("special file");
    }

    // --- links at the names the zip writes (item 2) ------------------------------------------

    @Test
    void aLinkAtTheZipsNameIsRefusedEvenWithForceAndNeverFollowed() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path secret = victim();
        Path out = Files.createDirectories(temp.resolve("out")).resolve("p.zip");
        Files.createSymbolicLink(out, secret);
        assertThatThrownBy(() -> zip(tree, out, true)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(out.toString()).hasMessageContaining("symbolic link");
        assertThat(Files.readString(secret)).isEqualTo("precious");
        assertThat(Files.isSymbolicLink(out)).isTrue();
        assertThat(names(out.getParent())).containsExactly("p.zip");
    }

    @Test
    void aLinkAtSha256SumsIsRefusedBeforeTheZipIsWritten() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path secret = victim();
        Path out = Files.createDirectories(temp.resolve("out")).resolve("p.zip");
        Files.createSymbolicLink(out.resolveSibling(Sha256Sums.FILE_NAME), secret);
        assertThatThrownBy(() -> zip(tree, out, false)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(Sha256Sums.FILE_NAME).hasMessageContaining("symbolic link");
        assertThat(Files.readString(secret)).isEqualTo("precious");
        assertThat(names(out.getParent())).containsExactly(Sha256Sums.FILE_NAME);
    }

    @Test
    void linksPlantedAtTemporaryNamesAreNeverWrittenThrough() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path secret = victim();
        Path dir = Files.createDirectories(temp.resolve("out"));
        // The fixed names of earlier versions, and a name of today's form.
        Files.createSymbolicLink(dir.resolve("p.zip.partial"), secret);
        Files.createSymbolicLink(dir.resolve("SHA256SUMS.partial"), secret);
        Files.createSymbolicLink(dir.resolve("p.zip.abcdefghijkl.partial"), secret);
        ZipResult r = zip(tree, dir.resolve("p.zip"), false);
        assertThat(Files.readString(secret)).isEqualTo("precious");
        assertThat(Files.isRegularFile(r.zip(), LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(Files.isRegularFile(r.checksums(), LinkOption.NOFOLLOW_LINKS)).isTrue();
        // The one of today's form was a leftover of ours: removed (the link, not its target).
        assertThat(names(dir)).containsExactly(OutputLock.FILE_NAME, "SHA256SUMS", "SHA256SUMS.partial", "p.zip",
                "p.zip.partial");
        ZipReaders.assertAllAccept(r.zip());
    }

    // --- a full disk and failed writes (item 5) ---------------------------------------------

    @Test
    void aWriteFailureInTheZipLeavesNothingAndIsAFailureOfTheWork() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out/p.zip");
        ZipArchiver failing = new ZipArchiver(new SourceTree(), new Sha256Sums(), FailingChannels.failingAfter(300_000));
        assertThatThrownBy(() -> failing.run(ZipRequest.of(tree, out, ROOT).withThreads(2), OperationListener.NONE,
                CancellationToken.none())).isInstanceOf(OperationFailedException.class)
                .hasMessageContaining("disk is full").hasMessageContaining("free space");
        assertThat(names(out.getParent())).containsExactly(OutputLock.FILE_NAME);
    }

    @Test
    void aSha256SumsThatCannotBeWrittenLeavesNoZipAndNoPartialFile() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path out = temp.resolve("out/p.zip");
        ZipArchiver failing = new ZipArchiver(new SourceTree(), new Sha256Sums(FailingChannels.failingAfter(0)),
                WriteChannels.DEFAULT);
        assertThatThrownBy(() -> failing.run(ZipRequest.of(tree, out, ROOT), OperationListener.NONE,
                CancellationToken.none())).isInstanceOf(OperationFailedException.class)
                .hasMessageContaining(Sha256Sums.FILE_NAME).hasMessageContaining("disk is full");
        // The sums are prepared before the zip takes its name, so the zip never stands without its line.
        assertThat(names(out.getParent())).containsExactly(OutputLock.FILE_NAME);
    }

    @Test
    void aFullSmallFileSystemLeavesNoPartialFileOrZip() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        Path mount = Files.createDirectories(temp.resolve("small"));
        // 1 MiB: the fixture's zip needs about 4 MiB.
        int mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString());
        Assumptions.assumeTrue(mounted == 0, "cannot mount a tmpfs here (needs root and a kernel that allows it); "
                + "the real full-disk case did not run (the injected-failure tests still did)");
        try {
            Path out = mount.resolve("p.zip");
            // The free-space check would refuse first (FreeSpaceRefusalTest); told there is room, the write itself
            // meets the full disk, which must still leave nothing behind.
            ZipArchiver misled = new ZipArchiver(new SourceTree(), new Sha256Sums(), WriteChannels.DEFAULT, folder -> Long.MAX_VALUE);
            assertThatThrownBy(() -> misled.run(ZipRequest.of(tree, out, ROOT).withThreads(2), OperationListener.NONE,
                    CancellationToken.none())).isInstanceOf(OperationFailedException.class)
                    .hasMessageContaining("disk is full");
            assertThat(names(mount)).containsExactly(OutputLock.FILE_NAME);
        } finally {
            run("umount", mount.toString());
        }
    }

    // --- threads (item 10) -------------------------------------------------------------------

    @Test
    void anAbsurdThreadCountIsCappedAtTheCoresAndTheWork() throws Exception {
        Path tree = ArchiveFixtures.packageTree(temp.resolve("src"));
        List<String> status = new ArrayList<>();
        OperationListener listener = new OperationListener() {
            @Override
            public void status(String text) {
                status.add(text);
            }
        };
        ZipResult r = new ZipArchiver().run(ZipRequest.of(tree, temp.resolve("out/p.zip"), ROOT).withThreads(100_000),
                listener, CancellationToken.none());
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(status.get(0)).contains("on " + Math.min(cores, 25) + " thread").contains("100000 asked");
        assertThat(ZipArchiver.threadsFor(100_000, 3)).isEqualTo(Math.min(cores, 3));
        assertThat(ZipArchiver.threadsFor(100_000, 1_000_000)).isEqualTo(cores);
        assertThat(ZipArchiver.threadsFor(1, 1_000_000)).isEqualTo(1);
        assertThat(r.files()).isEqualTo(20);
    }

    // --- Zip64 for a file over 4 GiB ---------------------------------------------------------

    /**
     * A 4.3 GB file (sparse, mostly zeros, so it is quick to read and deflate) needs Zip64 sizes in
     * its local header and the central directory; every reader must accept them.
     */
    @Test
    void aFileOver4GiBGetsZip64SizesThatEveryReaderAccepts() throws Exception {
        Path tree = Files.createDirectories(temp.resolve("big"));
        long size = (1L << 32) + 123_457;
        try (RandomAccessFile f = new RandomAccessFile(tree.resolve("huge.dll").toFile(), "rw")) {
            f.setLength(size);
            f.seek(size - 5);
            f.write(new byte[] {'t', 'a', 'i', 'l', '!'});
        }
        Files.writeString(tree.resolve("README.md"), "small\n");
        ZipResult r = new ZipArchiver().run(ZipRequest.of(tree, temp.resolve("out/big.zip"), "big").withLevel(1),
                OperationListener.NONE, CancellationToken.none());
        try (ZipFile zf = ZipFile.builder().setPath(r.zip()).get()) {
            ZipArchiveEntry huge = zf.getEntry("big/huge.dll");
            assertThat(huge.getSize()).isEqualTo(size);
            assertThat(zf.getEntry("big/README.md").getSize()).isEqualTo(6);
        }
        ZipReaders.assertAllAccept(r.zip());
    }

    private static int run(String... command) throws IOException, InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor();
        } catch (IOException e) {
            return -1;
        }
    }
}
