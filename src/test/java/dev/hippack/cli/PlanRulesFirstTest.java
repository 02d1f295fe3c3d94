package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.build.BuildRecordStore;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 §2: build, package, release and ci-workflow judge the profile by the plan rules before
 * any work and stop with their errors, exit 2 (bad input), printing them as {@code plan} prints
 * them: gfx1102 on ROCm 7, RDNA2 without the override, an MSVC 14.5x toolset. Nothing is built,
 * staged, zipped or written.
 */
class PlanRulesFirstTest {

    @TempDir
    Path temp;

    private Path sample;
    private ProfileStore store;
    private Path buildLog;

    @BeforeEach
    void writeSample() throws Exception {
        sample = temp.resolve("sample");
        assertThat(CliTestSupport.run("demo-env", sample.toString()).exitCode()).isEqualTo(Cli.OK);
        store = new ProfileStore(CatalogLoader.embedded());
        buildLog = sample.resolve("src/audio.cpp/build/hip").resolve(BuildService.LOG_NAME);
    }

    private Path profile(String name, ReleasePlan plan) throws Exception {
        Path file = temp.resolve(name + ".json");
        store.save(plan, file);
        return file;
    }

    private ReleasePlan rocm7() throws Exception {
        return store.load(sample.resolve("profiles/rocm7.json"));
    }

    /** The error lines {@code plan} prints for {@code profile} on the sample machine. */
    private List<String> planErrors(Path profile) {
        CliTestSupport.Result plan = CliTestSupport.run("--host", sample.toString(), "plan", "--profile", profile.toString());
        assertThat(plan.exitCode()).isEqualTo(Cli.FAILED);
        List<String> errors = new ArrayList<>();
        for (String line : plan.out().split("\\R")) {
            if (line.startsWith("ERROR")) {
                errors.add(line);
            }
        }
        assertThat(errors).isNotEmpty();
        return errors;
    }

    private void assertNothingBuilt() {
        assertThat(buildLog).doesNotExist();
        assertThat(buildLog.resolveSibling("bin").resolve(BuildRecordStore.UNFINISHED_NAME)).doesNotExist();
    }

    @Test
    void buildOfGfx1102OnRocm7IsRefusedBeforeTheBuildWithPlansErrors() throws Exception {
        List<String> targets = new ArrayList<>(rocm7().targets());
        targets.add("gfx1102");
        Path file = profile("rocm7-1102", rocm7().withTargets(targets));
        Files.deleteIfExists(buildLog);

        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "build", "--profile", file.toString(),
                "--stand-in-pace=0");

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(planErrors(file).toArray(String[]::new));
        assertThat(r.err()).contains("arch.hipblaslt-kernels").contains("gfx1102")
                .contains("hip-packager: the plan rules refuse " + file).contains("nothing was built");
        assertThat(r.out()).doesNotContain("stand-in");
        assertNothingBuilt();
    }

    @Test
    void packageOfRdna2WithoutTheOverrideIsRefusedBeforeBuildingOrStaging() throws Exception {
        ReleasePlan rocm6 = store.load(sample.resolve("profiles/rocm6.json"));
        Path file = profile("rdna2", rocm6.withTargets(List.of("gfx1100", "gfx1030")));
        Files.deleteIfExists(buildLog);
        Path out = temp.resolve("release");

        for (boolean skipBuild : List.of(false, true)) {
            List<String> args = new ArrayList<>(List.of("--host", sample.toString(), "package", "--profile", file.toString(),
                    "--out", out.toString()));
            if (skipBuild) {
                args.add("--skip-build");
            }
            CliTestSupport.Result r = CliTestSupport.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.BAD_INPUT);
            assertThat(r.err()).contains(planErrors(file).toArray(String[]::new)).contains("arch.rdna2");
        }
        assertNothingBuilt();
        assertThat(out).doesNotExist();
    }

    @Test
    void releaseWithAnMsvc145ToolsetInOnePackageIsRefusedBeforeTheFirstBuild() throws Exception {
        Path file = temp.resolve("release.json");
        ObjectNode release = (ObjectNode) JsonOutput.mapper().readTree(sample.resolve("profiles/release.json").toFile());
        ArrayNode packages = (ArrayNode) release.get("packages");
        ((ObjectNode) packages.get(packages.size() - 1)).put("toolset", "14.50");
        JsonOutput.mapper().writeValue(file.toFile(), release);
        Files.deleteIfExists(buildLog);
        Path out = temp.resolve("out");

        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "release", "--profile", file.toString(),
                "--out", out.toString());

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("toolset.msvc").contains("MSVC 14.50 (Visual Studio 2026) is refused")
                .contains("nothing was built, staged or zipped");
        assertNothingBuilt();
        assertThat(out).doesNotExist();
    }

    @Test
    void ciWorkflowOfGfx1102OnRocm7IsRefusedAndWritesNoWorkflow() throws Exception {
        List<String> targets = new ArrayList<>(rocm7().targets());
        targets.add("gfx1102");
        Path file = profile("rocm7-1102", rocm7().withTargets(targets));
        Path workflow = temp.resolve("release-hip.yml");

        CliTestSupport.Result r = CliTestSupport.run("ci-workflow", "--profile", file.toString(), "--out", workflow.toString(),
                "--packager-repo", "me/hip-packager", "--packager-ref", "v0.1.0");

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.BAD_INPUT);
        // The runners are not this machine: the same errors as plan without --host or --detect.
        CliTestSupport.Result plan = CliTestSupport.run("plan", "--profile", file.toString());
        List<String> errors = plan.out().lines().filter(l -> l.startsWith("ERROR")).toList();
        assertThat(errors).isNotEmpty();
        assertThat(r.err()).contains(errors.toArray(String[]::new)).contains("nothing was exported");
        assertThat(workflow).doesNotExist();
    }
}
