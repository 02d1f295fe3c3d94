package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.demo.SharedSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --host DIR}: a profile whose paths are absolute paths of this machine (outside DIR)
 * makes the stand-in build and staging write inside DIR, never beside it, and a link inside DIR
 * that leads out is refused before anything is written. Real files, real child processes.
 */
class HostConfinementCliTest {

    @TempDir
    Path outer;

    private static final ObjectMapper JSON = new ObjectMapper();

    private List<String> outsideEntries() throws Exception {
        try (Stream<Path> s = Files.list(outer)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private Path profileWith(Path machine, String key, String value) throws Exception {
        ObjectNode p = (ObjectNode) JSON.readTree(machine.resolve("profiles/rocm6.json").toFile());
        p.put(key, value);
        Path file = machine.resolve("profiles/" + key + ".json");
        JSON.writeValue(file.toFile(), p);
        return file;
    }

    @Test
    void absoluteLocalPathsInAProfileStayInsideTheDescribedMachine() throws Exception {
        Path machine = outer.resolve("machine");
        SharedSample.copyTo(machine);
        Path evilBuild = outer.resolve("evil-build");
        Path profile = profileWith(machine, "buildDir", evilBuild.toString());

        CliTestSupport.Result build = CliTestSupport.run("--host", machine.toString(), "build", "--profile", profile.toString(),
                "--stand-in-pace", "0");

        assertThat(build.exitCode()).as(build.out()).isZero();
        assertThat(evilBuild).doesNotExist();
        // On the described Windows machine "/tmp/..." is a folder on its own C: drive.
        Path inside = machine.resolve(outer.toString().substring(1)).resolve("evil-build");
        assertThat(inside.resolve("bin/audiocpp_cli.exe")).isRegularFile();
        assertThat(outsideEntries()).containsExactly("machine");

        Path evilOut = outer.resolve("evil-out");
        ObjectNode p = (ObjectNode) JSON.readTree(profile.toFile());
        p.put("outputDir", evilOut.toString());
        JSON.writeValue(profile.toFile(), p);
        CliTestSupport.Result stage = CliTestSupport.run("--host", machine.toString(), "stage", "--profile", profile.toString());

        assertThat(stage.exitCode()).as(stage.err()).isZero();
        assertThat(evilOut).doesNotExist();
        assertThat(machine.resolve(outer.toString().substring(1)).resolve("evil-out/audiocpp-windows-hip-rocm6/audiocpp_cli.exe"))
                .isRegularFile();
        assertThat(outsideEntries()).containsExactly("machine");
    }

    @Test
    void aLinkOutOfTheMachineIsRefusedBeforeTheBuildOrTheStagingWrites() throws Exception {
        Path machine = outer.resolve("machine");
        SharedSample.copyTo(machine);
        Path target = Files.createDirectories(outer.resolve("linked"));
        Files.createSymbolicLink(machine.resolve("src/audio.cpp/escape"), target);
        Path profile = profileWith(machine, "buildDir", "escape\\hip");

        CliTestSupport.Result build = CliTestSupport.run("--host", machine.toString(), "build", "--profile", profile.toString(),
                "--stand-in-pace", "0");

        assertThat(build.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(build.err()).contains("escape\\hip").contains("outside the folder");
        Files.createSymbolicLink(machine.resolve("release-link"), target);
        Path staged = profileWith(machine, "outputDir", "C:\\release-link");
        CliTestSupport.Result stage = CliTestSupport.run("--host", machine.toString(), "stage", "--profile", staged.toString());
        assertThat(stage.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(stage.err()).contains("C:\\release-link").contains("outside the folder");
        try (Stream<Path> s = Files.list(target)) {
            assertThat(s.toList()).isEmpty();
        }
    }

    @Test
    void aRecordedOutputOutsideTheMachineIsRefused() throws Exception {
        Path machine = outer.resolve("machine");
        SharedSample.copyTo(machine);
        ObjectNode host = (ObjectNode) JSON.readTree(machine.resolve("host.json").toFile());
        ((ObjectNode) host.get("recordedOutputs")).put("vswhere.exe", "/etc/passwd");
        JSON.writeValue(machine.resolve("host.json").toFile(), host);

        CliTestSupport.Result r = CliTestSupport.run("--host", machine.toString(), "detect");

        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("host.json").contains("$.recordedOutputs[\"vswhere.exe\"]").contains("leads out of")
                .doesNotContain("unexpected error");
    }
}
