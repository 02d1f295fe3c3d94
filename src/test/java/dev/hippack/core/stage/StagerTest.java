package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.FileTrees;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.io.FileMover;
import dev.hippack.core.io.RetryingRename;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagerTest {

    @TempDir
    Path temp;

    BuildMachineFixture machine;
    PackageLayout layout;
    final Stager stager = new Stager();

    @BeforeEach
    void setUp() throws Exception {
        machine = new BuildMachineFixture(temp.resolve("machine"));
        layout = new LayoutPlanner(machine.catalog).plan(machine.plan(), machine.host);
    }

    private StageResult stage(Path out) throws Exception {
        return stager.run(new StageRequest(layout, out), OperationListener.NONE, CancellationToken.none());
    }

    @Test
    void stagedFolderHoldsTheLayoutAsHardLinksOnOneVolume() throws Exception {
        StageResult r = stage(temp.resolve("out"));
        Path pkg = temp.resolve("out/audiocpp-windows-hip-rocm6");
        assertThat(r.packageDir()).isEqualTo(pkg);
        assertThat(pkg.resolve("audiocpp_cli.exe")).exists();
        assertThat(pkg.resolve("amd_comgr_2.dll")).exists();
        assertThat(pkg.resolve("rocblas/library/TensileManifest.txt")).exists();
        assertThat(pkg.resolve("README.md")).exists();
        assertThat(pkg.resolve("server.json")).exists();
        assertThat(temp.resolve("out/audiocpp-windows-hip-rocm6.partial")).doesNotExist();
        assertThat(pkg.resolve("LICENSE")).exists();
        assertThat(pkg.resolve("THIRD-PARTY-NOTICES.txt")).exists();
        assertThat(pkg.resolve("sbom.cdx.json")).exists();
        // README.md, server.json, THIRD-PARTY-NOTICES.txt and the bill of materials are written, not linked.
        assertThat(r.files()).isEqualTo(layout.files().size() + 4);
        assertThat(r.linked()).isEqualTo(layout.files().size());
        assertThat(r.copied()).isZero();
        for (StagedFile f : layout.files()) {
            assertThat(Files.isSameFile(pkg.resolve(f.path()), f.source())).as(f.path()).isTrue();
        }
    }

    @Test
    void stagingNeverModifiesTheSdkOrBuildFolder() throws Exception {
        Map<String, String> before = fingerprint(machine.root);
        stage(temp.resolve("out"));
        stage(temp.resolve("out"));
        assertThat(fingerprint(machine.root)).isEqualTo(before);
    }

    @Test
    void stagingAcrossVolumesCopies() throws Exception {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm)
                && !Files.getFileStore(shm).equals(Files.getFileStore(temp)),
                "no second volume (/dev/shm) here, so the copy path was not checked");
        Path out = Files.createTempDirectory(shm, "stage-test");
        try {
            StageResult r = stage(out);
            assertThat(r.copied()).isEqualTo(layout.files().size());
            assertThat(r.linked()).isZero();
            StagedFile cli = layout.files().get(0);
            assertThat(Files.readAllBytes(r.packageDir().resolve(cli.path()))).isEqualTo(Files.readAllBytes(cli.source()));
        } finally {
            FileTrees.delete(out);
        }
    }

    @Test
    void aRerunReplacesTheOldFolderOnlyOnceTheNewOneIsComplete() throws Exception {
        Path out = temp.resolve("out");
        StageResult first = stage(out);
        Path marker = first.packageDir().resolve("from-the-first-run.txt");
        Files.writeString(marker, "old");

        CancellationToken token = new CancellationToken();
        OperationListener cancelHalfway = new OperationListener() {
            @Override
            public void progress(long done, long total) {
                token.cancel();
            }
        };
        assertThatThrownBy(() -> stager.run(new StageRequest(layout, out), cancelHalfway, token))
                .isInstanceOf(OperationCancelledException.class);
        assertThat(marker).exists();
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.partial")).doesNotExist();

        stage(out);
        assertThat(marker).doesNotExist();
        assertThat(first.packageDir().resolve("audiocpp_cli.exe")).exists();
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("audiocpp-windows-hip-rocm6");
        }
    }

    @Test
    void aFileOrLinkAtThePackagesNameIsRefusedAndKept() throws Exception {
        Path out = Files.createDirectories(temp.resolve("out-file"));
        Path file = Files.writeString(out.resolve(layout.packageName()), "a user's file");
        assertThatThrownBy(() -> stage(out)).isInstanceOf(dev.hippack.core.PackagerException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("not a staged package folder");
        assertThat(Files.readString(file)).isEqualTo("a user's file");
        assertThat(out.resolve(layout.packageName() + Stager.PARTIAL_SUFFIX)).doesNotExist();

        Path other = Files.createDirectories(temp.resolve("elsewhere"));
        Path linked = Files.createDirectories(temp.resolve("out-link"));
        Files.createSymbolicLink(linked.resolve(layout.packageName()), other);
        assertThatThrownBy(() -> stage(linked)).isInstanceOf(dev.hippack.core.PackagerException.class)
                .hasMessageContaining("a link");
        assertThat(Files.isSymbolicLink(linked.resolve(layout.packageName()))).isTrue();
    }

    @Test
    void cancelledFirstStageLeavesNoPackageFolder() throws Exception {
        CancellationToken token = new CancellationToken();
        token.cancel();
        Path out = temp.resolve("out");
        assertThatThrownBy(() -> stager.run(new StageRequest(layout, out), OperationListener.NONE, token))
                .isInstanceOf(OperationCancelledException.class);
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void outputFolderHoldingTheSourcesIsRefused() {
        Path insideSdk = machine.sdkBin().getParent().getParent();
        PackageLayout named = new PackageLayout("6.4", layout.files(), layout.generated(), layout.windowsDlls(), layout.runtimeLoaded(),
                layout.droppedKernels(), layout.findings());
        assertThatThrownBy(() -> stager.run(new StageRequest(named, insideSdk), OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(dev.hippack.core.PackagerException.class).hasMessageContaining("Choose another --out");
        assertThat(machine.sdkBin().resolve("amdhip64_6.dll")).exists();
    }

    /** The reason Windows gives while another program holds a file open (ERROR_SHARING_VIOLATION). */
    private static final String IN_USE = "The process cannot access the file because it is being used by another process";

    /** A rename that Windows would refuse while {@code refused} says so, else the real one. */
    private static FileMover refusingWhen(BiPredicate<Path, Path> refused) {
        return (from, to, options) -> {
            if (refused.test(from, to)) {
                throw new FileSystemException(from.toString(), to.toString(), IN_USE);
            }
            Files.move(from, to, options);
        };
    }

    private static Stager stagerWith(FileMover mover, Stager.TreeRemoval removal) {
        return new Stager(new RetryingRename(mover, WriteChannels.DEFAULT, d -> { }, List.of(Duration.ofMillis(50),
                Duration.ofMillis(100), Duration.ofMillis(200))), removal);
    }

    private Path firstRunWithMarker(Path out) throws Exception {
        Path marker = stage(out).packageDir().resolve("from-the-first-run.txt");
        Files.writeString(marker, "old");
        return marker;
    }

    private static List<String> names(Path out) throws IOException {
        try (Stream<Path> left = Files.list(out)) {
            return left.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aPackageFolderHeldOpenTwiceIsStagedOnTheThirdTry() throws Exception {
        Path out = temp.resolve("out");
        Path marker = firstRunWithMarker(out);
        AtomicInteger refusals = new AtomicInteger();
        Stager held = stagerWith(refusingWhen((from, to) -> from.getFileName().toString().endsWith(Stager.PARTIAL_SUFFIX)
                && refusals.incrementAndGet() <= 2), FileTrees::delete);

        StageResult r = held.run(new StageRequest(layout, out), OperationListener.NONE, CancellationToken.none());

        assertThat(refusals).hasValue(3);
        assertThat(r.packageDir().resolve("audiocpp_cli.exe")).exists();
        assertThat(marker).doesNotExist();
        assertThat(names(out)).containsExactly("audiocpp-windows-hip-rocm6");
    }

    @Test
    void whenTheNewFolderNeverMovesInThePreviousPackageIsBackUnderItsName() throws Exception {
        Path out = temp.resolve("out");
        Path marker = firstRunWithMarker(out);
        Stager held = stagerWith(refusingWhen((from, to) -> from.getFileName().toString().endsWith(Stager.PARTIAL_SUFFIX)),
                FileTrees::delete);

        assertThatThrownBy(() -> held.run(new StageRequest(layout, out), OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(OperationFailedException.class).hasMessageContaining(IN_USE).hasMessageContaining("try again");

        assertThat(marker).hasContent("old");
        assertThat(names(out)).containsExactly("audiocpp-windows-hip-rocm6");
    }

    @Test
    void whenTheRollBackFailsTooThePreviousPackageIsKeptWholeAndTheMessageSaysWhere() throws Exception {
        Path out = temp.resolve("out");
        firstRunWithMarker(out);
        Stager held = stagerWith(refusingWhen((from, to) -> !from.getFileName().toString().equals("audiocpp-windows-hip-rocm6")),
                FileTrees::delete);

        assertThatThrownBy(() -> held.run(new StageRequest(layout, out), OperationListener.NONE, CancellationToken.none()))
                .isInstanceOfSatisfying(OperationFailedException.class, e -> {
                    List<String> left;
                    try {
                        left = names(out);
                    } catch (IOException io) {
                        throw new AssertionError(io);
                    }
                    assertThat(left).hasSize(1);
                    String kept = left.get(0);
                    assertThat(kept).startsWith("audiocpp-windows-hip-rocm6" + Stager.OLD_INFIX);
                    assertThat(out.resolve(kept).resolve("from-the-first-run.txt")).hasContent("old");
                    assertThat(out.resolve(kept).resolve("audiocpp_cli.exe")).exists();
                    assertThat(e.getMessage()).contains(out.resolve(kept).toString(), "it is kept, whole, at",
                            "rename it to audiocpp-windows-hip-rocm6");
                });
    }

    @Test
    void aPreviousFolderThatCannotBeDeletedDoesNotFailTheStagedPackage() throws Exception {
        Path out = temp.resolve("out");
        firstRunWithMarker(out);
        List<LogLine> log = new ArrayList<>();
        OperationListener listener = new OperationListener() {
            @Override
            public void log(LogLine line) {
                log.add(line);
            }
        };
        Stager held = stagerWith(FileMover.DEFAULT, dir -> {
            throw new FileSystemException(dir.resolve("amdhip64_6.dll").toString(), null, IN_USE);
        });

        StageResult r = held.run(new StageRequest(layout, out), listener, CancellationToken.none());

        assertThat(r.packageDir().resolve("audiocpp_cli.exe")).exists();
        assertThat(r.packageDir().resolve("from-the-first-run.txt")).doesNotExist();
        assertThat(names(out)).hasSize(2).anySatisfy(n -> assertThat(n).startsWith("audiocpp-windows-hip-rocm6" + Stager.OLD_INFIX));
        assertThat(log).anySatisfy(l -> {
            assertThat(l.level()).isEqualTo(LogLine.Level.WARN);
            assertThat(l.text()).contains("could not be removed", "amdhip64_6.dll", "Delete it once nothing holds");
        });
    }

    /** Path -> content hash and modification time of every file below {@code dir}. */
    private static Map<String, String> fingerprint(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(p)) {
                    FileTime t = Files.getLastModifiedTime(p);
                    out.put(dir.relativize(p).toString(), sha256(p) + " " + t.toMillis());
                }
            }
        }
        return out;
    }

    private static String sha256(Path p) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
