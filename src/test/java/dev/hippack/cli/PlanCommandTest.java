package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    Path dir;

    private Path save(ReleasePlan plan) throws Exception {
        Path file = dir.resolve("profile.json");
        new ProfileStore(CATALOG).save(plan, file);
        return file;
    }

    @Test
    void guidePlanPassesWithNotesOnly() throws Exception {
        Path file = save(ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()));
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("track rocm6 (ROCm 6.4), 8 targets").contains("eula.redistribution").contains("0 errors");
    }

    @Test
    void vs2026ToolsetExitsOneWithTheFix() throws Exception {
        Path file = save(ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()).withToolset("14.51"));
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(r.out()).contains("toolset.msvc").contains("fix: ").contains("Microsoft.VisualStudio.Component.VC.14.44.17.14.x86.x64")
                .contains("1 error");
    }

    @Test
    void aBuildFolderWindowsCannotHaveIsAnErrorWithTheFix() throws Exception {
        Path file = save(ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()).withBuildDir("build\\hi|p"));
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(r.out()).contains("build.folder").contains("'hi|p' holds |")
                .contains("fix: Name it with letters, digits, spaces, '.', '_' and '-' (for example build\\hip).").contains("1 error");
    }

    @Test
    void jsonListsFindingsWithIdSeverityMessageAndFix() throws Exception {
        Path file = save(ReleasePlan.forTrack(CATALOG.track("rocm7").orElseThrow()).withTargets(List.of("gfx1102")));
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.toString(), "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("profile").asText()).isEqualTo(file.toString());
        assertThat(j.get("track").asText()).isEqualTo("rocm7");
        assertThat(j.get("targets").get(0).asText()).isEqualTo("gfx1102");
        JsonNode first = j.get("findings").get(0);
        assertThat(first.has("id") && first.has("severity") && first.has("message") && first.has("fix")).isTrue();
        boolean gemm = false;
        for (JsonNode f : j.get("findings")) {
            gemm |= f.get("id").asText().equals("arch.hipblaslt-kernels") && f.get("severity").asText().equals("error");
        }
        assertThat(gemm).isTrue();
    }

    @Test
    void brokenProfileExitsTwoNamingFileLineAndPath() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, new ProfileStore(CATALOG).toJson(ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()))
                .replace("\"jobs\" : 0", "\"jobs\" : -1"));
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", file.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(file.toString()).contains("line ").contains("$.jobs").doesNotContain("Exception");
    }

    @Test
    void missingProfileExitsTwo() {
        CliTestSupport.Result r = CliTestSupport.run("plan", "--profile", dir.resolve("none.json").toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("does not exist");
    }

    @Test
    void demoJudgesTheSampleProfileWithDetectedFacts() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "plan", "--json");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("profile").asText()).endsWith("rocm6.json");
        assertThat(j.get("kernels").asText()).isEqualTo("measured");
        boolean openmpUnchecked = false;
        for (JsonNode f : j.get("findings")) {
            openmpUnchecked |= f.get("id").asText().equals("build.openmp") && f.get("message").asText().startsWith("Not checked");
        }
        assertThat(openmpUnchecked).as("the sample checkout's build script was read: %s", r.out()).isFalse();
        assertThat(r.exitCode()).as(r.out()).isEqualTo(Cli.OK);
    }
}
