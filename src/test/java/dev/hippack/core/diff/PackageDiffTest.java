package dev.hippack.core.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.PackagePart;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.Stager;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diff of two packages staged from the sample machine, as folders and as zips read in place:
 * dropping gfx1151 shows exactly that, the same package shows no change, and an added file, a
 * changed DLL and a new version are each found.
 */
class PackageDiffTest {

    @TempDir
    static Path temp;

    static final Catalog CATALOG = CatalogLoader.embedded();
    static SampleEnvironment sample;
    static Path withGfx1151;
    static Path withoutGfx1151;
    static Path withGfx1151Zip;
    static Path withoutGfx1151Zip;
    static Path changed;
    /** Each package read once (folders read through, zips checked entry by entry), by path. */
    static final java.util.Map<Path, PackageSnapshot> SNAPSHOTS = new java.util.HashMap<>();

    final PackageDiffer differ = new PackageDiffer();

    @BeforeAll
    static void stageTwoPackages() throws Exception {
        sample = SharedSample.copyTo(temp.resolve("sample"));
        // A small rocm6 package (two targets with small kernel sets) keeps the zips quick; the second drops gfx1151.
        ReleasePlan plan = new ProfileStore(CATALOG).load(sample.profile("rocm6"))
                .withTargets(List.of("gfx1151", "gfx1200")).withRocblasKernels(KernelPolicy.FILTERED);
        withGfx1151 = stage(plan, "a");
        withoutGfx1151 = stage(plan.withTargets(List.of("gfx1200")), "b");
        withGfx1151Zip = zip(withGfx1151, temp.resolve("zips-a"));
        withoutGfx1151Zip = zip(withoutGfx1151, temp.resolve("zips-b"));
        // A third staging of the first, then changed the way a new release changes a package. Staged files are
        // hard links into the sample's SDK: a changed one is replaced, never written through.
        changed = stage(plan, "c");
        Files.writeString(changed.resolve("CHANGES.txt"), "new\n");
        long hipblas = Files.size(changed.resolve("hipblas.dll"));
        Files.delete(changed.resolve("hipblas.dll"));
        try (RandomAccessFile dll = new RandomAccessFile(changed.resolve("hipblas.dll").toFile(), "rw")) {
            dll.setLength(hipblas + 4096);
        }
        Files.writeString(changed.resolve("rocblas/library/TensileLibrary_lazy_gfx1201.dat"), "new arch");
        Files.writeString(changed.resolve("README.md"), Files.readString(changed.resolve("README.md"))
                .replace("audio.cpp version: v0.4.3-sample", "audio.cpp version: v0.4.4"));
        PackageSnapshotReader reader = new PackageSnapshotReader(CATALOG);
        for (Path p : List.of(withGfx1151, withoutGfx1151, withGfx1151Zip, withoutGfx1151Zip, changed)) {
            SNAPSHOTS.put(p, reader.read(p, true, OperationListener.NONE, CancellationToken.none()));
        }
    }

    private static Path stage(ReleasePlan plan, String out) throws Exception {
        var layout = new LayoutPlanner(CATALOG).plan(plan, sample.host(), Optional.of("v0.4.3-sample"));
        return new Stager().run(new StageRequest(layout, temp.resolve(out)), OperationListener.NONE, CancellationToken.none())
                .packageDir();
    }

    private static Path zip(Path folder, Path dir) throws Exception {
        Files.createDirectories(dir);
        Path zip = dir.resolve(folder.getFileName() + ".zip");
        new ZipArchiver().run(ZipRequest.of(folder, zip, folder.getFileName().toString()), OperationListener.NONE,
                CancellationToken.none());
        return zip;
    }

    private static PackageSnapshot read(Path p) {
        return SNAPSHOTS.get(p);
    }

    private PackageDiff diff(Path older, Path newer) {
        return differ.diff(read(older), read(newer));
    }

    @Test
    void droppingGfx1151ShowsExactlyThatInFoldersAndInZips() throws Exception {
        for (PackageDiff d : List.of(diff(withGfx1151, withoutGfx1151), diff(withGfx1151Zip, withoutGfx1151Zip),
                diff(withGfx1151, withoutGfx1151Zip))) {
            assertThat(d.unchanged()).isFalse();
            assertThat(d.targetsLost()).containsExactly("gfx1151");
            assertThat(d.targetsGained()).isEmpty();
            assertThat(d.added()).isEmpty();
            assertThat(d.removed()).isNotEmpty()
                    .allSatisfy(f -> assertThat(f.arch()).contains("gfx1151"))
                    .allSatisfy(f -> assertThat(f.path()).containsAnyOf("rocblas/library/", "hipblaslt/library/"));
            // The README lists the targets, and the bill of materials the files; nothing else changes.
            assertThat(d.changed()).extracting(PackageDiff.FileChange::path).containsExactly("README.md", "sbom.cdx.json");
            // By component: the kernel libraries keep their version and lose files.
            assertThat(d.bothHaveSboms()).isTrue();
            assertThat(d.parts()).extracting(p -> p.label() + " " + p.rebuilt())
                    .containsExactlyInAnyOrder("rocBLAS kernel library true", "hipBLASLt kernel library true");
            assertThat(d.architectures()).extracting(a -> a.arch() + " " + a.library() + " " + (a.newBytes() == 0))
                    .containsExactlyInAnyOrder("gfx1151 rocblas true", "gfx1151 hipblaslt true");
            assertThat(d.components()).extracting(c -> c.id().id())
                    .containsExactly("rocblas-kernels", "hipblaslt-kernels", "readme");
            assertThat(d.components()).filteredOn(c -> c.id() != PackagePart.README).allMatch(c -> c.deltaBytes() < 0);
            assertThat(d.rocmDlls()).isEmpty();
            assertThat(d.findings()).isEmpty();

            List<String> text = new DiffText().lines(d);
            assertThat(String.join("\n", text)).contains("Targets lost: gfx1151.")
                    .contains("rocBLAS kernel files of gfx1151").contains("hipBLASLt kernel files of gfx1151")
                    .contains("changed: README.md (").contains("sbom.cdx.json (").contains("ROCm DLLs: no change.")
                    .containsPattern("- Components \\(by the bills of materials\\): hipBLASLt kernel library 6\\.4, \\d+ -> \\d+ files;"
                            + " rocBLAS kernel library 6\\.4, \\d+ -> \\d+ files\\.")
                    .doesNotContain("No change:").doesNotContain("Targets gained");
        }
    }

    @Test
    void thePackageAgainstItselfOrItsZipIsNoChange() throws Exception {
        for (PackageDiff d : List.of(diff(withGfx1151, withGfx1151), diff(withGfx1151, withGfx1151Zip),
                diff(withGfx1151Zip, withGfx1151Zip))) {
            assertThat(d.unchanged()).isTrue();
            assertThat(d.targetsLost()).isEmpty();
            assertThat(d.components()).isEmpty();
            assertThat(d.architectures()).isEmpty();
            assertThat(d.rocmDlls()).isEmpty();
            assertThat(new DiffText().lines(d)).singleElement().asString().startsWith("- No change: the same ");
        }
        assertThat(read(withGfx1151Zip).version()).contains("v0.4.3-sample");
        assertThat(read(withGfx1151Zip).targets()).containsExactly("gfx1151", "gfx1200");
        assertThat(read(withGfx1151Zip).name()).isEqualTo("audiocpp-windows-hip-rocm6");
    }

    @Test
    void anAddedFileAChangedDllAndAnotherTargetAreEachFound() throws Exception {
        PackageDiff d = diff(withGfx1151, changed);
        assertThat(d.added()).extracting(PackageDiff.FileChange::path)
                .containsExactlyInAnyOrder("CHANGES.txt", "rocblas/library/TensileLibrary_lazy_gfx1201.dat");
        assertThat(d.removed()).isEmpty();
        assertThat(d.changed()).extracting(PackageDiff.FileChange::path).containsExactlyInAnyOrder("README.md", "hipblas.dll");
        assertThat(d.rocmDlls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("hipblas.dll");
            assertThat(c.newBytes() - c.oldBytes()).isEqualTo(4096);
        });
        assertThat(d.architectures()).singleElement().satisfies(a -> assertThat(a.arch() + " " + a.oldBytes()).isEqualTo("gfx1201 0"));
        assertThat(d.components()).extracting(c -> c.id().id()).contains("math-dlls", "other", "rocblas-kernels");
        assertThat(d.oldPackage().version()).contains("v0.4.3-sample");
        assertThat(d.newPackage().version()).contains("v0.4.4");
        String text = String.join("\n", new DiffText().lines(d));
        assertThat(text).contains("audio.cpp version: v0.4.3-sample -> v0.4.4").contains("hipblas.dll")
                .contains("added: 1 rocBLAS kernel files of gfx1201").contains("CHANGES.txt");
    }
}
