package dev.hippack.core.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.archive.Sha256Sums;
import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.audit.PackageAuditor;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.Stager;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.verify.PackageVerifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release engine as the wizard drives it: prepare, then one package after the other under the
 * lock it holds, then finish; builds in each package's own folder, in order; refusals before work.
 */
class ReleaseServiceTest {

    static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    Path temp;

    SampleEnvironment sample;
    Release release;
    final List<String> built = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void sample() throws Exception {
        sample = SharedSample.copyTo(temp.resolve("sample"));
        Release full = new ProfileStore(CATALOG).loadRelease(sample.root().resolve("profiles/release.json"));
        // Small packages (one target each) keep the zips quick; the tracks' own build folders and SDKs stay.
        release = new Release(full.packages().stream().map(p -> p.withTargets(List.of("gfx1151"))).toList());
    }

    /** The service with a builder that records each build and runs the real stand-in build (a child process). */
    private ReleaseService service() {
        return new ReleaseService(CATALOG, new PackageResolver(), (host, pace) -> (plan, listener, token) -> {
            built.add(plan.archiveName());
            return PackageBuilder.forHost(host, Duration.ZERO).build(plan, listener, token);
        }, new LayoutPlanner(CATALOG), new Stager(), PackageVerifier.standard(CATALOG), new PackageAuditor(CATALOG),
                new ZipArchiver(), new PackageSnapshotReader(CATALOG), new Sha256Sums(), new ReleaseNotes(CATALOG));
    }

    @Test
    void theWizardsWayBuildsEachPackageInItsOwnFolderInOrderThenWritesSumsAndNotes() throws Exception {
        ReleaseService service = service();
        Path out = temp.resolve("out");
        PreparedRelease prepared = service.prepare(ReleaseRequest.of(release, "test", sample.host(), out), OperationListener.NONE,
                CancellationToken.none());
        assertThat(prepared.packages()).extracting(ResolvedPackage::name)
                .containsExactly("audiocpp-windows-hip-rocm6-v0.4.3-sample", "audiocpp-windows-hip-rocm7-v0.4.3-sample");
        assertThat(prepared.packages()).allSatisfy(p -> assertThat(p.version()).contains("v0.4.3-sample"));
        assertThat(out).doesNotExist();

        List<PackageOutcome> outcomes = new ArrayList<>();
        try (OutputLock lock = OutputLock.acquire(out, "the wizard's Archive step")) {
            for (ResolvedPackage pkg : prepared.packages()) {
                outcomes.add(service.runPackage(prepared, pkg, lock, OperationListener.NONE, CancellationToken.none()));
            }
            ReleaseResult result = service.finish(prepared, outcomes, lock, OperationListener.NONE, CancellationToken.none());
            assertThat(result.complete()).isTrue();
            assertThat(result.checksums()).contains(out.resolve("SHA256SUMS"));
            assertThat(Files.readString(result.notes())).isEqualTo(result.notesText()).contains("gfx1151")
                    .contains("sha256sum -c SHA256SUMS", "gh attestation verify", "Digital Signatures", "sbom.cdx.json");
        }
        // Each zip's bill of materials beside it, the same bytes as the one inside the staged package.
        for (String name : List.of("audiocpp-windows-hip-rocm6-v0.4.3-sample", "audiocpp-windows-hip-rocm7-v0.4.3-sample")) {
            assertThat(out.resolve(name + ".sbom.cdx.json")).hasSameBinaryContentAs(out.resolve(name).resolve(PackageSbom.FILE_NAME));
        }
        assertThat(built).containsExactly("audiocpp-windows-hip-rocm6-v0.4.3-sample", "audiocpp-windows-hip-rocm7-v0.4.3-sample");
        // Each build left its record in its own folder: build\hip for rocm6, build\hip71 for rocm7.
        for (String dir : List.of("build/hip", "build/hip71")) {
            Path record = sample.root().resolve("src/audio.cpp").resolve(dir).resolve("bin").resolve(BuildRecordStore.FILE_NAME);
            assertThat(record).as(dir).exists();
            assertThat(Files.readString(record)).contains("gfx1151");
        }
        assertThat(outcomes).allSatisfy(o -> {
            assertThat(o.zipped()).isTrue();
            assertThat(o.build()).hasValueSatisfying(b -> assertThat(b.success()).isTrue());
            assertThat(o.zipFile()).hasValueSatisfying(z -> assertThat(z).exists());
        });
    }

    @Test
    void twoPackagesBuildingInOneFolderAreRefusedBeforeAnyBuild() throws Exception {
        // A release made in code, not read from a profile: the service's own check (on the folders as the
        // build machine resolves them) is all that stands between it and the builds.
        ReleasePlan rocm6 = release.packages().get(0);
        ReleasePlan rocm7 = release.packages().get(1).withSource("C:\\src\\audio.cpp\\build\\..").withBuildDir("build\\hip");
        Release clash = new Release(List.of(rocm6, rocm7));
        assertThatThrownBy(() -> service().prepare(ReleaseRequest.of(clash, "test", sample.host(), temp.resolve("out")),
                OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("would both build in")
                .hasMessageContaining("build\\hip71");
        assertThat(built).isEmpty();
        assertThat(temp.resolve("out")).doesNotExist();
    }

    @Test
    void cancellingStopsTheReleaseAndWritesNoNotes() throws Exception {
        CancellationToken token = new CancellationToken();
        ReleaseService service = new ReleaseService(CATALOG, new PackageResolver(), (host, pace) -> (plan, listener, t) -> {
            built.add(plan.archiveName());
            token.cancel();
            return PackageBuilder.forHost(host, Duration.ZERO).build(plan, listener, t);
        }, new LayoutPlanner(CATALOG), new Stager(), PackageVerifier.standard(CATALOG), new PackageAuditor(CATALOG),
                new ZipArchiver(), new PackageSnapshotReader(CATALOG), new Sha256Sums(), new ReleaseNotes(CATALOG));
        Path out = temp.resolve("out");
        assertThatThrownBy(() -> service.run(ReleaseRequest.of(release, "test", sample.host(), out), OperationListener.NONE, token))
                .isInstanceOf(OperationCancelledException.class);
        assertThat(built).hasSize(1);
        assertThat(out.resolve(ReleaseNotes.FILE_NAME)).doesNotExist();
        assertThat(out.resolve("SHA256SUMS")).doesNotExist();
        // The lock went with the run.
        OutputLock.acquire(out, "the next run").close();
    }
}
