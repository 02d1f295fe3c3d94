package dev.hippack.core.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.sbom.ComponentCatalog;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.sbom.SbomFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What changed between two packages by component, from their bills of materials. */
class ComponentDiffTest {

    @TempDir
    Path tmp;

    private final PackageSbom sbom = new PackageSbom(ComponentCatalog.standard(), new PeReader(), "test");

    private PackageSnapshot snapshot(Path dir) throws Exception {
        return new PackageSnapshotReader(CatalogLoader.embedded()).read(dir, true, OperationListener.NONE, CancellationToken.none());
    }

    private Path pkg(String name, String crtFolder, boolean hipblas, String audiocpp, String commit) throws Exception {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.copy(crtFolder.equals("crt") ? PeFixtures.sample("crt/VCRUNTIME140.dll") : PeFixtures.test(crtFolder + "/VCRUNTIME140.dll"),
                dir.resolve("VCRUNTIME140.dll"));
        if (hipblas) {
            Files.copy(PeFixtures.sample("rocm6/hipblas.dll"), dir.resolve("hipblas.dll"));
        }
        Files.writeString(dir.resolve("README.md"), "readme\n");
        sbom.write(dir, name, new SbomFacts(Optional.of(audiocpp), Optional.of(commit), Optional.of("0.9.4"), Optional.of("6.4")));
        return dir;
    }

    @Test
    void newVersionsAddedAndRemovedComponentsAreNamed() throws Exception {
        PackageSnapshot older = snapshot(pkg("old", "crt-14.38", false, "v0.4.2", "a".repeat(40)));
        PackageSnapshot newer = snapshot(pkg("new", "crt", true, "v0.4.3", "b".repeat(40)));
        PackageDiff d = new PackageDiffer().diff(older, newer);
        assertThat(d.bothHaveSboms()).isTrue();
        assertThat(d.parts()).extracting(PackageDiff.PartChange::label).containsExactlyInAnyOrder("audio.cpp",
                "hipblas.dll (hipBLAS)", "VCRUNTIME140.dll (Microsoft Visual C++ runtime)");
        String line = new DiffText().lines(d).stream().filter(l -> l.startsWith("- Components")).findFirst().orElseThrow();
        assertThat(line).contains("audio.cpp v0.4.2 -> v0.4.3", "hipblas.dll (hipBLAS) added (2.4.0.0)",
                "VCRUNTIME140.dll (Microsoft Visual C++ runtime) 14.38.33135.0 -> 14.44.35112.1");
        PackageDiff back = new PackageDiffer().diff(newer, older);
        assertThat(new DiffText().lines(back)).anyMatch(l -> l.contains("hipblas.dll (hipBLAS) removed"));
    }

    @Test
    void sameVersionBuiltFromAnotherCommitIsARebuild() throws Exception {
        PackageSnapshot older = snapshot(pkg("old", "crt", false, "v0.4.3", "a".repeat(40)));
        PackageSnapshot newer = snapshot(pkg("new", "crt", false, "v0.4.3", "b".repeat(40)));
        assertThat(new DiffText().lines(new PackageDiffer().diff(older, newer)))
                .contains("- Components (by the bills of materials): audio.cpp v0.4.3 rebuilt (same version, other content).");
    }

    @Test
    void theSamePackageTwiceHasNoComponentChange() throws Exception {
        Path dir = pkg("same", "crt", true, "v0.4.3", "a".repeat(40));
        PackageDiff d = new PackageDiffer().diff(snapshot(dir), snapshot(dir));
        assertThat(d.parts()).isEmpty();
        assertThat(d.unchanged()).isTrue();
    }

    @Test
    void withoutAnSbomOnOneSideComponentsAreNotCompared() throws Exception {
        Path with = pkg("with", "crt", true, "v0.4.3", "a".repeat(40));
        Path without = tmp.resolve("without");
        Files.createDirectories(without);
        Files.copy(with.resolve("VCRUNTIME140.dll"), without.resolve("VCRUNTIME140.dll"));
        PackageDiff d = new PackageDiffer().diff(snapshot(without), snapshot(with));
        assertThat(d.bothHaveSboms()).isFalse();
        assertThat(new DiffText().lines(d)).noneMatch(l -> l.startsWith("- Components"));
    }
}
