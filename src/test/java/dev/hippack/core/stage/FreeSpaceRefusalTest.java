package dev.hippack.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.Sha256Sums;
import dev.hippack.core.archive.SourceTree;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.io.FreeSpace;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Staging and zipping read the free space first and refuse with the needed and available figures,
 * writing nothing (issue 33 §4): through the seam, and on a real 1 MiB tmpfs where mounting works.
 */
class FreeSpaceRefusalTest {

    @TempDir
    Path tmp;

    /** A layout of two files of {@code bytes} each, taken from {@code tmp/src}. */
    private PackageLayout layout(int bytes) throws Exception {
        Path src = Files.createDirectories(tmp.resolve("src"));
        byte[] data = new byte[bytes];
        new Random(7).nextBytes(data);
        Files.write(src.resolve("a.dll"), data);
        Files.write(src.resolve("b.dll"), data);
        return new PackageLayout("pkg", List.of(new StagedFile("a.dll", src.resolve("a.dll"), bytes, StagedFile.Kind.ROCM_DLL),
                new StagedFile("b.dll", src.resolve("b.dll"), bytes, StagedFile.Kind.ROCM_DLL)),
                List.of(new GeneratedFile("README.md", "# pkg\n")), List.of(), List.of(), 0, List.of());
    }

    @Test
    void stagingRefusesWithBothFiguresAndWritesNothingWhenTheDiskIsShort() throws Exception {
        PackageLayout layout = layout(1000);
        Path out = tmp.resolve("out");
        Stager stager = new Stager(folder -> 1500);
        assertThatThrownBy(() -> stager.run(new StageRequest(layout, out), OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("staging pkg").hasMessageContaining("needs 2.0 KiB (2006 bytes)")
                .hasMessageContaining("has 1.5 KiB (1500 bytes) free").hasMessageContaining("Nothing was written");
        assertThat(out).doesNotExist();
    }

    @Test
    void stagingGoesAheadWhenTheDiskHasRoom() throws Exception {
        PackageLayout layout = layout(1000);
        StageResult r = new Stager(folder -> 2006).run(new StageRequest(layout, tmp.resolve("out")), OperationListener.NONE,
                CancellationToken.none());
        assertThat(tmp.resolve("out/pkg/a.dll")).exists();
        assertThat(r).isNotNull();
    }

    @Test
    void zippingRefusesWithBothFiguresBeforeWritingTheZip() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("folder"));
        Files.write(folder.resolve("x.bin"), new byte[100_000]);
        Path zip = tmp.resolve("zips/pkg.zip");
        Files.createDirectories(zip.getParent());
        ZipArchiver archiver = new ZipArchiver(new SourceTree(), new Sha256Sums(), WriteChannels.DEFAULT, f -> 50_000);
        assertThatThrownBy(() -> archiver.run(ZipRequest.of(folder, zip, "pkg"), OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("the zip pkg.zip").hasMessageContaining("has 48.8 KiB (50000 bytes) free");
        try (var left = Files.list(zip.getParent())) {
            assertThat(left.filter(p -> !p.getFileName().toString().startsWith(".hip-packager")).toList()).isEmpty();
        }
    }

    @Test
    void onARealOneMibTmpfsStagingAndZippingRefuseBeforeTheDiskFills() throws Exception {
        Path mount = Files.createDirectories(tmp.resolve("tmpfs"));
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString()) == 0;
        Assumptions.assumeTrue(mounted, "mounting a tmpfs needs root; this machine refused it, so the real-disk case did not run");
        try {
            long free = FreeSpace.SYSTEM.usableBytes(mount);
            assertThat(free).isLessThanOrEqualTo(1024 * 1024);
            PackageLayout layout = layout(600_000);
            assertThatThrownBy(() -> new Stager().run(new StageRequest(layout, mount.resolve("out")), OperationListener.NONE,
                    CancellationToken.none()))
                    .isInstanceOf(PackagerException.class).hasMessageContaining("(" + free + " bytes) free");
            assertThat(mount.resolve("out/pkg.partial")).doesNotExist();
            Path folder = Files.createDirectories(tmp.resolve("big"));
            byte[] data = new byte[1_500_000];
            new Random(3).nextBytes(data);
            Files.write(folder.resolve("x.bin"), data);
            assertThatThrownBy(() -> new ZipArchiver().run(ZipRequest.of(folder, mount.resolve("pkg.zip"), "pkg"),
                    OperationListener.NONE, CancellationToken.none()))
                    .isInstanceOf(PackagerException.class).hasMessageContaining("the zip pkg.zip");
            assertThat(mount.resolve("pkg.zip")).doesNotExist();
        } finally {
            assertThat(run("umount", mount.toString())).isZero();
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
