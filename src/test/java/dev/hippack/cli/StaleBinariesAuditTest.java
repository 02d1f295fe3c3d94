package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33's reproduction, end to end on the sample machine with the stand-in build as a real
 * child process: binaries built for gfx1151 only, then an eight-target rebuild that was cancelled
 * after its configure had rewritten CMakeCache.txt (and no build record left), then
 * {@code package --skip-build} of the eight-target profile. The audit must refuse the package by
 * reading the executables themselves, naming each and its missing targets, whatever the build
 * record and the cache say.
 */
class StaleBinariesAuditTest {

    @TempDir
    Path temp;

    @Test
    void packagingBinariesOfAOneTargetBuildForAnEightTargetProfileFailsTheAudit() throws Exception {
        Path sample = temp.resolve("sample");
        SharedSample.copyTo(sample);
        ProfileStore store = new ProfileStore(CatalogLoader.embedded());
        Path eight = sample.resolve("profiles/rocm6.json");
        Path one = temp.resolve("one.json");
        store.save(store.load(eight).withTargets(List.of("gfx1151")), one);

        CliTestSupport.Result built = CliTestSupport.run("--host", sample.toString(), "build", "--profile", one.toString(),
                "--stand-in-pace=0");
        assertThat(built.exitCode()).as(built.out() + built.err()).isEqualTo(Cli.OK);

        // What the cancelled rebuild left: its configure's cache for eight targets, and no build record.
        Path buildDir = sample.resolve("src/audio.cpp/build/hip");
        Path cache = buildDir.resolve("CMakeCache.txt");
        Files.writeString(cache, Files.readString(cache).replace("GPU_TARGETS:STRING=gfx1151",
                "GPU_TARGETS:STRING=gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201"));
        Files.deleteIfExists(buildDir.resolve("bin").resolve(BuildRecordStore.FILE_NAME));

        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "package", "--profile", eight.toString(),
                "--skip-build", "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.FAILED);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        List<JsonNode> gpu = new ArrayList<>();
        json.get("audit").get("findings").forEach(f -> {
            if (f.get("id").asText().equals("binaries.gpu-targets")) {
                gpu.add(f);
            }
        });
        assertThat(gpu).extracting(f -> f.get("file").asText()).containsExactly("audiocpp_cli.exe", "audiocpp_server.exe");
        for (JsonNode f : gpu) {
            assertThat(f.get("severity").asText()).isEqualTo("error");
            assertThat(f.get("message").asText()).contains(f.get("file").asText() + " has no GPU code for gfx1100, gfx1101,"
                    + " gfx1102, gfx1103, gfx1150, gfx1200, gfx1201 (it holds gfx1151)");
        }
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
    }
}
