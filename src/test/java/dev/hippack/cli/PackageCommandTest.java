package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.demo.SharedSample;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackageCommandTest {

    @TempDir
    Path temp;

    @Test
    void demoPackageRunsStageAuditAndZipEndToEnd() throws Exception {
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--skip-build", "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("audit").get("errors").asInt()).isZero();
        assertThat(json.get("zip").get("zip").asText()).endsWith("audiocpp-windows-hip-rocm6.zip");
        assertThat(out.resolve("audiocpp-windows-hip-rocm6/audiocpp_cli.exe")).exists();
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).exists();
        assertThat(Files.readString(out.resolve("SHA256SUMS"))).contains(json.get("zip").get("sha256").asText());
        try (var zf = new java.util.zip.ZipFile(out.resolve("audiocpp-windows-hip-rocm6.zip").toFile())) {
            assertThat(zf.getEntry("audiocpp-windows-hip-rocm6/server.json")).isNotNull();
        }
        dev.hippack.core.archive.ZipReaders.assertAllAccept(out.resolve("audiocpp-windows-hip-rocm6.zip"));
    }

    @Test
    void packageWithoutSkipBuildRunsTheBuildFirst() throws Exception {
        // A smaller release of the sample (one target, rocBLAS kernels dropped) keeps the zip quick.
        Path sample = temp.resolve("sample");
        SharedSample.copyTo(sample);
        var catalog = dev.hippack.core.catalog.CatalogLoader.embedded();
        var store = new dev.hippack.core.profile.ProfileStore(catalog);
        var plan = store.load(sample.resolve("profiles/rocm6.json")).withTargets(java.util.List.of("gfx1100"))
                .withRocblasKernels(dev.hippack.core.plan.KernelPolicy.DROP);
        Path profile = temp.resolve("small.json");
        store.save(plan, profile);
        // The stand-in build rewrites the executables; a stale one must not survive.
        Path cli = sample.resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe");
        Files.delete(cli);

        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "package", "--profile", profile.toString(),
                "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("build:").contains("stand-in").contains("audit: 0 errors");
        assertThat(cli).exists();
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).exists();
        assertThat(r.err()).contains("libs.drop-rocblas");
    }

    @Test
    void stageCommandOnTheDemoMachineStagesTheRocm6Folder() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "stage", "--out", temp.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("audiocpp-windows-hip-rocm6").contains("hard-linked");
        assertThat(temp.resolve("audiocpp-windows-hip-rocm6/README.md")).exists();
        assertThat(temp.resolve("audiocpp-windows-hip-rocm6.partial")).doesNotExist();
    }

    @Test
    void packageWithoutForceRefusesBeforeBuildingOrTouchingTheStagedFolder() throws Exception {
        Path out = Files.createDirectories(temp.resolve("release"));
        Path zip = Files.writeString(out.resolve("audiocpp-windows-hip-rocm6.zip"), "last week's zip");
        Path staged = Files.createDirectories(out.resolve("audiocpp-windows-hip-rocm6"));
        Path notes = Files.writeString(staged.resolve("my-notes.txt"), "the user's own notes");
        CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("already exists").contains("--force");
        assertThat(r.out()).doesNotContain("build:");
        assertThat(Files.readString(zip)).isEqualTo("last week's zip");
        assertThat(Files.readString(notes)).isEqualTo("the user's own notes");
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm6.zip");
        }
    }

    @Test
    @SuppressWarnings("try") // the other run's lock is held for the block's length and needs no call
    void packageIntoAFolderAnotherRunIsWritingIsRefusedBeforeItBuilds() throws Exception {
        Path out = temp.resolve("release");
        try (dev.hippack.core.io.OutputLock other = dev.hippack.core.io.OutputLock.acquire(out, "zip of another package")) {
            CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--out", out.toString());
            assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
            assertThat(r.err()).contains("Another HIP Packager run is writing to").contains("zip of another package");
            assertThat(r.out()).doesNotContain("build:");
            CliTestSupport.Result stage = CliTestSupport.run("--demo", "stage", "--out", out.toString());
            assertThat(stage.exitCode()).as(stage.err()).isEqualTo(Cli.FAILED);
        }
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly(dev.hippack.core.io.OutputLock.FILE_NAME);
        }
    }
}
