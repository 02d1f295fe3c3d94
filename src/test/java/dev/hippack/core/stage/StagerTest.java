package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.FileTrees;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
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
        assertThat(r.files()).isEqualTo(layout.files().size() + 3);
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
