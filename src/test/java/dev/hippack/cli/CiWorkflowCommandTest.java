package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CiWorkflowCommandTest {

    @TempDir
    Path dir;
    Path profile;

    @BeforeEach
    void saveProfile() throws Exception {
        Catalog catalog = CatalogLoader.embedded();
        profile = dir.resolve("rocm6.json");
        new ProfileStore(catalog).save(ReleasePlan.forTrack(catalog.track("rocm6").orElseThrow())
                .withSource("E:\\work\\audio.cpp"), profile);
    }

    @Test
    void writesAWorkflowWithAMatrixOverTheNamedTracks() throws Exception {
        Path out = dir.resolve(".github/workflows/release-hip.yml");
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(),
                "--tracks", "rocm6,rocm7", "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Wrote").contains("rocm6, rocm7");
        assertThat(r.err()).contains("gfx1102");
        JsonNode include = new YAMLMapper().readTree(out.toFile())
                .path("jobs").path("package").path("strategy").path("matrix").path("include");
        assertThat(include).hasSize(2);
    }

    @Test
    void withoutOutPrintsTheWorkflow() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(new YAMLMapper().readTree(r.out()).path("jobs").has("package")).isTrue();
        assertThat(dir.resolve("release-hip.yml")).doesNotExist();
    }

    @Test
    void existingOutIsKeptWithoutForceAndReplacedWithIt() throws Exception {
        Path out = dir.resolve("release-hip.yml");
        Files.writeString(out, "name: mine\n");
        CliTestSupport.Result refused = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--out", out.toString());
        assertThat(refused.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(refused.err()).contains(out.toString()).contains("--force");
        assertThat(out).hasContent("name: mine");

        CliTestSupport.Result forced = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--out", out.toString(), "--force");
        assertThat(forced.exitCode()).as(forced.err()).isZero();
        assertThat(Files.readString(out)).contains("AMD-Software-PRO-Edition-25.Q3-Win10-Win11-For-HIP.exe");
    }

    @Test
    void unknownTrackIsBadInputNamingTheKnownTracks() {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--tracks", "rocm9");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("rocm9").contains("rocm6, rocm7").doesNotContain("Exception");
    }

    @Test
    void badPackagerRepositoryIsBadInput() {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-repo", "not a repo");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("owner/name");
    }

    @Test
    void missingProfileIsBadInputNamingTheFile() {
        Path missing = dir.resolve("nope.json");
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", missing.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(missing.toString());
    }
}
