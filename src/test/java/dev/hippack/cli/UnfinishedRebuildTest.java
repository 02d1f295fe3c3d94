package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.BuiltBinariesCheck;
import dev.hippack.core.build.UnfinishedBuild;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.profile.ProfileStore;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 33 §1, the sequence as a maintainer ran it, every build a real child JVM running the
 * stand-in build as its own child: binaries built for gfx1151 only, then a rebuild for eight
 * targets interrupted (SIGINT, as Ctrl-C; SIGKILL, as a killed terminal) once its configure has
 * rewritten CMakeCache.txt, then {@code package --skip-build} of the eight-target profile. The
 * unfinished build's marker makes packaging refuse the binaries with build.unfinished, exit 1 (the
 * audit found errors), and no zip.
 */
class UnfinishedRebuildTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"INT", "KILL"})
    void packagingRefusesTheBinariesOfAnInterruptedRebuild(String signal) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to send the signal (a Unix machine)");
        String undeliverable = signal.equals("INT") ? InterruptSignal.whyNotDeliverable() : null;
        assumeTrue(undeliverable == null, undeliverable);
        Path sample = temp.resolve("sample");
        assertThat(CliTestSupport.run("demo-env", sample.toString()).exitCode()).isEqualTo(Cli.OK);
        ProfileStore store = new ProfileStore(CatalogLoader.embedded());
        Path eight = sample.resolve("profiles/rocm6.json");
        Path one = temp.resolve("one.json");
        store.save(store.load(eight).withTargets(List.of("gfx1151")), one);
        Path bin = sample.resolve("src/audio.cpp/build/hip/bin");

        Process first = new ProcessBuilder(ChildJvm.command("--host", sample.toString(), "build", "--profile", one.toString(),
                "--stand-in-pace=0")).redirectErrorStream(true).redirectOutput(temp.resolve("first.log").toFile()).start();
        assertThat(first.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as(Files.readString(temp.resolve("first.log"))).isZero();
        assertThat(bin.resolve(BuildRecordStore.FILE_NAME)).exists();
        assertThat(bin.resolve(BuildRecordStore.UNFINISHED_NAME)).doesNotExist();

        Process rebuild = new ProcessBuilder(ChildJvm.command("--host", sample.toString(), "build", "--profile", eight.toString(),
                "--stand-in-pace=150")).redirectErrorStream(true).start();
        rebuild.getOutputStream().close();
        List<ProcessHandle> tree = new ArrayList<>();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(rebuild.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
                // The first ninja step: the configure has written CMakeCache.txt for eight targets, the executables are still gfx1151's.
                if (line.startsWith("[1/") && tree.isEmpty()) {
                    rebuild.descendants().forEach(tree::add);
                    new ProcessBuilder("/bin/kill", "-" + signal, Long.toString(rebuild.pid())).inheritIO().start().waitFor();
                    if (signal.equals("KILL")) {
                        // A killed JVM ends nothing it started: end the stand-in too, as the terminal's close would.
                        tree.forEach(ProcessHandle::destroyForcibly);
                    }
                }
            }
        }
        assertThat(rebuild.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(tree).as(String.join("\n", out)).isNotEmpty();
        for (ProcessHandle h : tree) {
            h.onExit().get(60, TimeUnit.SECONDS);
        }
        assertThat(rebuild.exitValue()).isNotZero();
        assertThat(Files.readString(sample.resolve("src/audio.cpp/build/hip/CMakeCache.txt"))).contains("gfx1100;gfx1101");

        UnfinishedBuild marker = new BuildRecordStore().unfinished(bin).orElseThrow();
        assertThat(marker.state()).isEqualTo(signal.equals("INT") ? UnfinishedBuild.State.CANCELLED : UnfinishedBuild.State.RUNNING);
        assertThat(marker.targets()).hasSize(8);
        assertThat(bin.resolve(BuildRecordStore.FILE_NAME)).doesNotExist();

        Path release = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "package", "--profile", eight.toString(),
                "--skip-build", "--out", release.toString(), "--json");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.FAILED);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        List<JsonNode> unfinished = new ArrayList<>();
        json.get("audit").get("findings").forEach(f -> {
            if (f.get("id").asText().equals(BuiltBinariesCheck.UNFINISHED)) {
                unfinished.add(f);
            }
        });
        assertThat(unfinished).singleElement().satisfies(f -> {
            assertThat(f.get("severity").asText()).isEqualTo("error");
            assertThat(f.get("message").asText()).contains(signal.equals("INT") ? "was cancelled while building audiocpp_cli"
                    : "has not finished");
            assertThat(f.get("fix").asText()).startsWith("Rebuild");
        });
        assertThat(release.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();

        // The stage command and the audit of the build folder refuse them too.
        CliTestSupport.Result staged = CliTestSupport.run("--host", sample.toString(), "stage", "--profile", eight.toString(),
                "--out", temp.resolve("staged").toString());
        assertThat(staged.out() + staged.err()).contains(BuiltBinariesCheck.UNFINISHED);

        // A build that finishes clears the marker.
        CliTestSupport.Result again = CliTestSupport.run("--host", sample.toString(), "build", "--profile", eight.toString(),
                "--stand-in-pace=0");
        assertThat(again.exitCode()).as(again.out() + again.err()).isEqualTo(Cli.OK);
        assertThat(bin.resolve(BuildRecordStore.UNFINISHED_NAME)).doesNotExist();
    }
}
