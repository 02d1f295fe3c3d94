package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.demo.SharedSample;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hip-packager build} on the sample machine: the stand-in runs as a real child JVM. */
class BuildCommandTest {

    @TempDir
    Path dir;

    @Test
    void demoBuildPrintsTheLogOnStdoutAndProgressOnStderrAndSucceeds() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "build", "--stand-in-pace", "0");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("powershell -NoProfile -ExecutionPolicy Bypass -File scripts\\build_windows_hip.ps1")
                .contains("HIP Packager stand-in build")
                .contains("Linking CXX executable bin\\audiocpp_cli.exe")
                .contains("Build succeeded (stand-in build")
                .contains("C:\\src\\audio.cpp\\build\\hip\\bin\\audiocpp_server.exe");
        assertThat(r.err()).contains("audiocpp_cli: compiling").contains("100%");
        assertThat(r.err()).doesNotContain("Building HIP object");
    }

    @Test
    void aDescribedMachineWithAnOldScriptIsRefusedWithExitCode2() throws Exception {
        SharedSample.copyTo(dir.resolve("m"));
        Path script = dir.resolve("m/src/audio.cpp/scripts/build_windows_hip.ps1");
        Files.writeString(script, Files.readString(script).replace("[switch]$NoNativeCpu,", ""));

        CliTestSupport.Result r = CliTestSupport.run("--host", dir.resolve("m").toString(), "build",
                "--profile", dir.resolve("m/profiles/rocm6.json").toString());

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("-NoNativeCpu").contains("build.native-cpu").contains("nothing was built");
        assertThat(r.out()).isEmpty();
    }
}
