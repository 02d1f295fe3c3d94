package dev.hippack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** .github/workflows/release.yml is valid YAML, tests and smoke-tests on Linux, and bundles on Windows. */
class ReleaseWorkflowTest {

    private static final Path WORKFLOW = Path.of(".github", "workflows", "release.yml");

    @Test
    void linuxJobRunsTheTestsThenSmokeTestsTheAppImage() throws IOException {
        JsonNode linux = workflow().path("jobs").path("linux");
        String runs = runs(linux);
        assertThat(runs).contains(".ci/run")
                .contains("-Pjpackage")
                .contains("tools/smoke-image.sh target/jpackage/hip-packager/bin/hip-packager");
        assertThat(runs.indexOf(".ci/run")).isLessThan(runs.indexOf("tools/smoke-image.sh"));
        assertThat(Path.of("tools", "smoke-image.sh")).isExecutable();
        assertThat(Path.of(".ci", "run")).isExecutable();
        // target/image is smoke-tested by ./mvnw verify itself, which .ci/run runs.
        assertThat(Files.readString(Path.of("pom.xml"))).contains("tools/smoke-image.sh");
    }

    @Test
    void windowsJobBuildsAppImageAndMsiWithWix3AndUploadsBoth() throws IOException {
        JsonNode windows = workflow().path("jobs").path("windows");
        assertThat(windows.path("runs-on").asText()).startsWith("windows-");
        String runs = runs(windows);
        assertThat(runs).contains("WiX Toolset v3").contains("-Pjpackage").contains("hip-packager.exe");
        JsonNode upload = uploadStep(windows, "hip-packager-windows-x64");
        assertThat(upload.path("with").path("path").asText()).contains(".msi").contains("hip-packager-windows-x64.zip");
        assertThat(upload.path("with").path("if-no-files-found").asText()).isEqualTo("error");
    }

    @Test
    void windowsJobRunsTheSampleStepsWithTheAppImagesOwnLaunchersAndUploadsTheirLogs() throws IOException {
        JsonNode windows = workflow().path("jobs").path("windows");
        String runs = runs(windows);
        assertThat(runs).contains("tools/smoke-image.ps1 'target\\jpackage\\HIP Packager\\hip-packager.exe'")
                .contains("'target\\jpackage\\HIP Packager\\HIP Packager.exe'")
                .contains("runtime\\bin\\java.exe");
        String script = Files.readString(Path.of("tools", "smoke-image.ps1"));
        assertThat(script).contains("'--demo', 'build'", "'--demo', 'package'", "'--demo', 'release'", "@('audit'",
                "first-window-shown-at-epoch-ms", "HIP_PACKAGER_LOG_DIR");
        JsonNode logs = uploadStep(windows, "smoke-logs-windows");
        assertThat(logs.path("if").asText()).isEqualTo("always()");
        // The Linux side of the same steps.
        assertThat(Files.readString(Path.of("tools", "smoke-image.sh")))
                .contains("--demo build", "--demo package", "--demo release", "audit \"$zip\"");
    }

    @Test
    void permissionsAreReadOnlyAndActionsPinnedToCommits() throws IOException {
        assertThat(workflow().path("permissions").path("contents").asText()).isEqualTo("read");
        assertThat(workflow().path("permissions").size()).isEqualTo(1);
        List<String> uses = Files.readAllLines(WORKFLOW).stream().filter(l -> l.trim().startsWith("uses:")).toList();
        assertThat(uses).isNotEmpty().allSatisfy(l ->
                assertThat(l.trim()).matches("uses: [A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+@[0-9a-f]{40} # v[0-9.]+"));
    }

    private static JsonNode workflow() throws IOException {
        return new YAMLMapper().readTree(WORKFLOW.toFile());
    }

    private static String runs(JsonNode job) {
        List<String> runs = new ArrayList<>();
        job.path("steps").forEach(s -> {
            assertThat(s.path("name").asText()).as("every step has a name").isNotBlank();
            runs.add(s.path("run").asText());
        });
        return String.join("\n", runs);
    }

    private static JsonNode uploadStep(JsonNode job, String artifact) {
        for (JsonNode s : job.path("steps")) {
            if (s.path("uses").asText().startsWith("actions/upload-artifact@") && s.path("with").path("name").asText().equals(artifact)) {
                return s;
            }
        }
        throw new AssertionError("no upload-artifact step for " + artifact);
    }
}
