package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan} on a described machine reports, as errors, what {@code detect} finds wrong with
 * the plan's own SDK, Visual Studio and kernel libraries on the same machine, in detection's own
 * words: one source of truth. The sample machine, with real folders removed or broken.
 */
class PlanWithDetectionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SDK = "C:\\Program Files\\AMD\\ROCm\\6.4";
    private static final String LIBRARY = SDK + "\\bin\\hipblaslt\\library";

    @TempDir
    Path tmp;

    Path machine;

    @BeforeEach
    void sample() {
        machine = tmp.resolve("machine");
        assertThat(CliTestSupport.run("demo-env", machine.toString()).exitCode()).isZero();
    }

    private JsonNode plan() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--host", machine.toString(), "plan", "--json",
                "--profile", machine.resolve("profiles/rocm6.json").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
        return JSON.readTree(r.out());
    }

    private static List<JsonNode> errors(JsonNode findings, String id) {
        List<JsonNode> out = new ArrayList<>();
        findings.forEach(f -> {
            if (f.get("id").asText().equals(id) && f.get("severity").asText().equals("error")) {
                out.add(f);
            }
        });
        return out;
    }

    @Test
    void aMissingSdkFolderIsAnErrorOfThePlan() throws Exception {
        FileTrees.delete(machine.resolve("Program Files/AMD/ROCm/6.4"));

        List<JsonNode> errors = errors(plan().get("findings"), "detect.sdk");

        assertThat(errors).singleElement().satisfies(f -> {
            assertThat(f.get("message").asText()).isEqualTo("The HIP SDK folder " + SDK + " does not exist.");
            assertThat(f.get("file").asText()).isEqualTo(SDK);
        });
    }

    @Test
    void aMissingVisualStudioFolderIsAnErrorEvenWhileVswhereStillListsIt() throws Exception {
        FileTrees.delete(machine.resolve("Program Files (x86)/Microsoft Visual Studio/2022"));

        JsonNode findings = plan().get("findings");

        assertThat(errors(findings, "detect.visual-studio")).singleElement().satisfies(f -> assertThat(f.get("message").asText())
                .isEqualTo("The Visual Studio folder C:\\Program Files (x86)\\Microsoft Visual Studio\\2022\\BuildTools does not exist."));
        CliTestSupport.Result detect = CliTestSupport.run("--host", machine.toString(), "detect", "--json");
        assertThat(detect.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(errors(JSON.readTree(detect.out()).get("findings"), "detect.visual-studio")).isNotEmpty();
    }

    /** The library folder replaced by a file: a condition no user, root included, can list. */
    @Test
    void aKernelLibraryThatIsAFileIsTheSameErrorInPlanAndDetect() throws Exception {
        Path library = machine.resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt/library");
        FileTrees.delete(library);
        Files.writeString(library, "not a folder");

        assertSameErrorInPlanAndDetect(LIBRARY + " is not a folder");
    }

    @Test
    void aKernelLibraryThatIsABrokenLinkIsTheSameErrorInPlanAndDetect() throws Exception {
        Path library = machine.resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt/library");
        FileTrees.delete(library);
        Files.createSymbolicLink(library, tmp.resolve("gone"));

        assertSameErrorInPlanAndDetect(LIBRARY + " is a link to " + tmp.resolve("gone") + ", which cannot be followed");
    }

    @Test
    void anUnreadableKernelLibraryIsTheSameErrorInPlanAndDetect() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")),
                "root reads a folder whatever its permissions; the file and broken-link tests cover an unreadable library");
        Path library = machine.resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt/library");
        Files.setPosixFilePermissions(library, PosixFilePermissions.fromString("---------"));
        try {
            assertSameErrorInPlanAndDetect("permission denied");
        } finally {
            Files.setPosixFilePermissions(library, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private void assertSameErrorInPlanAndDetect(String problem) throws Exception {
        List<JsonNode> planned = errors(plan().get("findings"), "detect.sdk");
        CliTestSupport.Result detect = CliTestSupport.run("--host", machine.toString(), "detect", "--json");
        assertThat(detect.exitCode()).isEqualTo(Cli.FAILED);
        List<JsonNode> detected = errors(JSON.readTree(detect.out()).get("findings"), "detect.sdk");

        assertThat(planned).singleElement().satisfies(f -> assertThat(f.get("message").asText()).contains(problem));
        assertThat(detected).contains(planned.get(0));
    }
}
