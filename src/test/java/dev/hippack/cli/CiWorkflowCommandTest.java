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
                "--tracks", "rocm6,rocm7", "--out", out.toString(), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Wrote").contains("[rocm6]").contains("[rocm7]");
        assertThat(r.err()).contains("gfx1102");
        JsonNode include = new YAMLMapper().readTree(out.toFile())
                .path("jobs").path("package").path("strategy").path("matrix").path("include");
        assertThat(include).hasSize(2);
    }

    @Test
    void withoutOutPrintsTheWorkflow() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-repo",
                "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(new YAMLMapper().readTree(r.out()).path("jobs").has("package")).isTrue();
        assertThat(dir.resolve("release-hip.yml")).doesNotExist();
    }

    @Test
    void existingOutIsKeptWithoutForceAndReplacedWithIt() throws Exception {
        Path out = dir.resolve("release-hip.yml");
        Files.writeString(out, "name: mine\n");
        CliTestSupport.Result refused = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--out", out.toString(),
                "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(refused.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(refused.err()).contains(out.toString()).contains("--force");
        assertThat(out).hasContent("name: mine");

        CliTestSupport.Result forced = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--out", out.toString(), "--force",
                "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(forced.exitCode()).as(forced.err()).isZero();
        assertThat(Files.readString(out)).contains("AMD-Software-PRO-Edition-25.Q3-Win10-Win11-For-HIP.exe");
    }

    @Test
    void unknownTrackIsBadInputNamingTheKnownTracks() {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--tracks", "rocm9",
                "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("rocm9").contains("rocm6, rocm7").doesNotContain("Exception");
    }

    @Test
    void badPackagerRepositoryIsBadInput() {
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-repo", "not a repo",
                "--packager-ref", "v0.1.0");
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

    @Test
    void withoutAPackagerSourceNothingIsWrittenAndTheMessageNamesTheOptions() {
        Path out = dir.resolve("release-hip.yml");
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--packager-bundle URL --packager-sha256 HEX").contains("--packager-repo OWNER/NAME");
        assertThat(r.out()).isEmpty();
        assertThat(out).doesNotExist();
    }

    @Test
    void aBundleNeedsItsSha256AndIsOneWayOrTheOther() {
        String url = "https://example.org/hip-packager-windows-x64.zip";
        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-bundle", url);
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--packager-sha256");
        r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-bundle", url, "--packager-sha256",
                "a".repeat(64), "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("not both");
        r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-ref", "main");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--packager-repo");
        // No guessed tag: v<this version> may not exist in the named repository.
        r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-repo", "me/hip-packager");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--packager-ref REF").contains("me/hip-packager").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
        r = CliTestSupport.run("ci-workflow", "--profile", profile.toString(), "--packager-bundle", url, "--packager-sha256",
                "A".repeat(64));
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("HIP_PACKAGER_SHA256: '" + "a".repeat(64) + "'");
    }

    @Test
    void theDemoReleaseOfBothTracksExportsAMatrixOfBoth() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "ci-workflow", "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode wf = new YAMLMapper().readTree(r.out());
        assertThat(wf.path("jobs").path("package").path("strategy").path("matrix").path("include"))
                .extracting(n -> n.path("package").asText())
                .containsExactly("audiocpp-windows-hip-rocm6-{version}", "audiocpp-windows-hip-rocm7-{version}");
        assertThat(wf.path("jobs").has("publish")).isTrue();
    }
}
