package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.demo.SharedSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DetectCommandTest {

    @TempDir
    static Path tmp;
    static Path sample;

    @BeforeAll
    static void writeSample() {
        sample = tmp.resolve("sample");
        SharedSample.copyToUnchecked(sample);
    }

    @Test
    void jsonReportOfTheSampleHasTheDocumentedKeys() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "detect", "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        // The sample holds HIP SDK 6.4 and 7.1 (its README), each with every documented key.
        assertThat(json.get("sdks")).hasSize(2);
        List<String> kinds = new ArrayList<>();
        for (JsonNode sdk : json.get("sdks")) {
            for (String key : new String[] {"kind", "version", "path", "generation", "dlls", "missing", "libraries"}) {
                assertThat(sdk.has(key)).as(key).isTrue();
            }
            kinds.add(sdk.get("kind").asText());
        }
        assertThat(kinds).containsExactlyInAnyOrder("classic", "classic");
        JsonNode vs = json.get("visualStudio");
        assertThat(vs).hasSize(2);
        for (String key : new String[] {"name", "version", "path", "toolsets", "redists"}) {
            assertThat(vs.get(0).has(key)).as(key).isTrue();
        }
        assertThat(vs.get(0).get("toolsets").get(0).get("verdict").asText()).isEqualTo("refused");
        assertThat(vs.get(1).get("toolsets").get(0).get("verdict").asText()).isEqualTo("recommended");
        assertThat(json.get("tools").isArray()).isTrue();
        assertThat(json.get("gpus").get(0).get("arch").asText()).isEqualTo("gfx1100");
        JsonNode checkout = json.get("checkout");
        for (String key : new String[] {"path", "scriptParameters", "modelFamilies", "version"}) {
            assertThat(checkout.has(key)).as(key).isTrue();
        }
        assertThat(json.get("findings").isArray()).isTrue();
    }

    @Test
    void readableReportNamesBothSdksBothToolsetsAndTheFix() {
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "detect", "--source", "C:\\src\\audio.cpp");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("C:\\Program Files\\AMD\\ROCm\\6.4").contains("C:\\Program Files\\AMD\\ROCm\\7.1")
                .contains("MSVC 14.44.35207: recommended").contains("MSVC 14.51.36231: refused")
                .contains("Microsoft.VisualStudio.Component.VC.14.44.17.14.x86.x64").contains("-DeploymentBuild");
    }

    @Test
    void demoAnnouncesTheSampleOnStderrAndDetectsIt() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "detect");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.err()).contains("SAMPLE").contains("hip-packager-demo-");
        assertThat(r.out()).contains("Visual Studio Build Tools 2022");
    }

    @Test
    void demoAndHostTogetherAreBadUsage() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "--host", sample.toString(), "detect");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("--demo and --host");
    }

    @Test
    void invalidHostJsonIsBadInputNamingTheFileWithoutAStackTrace() throws Exception {
        Path bad = tmp.resolve("bad host");
        Files.createDirectories(bad);
        Files.writeString(bad.resolve("host.json"), "{ \"os\": \"windows\", ");
        CliTestSupport.Result r = CliTestSupport.run("--host", bad.toString(), "detect");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(bad.resolve("host.json").toString()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void aBrokenMachineGivesFindingsAndExitCodeOneNotACrash() throws Exception {
        Path broken = tmp.resolve("broken");
        Files.createDirectories(broken.resolve("Program Files/AMD/ROCm/7.1"));
        Files.writeString(broken.resolve("host.json"), "{\"os\":\"windows\",\"env\":{\"ProgramFiles\":\"C:\\\\Program Files\"}}");
        CliTestSupport.Result r = CliTestSupport.run("--host", broken.toString(), "detect");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(r.out()).contains("no bin folder").contains("C:\\Program Files\\AMD\\ROCm\\7.1");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void estimateWithoutSdkUsesTheDetectedSdkOfTheTrackSoGfx1102IsRefusedOn71() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "estimate", "--track", "rocm7",
                "--targets", "gfx1100,gfx1102", "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("source").asText()).isEqualTo("measured");
        assertThat(r.out()).contains("arch.hipblaslt-kernels");
    }
}
