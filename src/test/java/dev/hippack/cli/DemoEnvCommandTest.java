package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoEnvCommandTest {

    @TempDir
    Path tmp;

    @Test
    void demoEnvWritesTheSampleAndSaysHowToUseIt() {
        Path dir = tmp.resolve("sample machine");
        CliTestSupport.Result r = CliTestSupport.run("demo-env", dir.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains(dir.toString()).contains("--host");
        assertThat(dir.resolve("host.json")).isRegularFile();
        assertThat(dir.resolve("profiles/rocm6.json")).isRegularFile();
        assertThat(dir.resolve("profiles/rocm7.json")).isRegularFile();
    }

    @Test
    void demoEnvIntoANonEmptyFolderIsBadInputAndKeepsTheFolder() throws Exception {
        Files.writeString(tmp.resolve("x.txt"), "mine");
        CliTestSupport.Result r = CliTestSupport.run("demo-env", tmp.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(tmp.toString()).doesNotContain("Exception");
        assertThat(tmp.resolve("x.txt")).hasContent("mine");
        assertThat(tmp.resolve("host.json")).doesNotExist();
    }
}
