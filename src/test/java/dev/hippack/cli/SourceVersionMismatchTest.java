package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.build.BuildRecord;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.BuiltBinariesCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 §3: the audio.cpp version (and commit) a build was made from is in its record, and
 * packaging refuses the binaries once the checkout holds another version (a git pull after the
 * build), naming both, since the package's name and README take the checkout's version.
 */
class SourceVersionMismatchTest {

    @TempDir
    Path temp;

    @Test
    void aPackageOfBinariesBuiltFromAnOlderCheckoutIsRefusedNamingBothVersions() throws Exception {
        Path sample = temp.resolve("sample");
        assertThat(CliTestSupport.run("demo-env", sample.toString()).exitCode()).isEqualTo(Cli.OK);
        Path profile = sample.resolve("profiles/rocm6.json");
        CliTestSupport.Result built = CliTestSupport.run("--host", sample.toString(), "build", "--profile", profile.toString(),
                "--stand-in-pace=0");
        assertThat(built.exitCode()).as(built.out() + built.err()).isEqualTo(Cli.OK);
        BuildRecord record = new BuildRecordStore().read(sample.resolve("src/audio.cpp/build/hip/bin")).orElseThrow();
        String then = Files.readString(sample.resolve("recorded/git-describe.txt")).strip();
        assertThat(record.audiocppVersion()).isEqualTo(then);

        // Same checkout, same version: packaged.
        CliTestSupport.Result same = CliTestSupport.run("--host", sample.toString(), "package", "--profile", profile.toString(),
                "--skip-build", "--out", temp.resolve("same").toString());
        assertThat(same.exitCode()).as(same.out() + same.err()).isEqualTo(Cli.OK);

        // git pull: the checkout now describes itself as v0.5.0.
        Files.writeString(sample.resolve("recorded/git-describe.txt"), "v0.5.0\n");
        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "package", "--profile", profile.toString(),
                "--skip-build", "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.FAILED);
        List<JsonNode> source = new ArrayList<>();
        JsonOutput.mapper().readTree(r.out()).get("audit").get("findings").forEach(f -> {
            if (f.get("id").asText().equals(BuiltBinariesCheck.SOURCE)) {
                source.add(f);
            }
        });
        assertThat(source).singleElement().satisfies(f -> {
            assertThat(f.get("severity").asText()).isEqualTo("error");
            assertThat(f.get("message").asText()).contains("built from audio.cpp " + then).contains("now holds v0.5.0");
            assertThat(f.get("fix").asText()).startsWith("Rebuild").contains("check out " + then);
        });
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
    }
}
