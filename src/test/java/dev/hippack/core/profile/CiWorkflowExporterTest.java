package dev.hippack.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CiWorkflowExporterTest {

    /** What GitHub puts in github.workspace and the vswhere step puts in VS_INSTANCE, for the substitution below. */
    private static final String WORKSPACE = "D:\\a\\audio.cpp\\audio.cpp";
    private static final String RUNNER_VS = "C:\\Program Files\\Microsoft Visual Studio\\2022\\Enterprise";

    private final Catalog catalog = CatalogLoader.embedded();
    private final ProfileStore store = new ProfileStore(catalog);
    private final CiWorkflowExporter exporter = new CiWorkflowExporter(catalog, store);
    private final Track rocm6 = catalog.track("rocm6").orElseThrow();
    private final Track rocm7 = catalog.track("rocm7").orElseThrow();

    /** A profile as a workstation saves it: its own paths, a non-default kernel policy and job count. */
    private final ReleasePlan profile = ReleasePlan.forTrack(rocm6)
            .withSource("E:\\work\\audio.cpp")
            .withSdk("E:\\ROCm\\6.4")
            .withVsInstance("E:\\VS\\BuildTools")
            .withOutputDir("E:\\releases")
            .withJobs(12)
            .withRocblasKernels(KernelPolicy.DROP);

    private final CiWorkflowOptions options = CiWorkflowOptions.defaults("0.1.0", "rocm6.json");

    @Test
    void workflowIsValidYamlWithOneMatrixEntryPerTrackAndItsInstaller() throws Exception {
        JsonNode wf = parse(exporter.export(profile, options.withTracks(List.of("rocm6", "rocm7"))).yaml());

        assertThat(wf.path("name").asText()).isNotBlank();
        assertThat(wf.path("on").has("workflow_dispatch")).isTrue();
        JsonNode job = wf.path("jobs").path("package");
        assertThat(job.path("runs-on").asText()).isEqualTo("windows-2022");
        assertThat(job.path("timeout-minutes").asInt()).isPositive();
        assertThat(job.path("strategy").path("fail-fast").asBoolean(true)).isFalse();
        JsonNode include = job.path("strategy").path("matrix").path("include");
        assertThat(include).hasSize(2);
        assertThat(include.get(0).path("track").asText()).isEqualTo("rocm6");
        assertThat(include.get(0).path("rocm-version").asText()).isEqualTo("6.4");
        assertThat(include.get(0).path("sdk-installer").asText()).isEqualTo("AMD-Software-PRO-Edition-25.Q3-Win10-Win11-For-HIP.exe");
        assertThat(include.get(1).path("track").asText()).isEqualTo("rocm7");
        assertThat(include.get(1).path("rocm-version").asText()).isEqualTo("7.1");
        assertThat(include.get(1).path("sdk-installer").asText()).isEqualTo("AMD-Software-PRO-Edition-26.Q1-Win11-For-HIP.exe");
        assertThat(include.get(0).path("sdk-installer").asText()).isEqualTo(rocm6.sdkInstaller());
        assertThat(include.get(1).path("sdk-installer").asText()).isEqualTo(rocm7.sdkInstaller());
    }

    @Test
    void defaultIsTheProfilesOwnTrackOnly() throws Exception {
        JsonNode include = parse(exporter.export(profile, options).yaml())
                .path("jobs").path("package").path("strategy").path("matrix").path("include");
        assertThat(include).hasSize(1);
        assertThat(include.get(0).path("track").asText()).isEqualTo("rocm6");
    }

    @Test
    void permissionsAreReadOnlyContents() throws Exception {
        JsonNode permissions = parse(exporter.export(profile, options).yaml()).path("permissions");
        assertThat(permissions.size()).isEqualTo(1);
        assertThat(permissions.path("contents").asText()).isEqualTo("read");
    }

    @Test
    void stepsRunInReleaseOrderAndEachHasAName() throws Exception {
        JsonNode steps = steps(exporter.export(profile, options.withTracks(List.of("rocm6", "rocm7"))).yaml());
        List<String> names = new ArrayList<>();
        steps.forEach(s -> names.add(s.path("name").asText()));
        assertThat(names).doesNotContain("");
        assertThat(names).containsSubsequence(
                "Check out audio.cpp",
                "Check out HIP Packager",
                "Build HIP Packager's runtime image",
                "Restore the HIP SDK from the cache",
                "Install the HIP SDK ${{ matrix.rocm-version }}",
                "Check the HIP SDK",
                "Set up ccache",
                "Check the MSVC 14.44 toolset",
                "Write the rocm6 release profile",
                "Write the rocm7 release profile",
                "Package audio.cpp (build, stage, audit, zip)",
                "Upload the package and its checksums");
    }

    @Test
    void sdkInstallerRunsWithInstallOnlyOnCacheMissWithinTenMinutesAndFailsOnNonZeroExit() throws Exception {
        JsonNode steps = steps(exporter.export(profile, options).yaml());
        JsonNode cache = step(steps, "Restore the HIP SDK from the cache");
        assertThat(cache.path("uses").asText()).startsWith("actions/cache@");
        assertThat(cache.path("with").path("path").asText()).isEqualTo("C:\\Program Files\\AMD\\ROCm");
        assertThat(cache.path("with").path("key").asText()).contains("${{ matrix.sdk-installer }}");

        JsonNode install = step(steps, "Install the HIP SDK");
        assertThat(install.path("if").asText()).isEqualTo("steps." + cache.path("id").asText() + ".outputs.cache-hit != 'true'");
        assertThat(install.path("timeout-minutes").asInt()).isBetween(10, 60);
        assertThat(install.path("env").path("SDK_INSTALLER").asText()).isEqualTo("${{ matrix.sdk-installer }}");
        String run = install.path("run").asText();
        assertThat(run).contains("https://download.amd.com/developer/eula/rocm-hub/$env:SDK_INSTALLER")
                .contains("-ArgumentList '-install'")
                .contains("WaitForExit(600000)")
                .contains("$process.ExitCode -ne 0")
                .contains("throw");
    }

    @Test
    void buildUsesCcacheAndChecksTheMsvc1444Environment() throws Exception {
        String yaml = exporter.export(profile, options).yaml();
        JsonNode job = parse(yaml).path("jobs").path("package");
        assertThat(job.path("env").path("CMAKE_C_COMPILER_LAUNCHER").asText()).isEqualTo("ccache");
        assertThat(job.path("env").path("CMAKE_CXX_COMPILER_LAUNCHER").asText()).isEqualTo("ccache");
        assertThat(step(job.path("steps"), "Set up ccache").path("uses").asText()).startsWith("hendrikmuhs/ccache-action@");
        String msvc = step(job.path("steps"), "Check the MSVC 14.44 toolset").path("run").asText();
        assertThat(msvc).contains("vswhere.exe")
                .contains("vcvarsall.bat`\" x64 -vcvars_ver=14.44")
                .contains("[ERROR:")
                .contains("VS_INSTANCE=$vs");
    }

    @Test
    void everyActionIsPinnedToAFullCommitWithItsReleaseInAComment() throws Exception {
        String yaml = exporter.export(profile, options).yaml();
        List<String> usesLines = yaml.lines().filter(l -> l.trim().startsWith("uses:")).toList();
        assertThat(usesLines).hasSizeGreaterThanOrEqualTo(5);
        assertThat(usesLines).allSatisfy(l ->
                assertThat(l.trim()).matches("uses: [A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+@[0-9a-f]{40} # v[0-9]+(\\.[0-9]+)*"));
    }

    @Test
    void packageStepRunsHipPackagerOnTheProfileAndUploadsZipAndChecksums() throws Exception {
        JsonNode job = parse(exporter.export(profile, options).yaml()).path("jobs").path("package");
        assertThat(job.path("env").path("RELEASE_PROFILE").asText()).isEqualTo("${{ github.workspace }}\\release-profile.json");
        JsonNode pkg = step(job.path("steps"), "Package audio.cpp");
        assertThat(pkg.path("run").asText())
                .contains("hip-packager.bat\" package --profile $env:RELEASE_PROFILE")
                .contains("$LASTEXITCODE -ne 0");
        assertThat(pkg.path("timeout-minutes").asInt()).isPositive();
        JsonNode upload = step(job.path("steps"), "Upload the package");
        assertThat(upload.path("uses").asText()).startsWith("actions/upload-artifact@");
        assertThat(upload.path("with").path("path").asText().lines().map(String::trim))
                .containsExactly("release/${{ matrix.archive-name }}.zip", "release/SHA256SUMS");
        assertThat(upload.path("with").path("if-no-files-found").asText()).isEqualTo("error");
    }

    @Test
    void embeddedProfileLoadsAsTheRunnerPlanOfItsTrack() throws Exception {
        CiWorkflow wf = exporter.export(profile, options.withTracks(List.of("rocm6", "rocm7")));
        JsonNode steps = steps(wf.yaml());

        ReleasePlan onRunner6 = store.parse(runnerProfile(steps, "rocm6"), "rocm6 step");
        assertThat(onRunner6).isEqualTo(profile
                .withSource(WORKSPACE + "\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4")
                .withVsInstance(RUNNER_VS)
                .withOutputDir(WORKSPACE + "\\release"));

        ReleasePlan onRunner7 = store.parse(runnerProfile(steps, "rocm7"), "rocm7 step");
        assertThat(onRunner7.track()).isEqualTo("rocm7");
        assertThat(onRunner7.rocmVersion()).isEqualTo("7.1");
        assertThat(onRunner7.sdk()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\7.1");
        assertThat(onRunner7.buildDir()).isEqualTo("build\\hip71");
        assertThat(onRunner7.archiveName()).isEqualTo("audiocpp-windows-hip-rocm7");
        assertThat(onRunner7.targets()).isEqualTo(rocm7.targets()).doesNotContain("gfx1102");
        assertThat(onRunner7.rocblasKernels()).isEqualTo(KernelPolicy.DROP);
        assertThat(onRunner7.jobs()).isEqualTo(12);
        assertThat(wf.notes()).anySatisfy(n -> assertThat(n).startsWith("rocm7:").contains("gfx1102"));
    }

    @Test
    void matrixArchiveNameIsTheOneTheProfileZipsTo() throws Exception {
        ReleasePlan named = profile.withArchiveName("audiocpp-0.4.3-hip-rocm6");
        CiWorkflow wf = exporter.export(named, options);
        JsonNode include = parse(wf.yaml()).path("jobs").path("package").path("strategy").path("matrix").path("include");
        assertThat(include.get(0).path("archive-name").asText()).isEqualTo("audiocpp-0.4.3-hip-rocm6");
        assertThat(store.parse(runnerProfile(steps(wf.yaml()), "rocm6"), "step").archiveName()).isEqualTo("audiocpp-0.4.3-hip-rocm6");
    }

    @Test
    void otherRepositoriesAppearOnlyWhenAsked() throws Exception {
        JsonNode plain = step(steps(exporter.export(profile, options).yaml()), "Check out audio.cpp");
        assertThat(plain.path("with").has("repository")).isFalse();
        CiWorkflowOptions custom = options.withAudiocppRepository("someone/audio.cpp")
                .withPackagerRepository("me/hip-packager").withPackagerRef("main");
        JsonNode wf = parse(exporter.export(profile, custom).yaml());
        assertThat(step(wf.path("jobs").path("package").path("steps"), "Check out audio.cpp").path("with").path("repository").asText())
                .isEqualTo("someone/audio.cpp");
        assertThat(wf.path("env").path("HIP_PACKAGER_REPOSITORY").asText()).isEqualTo("me/hip-packager");
        assertThat(wf.path("env").path("HIP_PACKAGER_REF").asText()).isEqualTo("main");
    }

    @Test
    void customTrackProfileNeedsExplicitTracks() {
        ReleasePlan custom = profile.withTrack(ReleasePlan.CUSTOM_TRACK);
        assertThatThrownBy(() -> exporter.export(custom, options))
                .isInstanceOf(PackagerException.class).hasMessageContaining("--tracks rocm6,rocm7");
    }

    @Test
    void unknownTrackIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> exporter.export(profile, options.withTracks(List.of("rocm5"))))
                .isInstanceOf(PackagerException.class).hasMessageContaining("rocm5").hasMessageContaining("rocm6, rocm7");
    }

    @Test
    void trackKeepingNoneOfTheTargetsIsRefused() {
        ReleasePlan only1102 = profile.withTargets(List.of("gfx1102"));
        assertThatThrownBy(() -> exporter.export(only1102, options.withTracks(List.of("rocm7"))))
                .isInstanceOf(PackagerException.class).hasMessageContaining("gfx1102").hasMessageContaining("rocm7");
    }

    @Test
    void profileValueThatGithubWouldEvaluateIsRefused() {
        ReleasePlan p = profile;
        ReleasePlan hostile = new ReleasePlan("audio.cpp ${{ secrets.GITHUB_TOKEN }}", p.source(), p.track(), p.rocmVersion(),
                p.sdk(), p.targets(), p.vsInstance(), p.toolset(), p.buildDir(), p.jobs(), p.binaries(), p.options(),
                p.rocblasKernels(), p.allowRdna2(), p.outputDir(), p.archiveName());
        assertThatThrownBy(() -> exporter.export(hostile, options))
                .isInstanceOf(PackagerException.class).hasMessageContaining("${{");
    }

    @Test
    void writeRefusesAnExistingFileWithoutForceAndLeavesItAlone(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("release-hip.yml");
        Files.writeString(out, "mine");
        CiWorkflow wf = exporter.export(profile, options);
        assertThatThrownBy(() -> exporter.write(wf, out, false))
                .isInstanceOf(PackagerException.class).hasMessageContaining("--force");
        assertThat(out).hasContent("mine");
        assertThat(leftovers(dir)).isEmpty();
    }

    @Test
    void writeWithForceReplacesAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("release-hip.yml");
        Files.writeString(out, "mine");
        CiWorkflow wf = exporter.export(profile, options);
        exporter.write(wf, out, true);
        assertThat(Files.readString(out)).isEqualTo(wf.yaml());
        assertThat(leftovers(dir)).isEmpty();
    }

    @Test
    void writeCreatesTheWorkflowsFolder(@TempDir Path dir) throws Exception {
        Path out = dir.resolve(".github/workflows/release-hip.yml");
        exporter.write(exporter.export(profile, options), out, false);
        assertThat(parse(Files.readString(out)).path("jobs").has("package")).isTrue();
    }

    @Test
    void writeOverASymbolicLinkIsRefusedEvenWithForce(@TempDir Path dir) throws Exception {
        Path victim = java.nio.file.Files.writeString(dir.resolve("victim.txt"), "precious");
        Path out = dir.resolve("release-hip.yml");
        java.nio.file.Files.createSymbolicLink(out, victim);
        assertThatThrownBy(() -> exporter.write(exporter.export(profile, options), out, true))
                .isInstanceOf(PackagerException.class).hasMessageContaining("symbolic link");
        assertThat(java.nio.file.Files.readString(victim)).isEqualTo("precious");
        assertThat(java.nio.file.Files.isSymbolicLink(out)).isTrue();
    }

    @Test
    void writeToAFolderIsRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> exporter.write(exporter.export(profile, options), dir, true))
                .isInstanceOf(PackagerException.class).hasMessageContaining("folder");
    }

    static JsonNode parse(String yaml) throws IOException {
        return new YAMLMapper().readTree(yaml);
    }

    private static JsonNode steps(String yaml) throws IOException {
        return parse(yaml).path("jobs").path("package").path("steps");
    }

    private static JsonNode step(JsonNode steps, String namePrefix) {
        for (JsonNode s : steps) {
            if (s.path("name").asText().startsWith(namePrefix)) {
                return s;
            }
        }
        throw new AssertionError("no step named " + namePrefix + "...");
    }

    /** The profile a track's step writes, with GitHub's expressions evaluated as the runner would. */
    private static String runnerProfile(JsonNode steps, String track) {
        JsonNode s = step(steps, "Write the " + track + " release profile");
        assertThat(s.path("if").asText()).isEqualTo("matrix.track == '" + track + "'");
        String run = s.path("run").asText();
        int start = run.indexOf("@'\n") + 3;
        int end = run.indexOf("\n'@");
        assertThat(start).isGreaterThan(2);
        assertThat(end).isGreaterThan(start);
        String json = run.substring(start, end);
        Matcher m = Pattern.compile("\\$\\{\\{ toJSON\\(format\\('\\{0\\}\\\\([^']*)', github\\.workspace\\)\\) }}").matcher(json);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(new TextNode(WORKSPACE + "\\" + m.group(1)).toString()));
        }
        m.appendTail(sb);
        String evaluated = sb.toString().replace("${{ toJSON(env.VS_INSTANCE) }}", new TextNode(RUNNER_VS).toString());
        assertThat(evaluated).doesNotContain("${{");
        return evaluated;
    }

    private static List<Path> leftovers(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
