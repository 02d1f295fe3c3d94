package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
    }

    @Test
    void packageWithoutSkipBuildSaysTheBuildStepIsUnavailable() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--out", temp.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("build step is not available").contains("--skip-build");
        assertThat(temp.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
    }

    @Test
    void stageCommandOnTheDemoMachineStagesTheRocm6Folder() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "stage", "--out", temp.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("audiocpp-windows-hip-rocm6").contains("hard-linked");
        assertThat(temp.resolve("audiocpp-windows-hip-rocm6/README.md")).exists();
        assertThat(temp.resolve("audiocpp-windows-hip-rocm6.partial")).doesNotExist();
    }
}
