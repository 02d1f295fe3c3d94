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
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
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

    private final CiWorkflowOptions options = CiWorkflowOptions.defaults("rocm6.json")
            .withPackager(new CiWorkflowOptions.FromRepository("maintainer/hip-packager", "v0.1.0"));
    static final String BUNDLE_SHA = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    /** The sample's release: both tracks, each its own build folder and SDK, zips named with {version}. */
    private final Release both = new Release(List.of(
            ReleasePlan.forTrack(rocm6).withSource("E:\\work\\audio.cpp").withSdk("E:\\ROCm\\6.4").withVsInstance("E:\\VS")
                    .withArchiveName("audiocpp-windows-hip-rocm6-{version}"),
            ReleasePlan.forTrack(rocm7).withSource("E:\\work\\audio.cpp").withSdk("E:\\ROCm\\7.1").withVsInstance("E:\\VS")
                    .withArchiveName("audiocpp-windows-hip-rocm7-{version}")));

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
        assertThat(include.get(0).path("id").asText()).isEqualTo("rocm6");
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
    void permissionsAreReadOnlyContentsExceptTheAttestJobWhichSignsAndThePublishJobWhichWrites() throws Exception {
        JsonNode wf = parse(exporter.export(both, options).yaml());
        JsonNode permissions = wf.path("permissions");
        assertThat(permissions.size()).isEqualTo(1);
        assertThat(permissions.path("contents").asText()).isEqualTo("read");
        assertThat(wf.path("jobs").path("package").has("permissions")).isFalse();
        assertThat(wf.path("jobs").path("release").has("permissions")).isFalse();
        JsonNode publish = wf.path("jobs").path("publish").path("permissions");
        assertThat(publish.size()).isEqualTo(1);
        assertThat(publish.path("contents").asText()).isEqualTo("write");
        JsonNode attest = wf.path("jobs").path("attest").path("permissions");
        assertThat(attest.size()).isEqualTo(3);
        assertThat(attest.path("contents").asText()).isEqualTo("read");
        assertThat(attest.path("id-token").asText()).isEqualTo("write");
        assertThat(attest.path("attestations").asText()).isEqualTo("write");
        // No other job may ask for an OIDC token or write attestations.
        wf.path("jobs").properties().forEach(job -> {
            if (!job.getKey().equals("attest")) {
                assertThat(job.getValue().path("permissions").has("id-token")).as(job.getKey()).isFalse();
                assertThat(job.getValue().path("permissions").has("attestations")).as(job.getKey()).isFalse();
            }
        });
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
                "Write the release profile",
                "Package ${{ matrix.package }} (build, stage, audit, zip)",
                "Upload the package");
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
        assertThat(step(job.path("steps"), "Set up ccache").path("with").path("key").asText()).contains("${{ matrix.id }}");
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
        assertThat(usesLines).hasSizeGreaterThanOrEqualTo(8);
        assertThat(usesLines).allSatisfy(l ->
                assertThat(l.trim()).matches("uses: [A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+@[0-9a-f]{40} # v[0-9]+(\\.[0-9]+)*"));
    }

    /**
     * The first release of each action whose action.yml says {@code using: node24} (read in each
     * action's repository at that tag): GitHub retired Node 20, so anything older no longer runs.
     */
    private static final java.util.Map<String, String> FIRST_NODE24_RELEASE = java.util.Map.of(
            "actions/checkout", "5.0.0",
            "actions/setup-java", "5.0.0",
            "actions/cache", "5.0.0",
            "actions/upload-artifact", "6.0.0",
            "actions/download-artifact", "7.0.0",
            "hendrikmuhs/ccache-action", "1.2.21",
            // a composite action: 3.0.0 is the first around actions/attest v3, which runs on node24
            "actions/attest-build-provenance", "3.0.0");

    @Test
    void everyPinnedActionIsAReleaseThatRunsOnNode24() throws Exception {
        String yaml = exporter.export(both, options).yaml();
        Matcher uses = Pattern.compile("uses: ([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@[0-9a-f]{40} # v([0-9.]+)").matcher(yaml);
        List<String> seen = new ArrayList<>();
        while (uses.find()) {
            String action = uses.group(1);
            assertThat(FIRST_NODE24_RELEASE).as("the first Node 24 release of " + action + " is known").containsKey(action);
            assertThat(compareVersions(uses.group(2), FIRST_NODE24_RELEASE.get(action)))
                    .as(action + " v" + uses.group(2) + " runs on Node 24 (from v" + FIRST_NODE24_RELEASE.get(action) + ")")
                    .isNotNegative();
            seen.add(action);
        }
        assertThat(seen).containsAll(FIRST_NODE24_RELEASE.keySet().stream().filter(a -> !a.equals("actions/setup-java")).toList());
        assertThat(exporter.export(both, options).yaml()).contains(CiWorkflowExporter.SETUP_JAVA.uses());
    }

    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(i < x.length ? Integer.parseInt(x[i]) : 0, i < y.length ? Integer.parseInt(y[i]) : 0);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    @Test
    void oneReleaseRunsAtATimePerRefAndARunningOneIsNeverCancelled() throws Exception {
        for (CiWorkflow wf : List.of(exporter.export(profile, options), exporter.export(both, options))) {
            JsonNode concurrency = parse(wf.yaml()).path("concurrency");
            assertThat(concurrency.path("group").asText()).isEqualTo("${{ github.workflow }}-${{ github.ref }}");
            assertThat(concurrency.path("cancel-in-progress").isBoolean()).isTrue();
            assertThat(concurrency.path("cancel-in-progress").asBoolean()).isFalse();
        }
    }

    @Test
    void eachMatrixJobPackagesItsOwnPackageOfTheProfileAndUploadsItsZip() throws Exception {
        JsonNode job = parse(exporter.export(profile, options).yaml()).path("jobs").path("package");
        assertThat(job.path("env").path("RELEASE_PROFILE").asText()).isEqualTo("${{ github.workspace }}\\release-profile.json");
        JsonNode pkg = step(job.path("steps"), "Package ");
        assertThat(pkg.path("env").path("PACKAGE").asText()).isEqualTo("${{ matrix.package }}");
        assertThat(pkg.path("run").asText())
                .contains("& $env:HIP_PACKAGER package --profile $env:RELEASE_PROFILE --package $env:PACKAGE --out release")
                .contains("$LASTEXITCODE -ne 0");
        assertThat(pkg.path("timeout-minutes").asInt()).isPositive();
        JsonNode upload = step(job.path("steps"), "Upload the package");
        assertThat(upload.path("uses").asText()).startsWith("actions/upload-artifact@");
        assertThat(upload.path("with").path("name").asText()).isEqualTo("package-${{ matrix.id }}");
        assertThat(upload.path("with").path("path").asText().strip()).isEqualTo("release/*.zip");
        assertThat(upload.path("with").path("if-no-files-found").asText()).isEqualTo("error");
    }

    @Test
    void theReleaseOfBothTracksIsAMatrixOfItsPackagesEachWithItsOwnSdkAndCache() throws Exception {
        CiWorkflow wf = exporter.export(both, options.withPackager(new CiWorkflowOptions.FromRepository("maintainer/hip-packager", "main")));
        JsonNode job = parse(wf.yaml()).path("jobs").path("package");
        JsonNode include = job.path("strategy").path("matrix").path("include");
        assertThat(include).hasSize(2);
        assertThat(include).extracting(n -> n.path("id").asText()).containsExactly("rocm6", "rocm7");
        assertThat(include).extracting(n -> n.path("package").asText())
                .containsExactly("audiocpp-windows-hip-rocm6-{version}", "audiocpp-windows-hip-rocm7-{version}");
        assertThat(include).extracting(n -> n.path("sdk-installer").asText()).containsExactly(rocm6.sdkInstaller(), rocm7.sdkInstaller());
        assertThat(step(job.path("steps"), "Restore the HIP SDK").path("with").path("key").asText()).contains("${{ matrix.sdk-installer }}");

        Release onRunner = store.parseRelease(runnerProfile(job.path("steps")), "runner profile");
        assertThat(onRunner.packages()).hasSize(2);
        assertThat(onRunner.packages().get(0)).isEqualTo(both.packages().get(0).withSource(WORKSPACE + "\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4").withVsInstance(RUNNER_VS).withOutputDir(WORKSPACE + "\\release"));
        assertThat(onRunner.packages().get(1).buildDir()).isEqualTo("build\\hip71");
        assertThat(onRunner.packages().get(1).sdk()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\7.1");
        // Each matrix entry's --package picks its own package out of that profile.
        for (JsonNode entry : include) {
            assertThat(onRunner.select(entry.path("package").asText()).track()).isEqualTo(entry.path("track").asText());
        }
        assertThatThrownBy(() -> exporter.export(both, options.withTracks(List.of("rocm6"))))
                .isInstanceOf(PackagerException.class).hasMessageContaining("--tracks");
    }

    @Test
    void theReleaseJobAuditsTheZipsAgainstThePreviousReleaseAndWritesSumsAndNotes() throws Exception {
        JsonNode release = parse(exporter.export(both, options).yaml()).path("jobs").path("release");
        assertThat(release.path("needs").asText()).isEqualTo("package");
        assertThat(release.path("runs-on").asText()).isEqualTo("windows-2022");
        JsonNode steps = release.path("steps");
        JsonNode download = step(steps, "Download the packages");
        assertThat(download.path("uses").asText()).startsWith("actions/download-artifact@");
        assertThat(download.path("with").path("pattern").asText()).isEqualTo("package-*");
        assertThat(download.path("with").path("merge-multiple").asBoolean()).isTrue();
        assertThat(download.path("with").path("path").asText()).isEqualTo("release");
        JsonNode previous = step(steps, "Download the previous release");
        assertThat(previous.path("env").path("GH_TOKEN").asText()).isEqualTo("${{ github.token }}");
        assertThat(previous.path("run").asText()).contains("gh release view --json tagName").contains("gh release download $tag --pattern '*.zip' --dir previous")
                .contains("GITHUB_OUTPUT");
        JsonNode notes = step(steps, "Audit the zips");
        assertThat(notes.path("env").path("PREVIOUS_TAG").asText()).isEqualTo("${{ steps." + previous.path("id").asText() + ".outputs.tag }}");
        assertThat(notes.path("run").asText())
                .contains("& $env:HIP_PACKAGER release --profile $env:RELEASE_PROFILE --from-zips --out release @compare")
                .contains("@('--previous', 'previous')");
        JsonNode upload = step(steps, "Upload the release");
        assertThat(upload.path("with").path("name").asText()).isEqualTo("release");
        assertThat(upload.path("with").path("path").asText().lines().map(String::trim))
                .containsExactly("release/*.zip", "release/*.cdx.json", "release/SHA256SUMS", "release/RELEASE-NOTES.md");
    }

    @Test
    void onATagTheAttestJobAttestsTheZipsSumsAndSbomsWithThePinnedProvenanceAction() throws Exception {
        JsonNode attest = parse(exporter.export(both, options).yaml()).path("jobs").path("attest");
        assertThat(attest.path("needs").asText()).isEqualTo("release");
        assertThat(attest.path("if").asText()).isEqualTo("startsWith(github.ref, 'refs/tags/')");
        JsonNode steps = attest.path("steps");
        assertThat(steps).extracting(s -> s.path("name").asText())
                .containsExactly("Download the release", "Check the checksums", "Attest the zips, SHA256SUMS and the SBOMs");
        JsonNode provenance = step(steps, "Attest the zips, SHA256SUMS and the SBOMs");
        assertThat(provenance.path("uses").asText()).isEqualTo("actions/attest-build-provenance@a2bbfa25375fe432b6a289bc6b6cd05ecd0c4c32");
        assertThat(provenance.path("with").path("subject-path").asText().lines().toList())
                .containsExactly("release/*.zip", "release/SHA256SUMS", "release/*.cdx.json");
    }

    @Test
    void onATagThePublishJobPublishesTheReleaseOnceWithEveryAssetDraftUploadThenPublish() throws Exception {
        JsonNode publish = parse(exporter.export(both, options).yaml()).path("jobs").path("publish");
        assertThat(publish.path("needs").asText()).isEqualTo("attest");
        assertThat(publish.path("if").asText()).isEqualTo("startsWith(github.ref, 'refs/tags/')");
        // No third-party publishing action: GitHub's own CLI with the repository's token.
        assertThat(publish.path("env").path("GH_TOKEN").asText()).isEqualTo("${{ secrets.GITHUB_TOKEN }}");
        assertThat(publish.path("env").path("TAG").asText()).isEqualTo("${{ github.ref_name }}");
        assertThat(publish.path("env").path("GH_REPO").asText()).isEqualTo("${{ github.repository }}");
        JsonNode steps = publish.path("steps");
        assertThat(steps).extracting(s -> s.path("name").asText())
                .containsExactly("Download the release", "Check the checksums", "Check the zips against GitHub's 2 GiB asset limit",
                        "Remove a draft of this tag left by an earlier run", "Create the GitHub Release as a draft",
                        "Upload every asset to the draft", "Publish the GitHub Release");
        assertThat(steps).allSatisfy(s -> assertThat(s.has("uses") && !s.path("name").asText().equals("Download the release"))
                .as(s.path("name").asText()).isFalse());
        assertThat(step(steps, "Download the release").path("with").path("name").asText()).isEqualTo("release");
        assertThat(step(steps, "Check the checksums").path("run").asText()).isEqualTo("sha256sum -c --strict SHA256SUMS");
        assertThat(step(steps, "Check the checksums").path("working-directory").asText()).isEqualTo("release");

        List<String> create = args(step(steps, "Create the GitHub Release as a draft"));
        assertThat(create.subList(0, 4)).containsExactly("gh", "release", "create", "\"$TAG\"");
        assertThat(create).contains("--draft", "--verify-tag", "--notes-file");
        assertThat(create.get(create.indexOf("--notes-file") + 1)).isEqualTo("release/RELEASE-NOTES.md");
        assertThat(create.get(create.indexOf("--title") + 1)).isEqualTo("\"audio.cpp $TAG for Windows (HIP)\"");
        // Created with no asset: every asset goes up in the one upload, before the release is public.
        assertThat(create).noneMatch(a -> a.startsWith("release/") && !a.endsWith("RELEASE-NOTES.md"));

        List<String> upload = args(step(steps, "Upload every asset to the draft"));
        assertThat(upload.subList(0, 4)).containsExactly("gh", "release", "upload", "\"$TAG\"");
        assertThat(upload.subList(4, upload.size())).containsExactly("release/*.zip", "release/SHA256SUMS", "release/*.cdx.json");

        assertThat(args(step(steps, "Publish the GitHub Release"))).containsExactly("gh", "release", "edit", "\"$TAG\"", "--draft=false");
        // Only a draft is ever deleted, so a rerun cannot take down a published release.
        assertThat(step(steps, "Remove a draft of this tag left by an earlier run").path("run").asText())
                .contains("--json isDraft", "if [ \"$draft\" = \"true\" ]", "gh release delete \"$TAG\" --yes");
    }

    /** A step's command line split into words, keeping quoted words whole. */
    private static List<String> args(JsonNode step) {
        return List.of(step.path("run").asText().trim().split("\\s+(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)"));
    }

    @TempDir
    Path assets;

    /** Runs the publish job's asset-limit step as exported, with bash, in {@code dir}. */
    private int runAssetLimitStep(Path dir, StringBuilder output) throws Exception {
        JsonNode steps = parse(exporter.export(both, options).yaml()).path("jobs").path("publish").path("steps");
        String script = step(steps, "Check the zips against GitHub's 2 GiB asset limit").path("run").asText();
        Process p = new ProcessBuilder("bash", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
        output.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        return p.waitFor();
    }

    @Test
    void thePublishJobFailsBeforeCreatingTheReleaseWhenAZipReachesGithubsAssetLimit() throws Exception {
        Files.write(assets.resolve("small.zip"), new byte[1024]);
        StringBuilder out = new StringBuilder();
        assertThat(runAssetLimitStep(assets, out)).as(out.toString()).isZero();
        // A sparse file of exactly 2 GiB: the limit itself is refused (GitHub: HTTP 422).
        try (RandomAccessFile big = new RandomAccessFile(assets.resolve("big.zip").toFile(), "rw")) {
            big.setLength(2L * 1024 * 1024 * 1024);
        }
        out.setLength(0);
        assertThat(runAssetLimitStep(assets, out)).isEqualTo(1);
        assertThat(out.toString()).contains("::error file=big.zip::big.zip is 2147483648 bytes").doesNotContain("small.zip");
    }

    @Test
    void noRunScriptEvaluatesAnExpressionExceptTheProfilesJsonQuotedPaths() throws Exception {
        JsonNode jobs = parse(exporter.export(both, options).yaml()).path("jobs");
        for (JsonNode job : jobs) {
            for (JsonNode s : job.path("steps")) {
                String run = s.path("run").asText();
                assertThat(run.replace("${{ toJSON(", "")).as(s.path("name").asText()).doesNotContain("${{");
            }
        }
    }

    @Test
    void withoutAPackagerSourceTheExportIsRefusedNamingTheOptions() {
        CiWorkflowOptions none = CiWorkflowOptions.defaults("rocm6.json");
        for (var export : List.<java.util.concurrent.Callable<CiWorkflow>>of(() -> exporter.export(profile, none),
                () -> exporter.export(both, none))) {
            assertThatThrownBy(export::call).isInstanceOf(PackagerException.class)
                    .hasMessageContaining("--packager-bundle URL --packager-sha256 HEX")
                    .hasMessageContaining("--packager-repo OWNER/NAME")
                    .hasMessageNotContaining("hip-packager/hip-packager");
        }
    }

    @Test
    void aReleasedBundleIsDownloadedAndUsedOnlyWhenItsSha256Matches() throws Exception {
        CiWorkflowOptions bundle = options.withPackager(new CiWorkflowOptions.FromBundle(
                "https://github.com/maintainer/hip-packager/releases/download/v0.1.0/hip-packager-windows-x64.zip", BUNDLE_SHA.toUpperCase()));
        String yaml = exporter.export(both, bundle).yaml();
        JsonNode wf = parse(yaml);
        assertThat(wf.path("env").path("HIP_PACKAGER_BUNDLE").asText())
                .isEqualTo("https://github.com/maintainer/hip-packager/releases/download/v0.1.0/hip-packager-windows-x64.zip");
        assertThat(wf.path("env").path("HIP_PACKAGER_SHA256").asText()).isEqualTo(BUNDLE_SHA);
        assertThat(wf.path("env").has("HIP_PACKAGER_REPOSITORY")).isFalse();
        for (String job : List.of("package", "release")) {
            JsonNode steps = wf.path("jobs").path(job).path("steps");
            assertThat(steps).noneMatch(s -> s.path("name").asText().equals("Check out HIP Packager"));
            String run = step(steps, "Download HIP Packager and check its SHA-256").path("run").asText();
            assertThat(run).contains("Invoke-WebRequest -Uri $env:HIP_PACKAGER_BUNDLE")
                    .contains("Get-FileHash -LiteralPath $bundle -Algorithm SHA256")
                    .contains("if ($actual -ne $env:HIP_PACKAGER_SHA256) {")
                    .contains("throw")
                    .contains("HIP_PACKAGER=$($exe.FullName)");
            // The check comes before anything runs from the bundle.
            assertThat(run.indexOf("-ne $env:HIP_PACKAGER_SHA256")).isLessThan(run.indexOf("Expand-Archive"));
        }
        assertThatThrownBy(() -> new CiWorkflowOptions.FromBundle("http://example.org/x.zip", BUNDLE_SHA))
                .hasMessageContaining("https://");
        assertThatThrownBy(() -> new CiWorkflowOptions.FromBundle("https://example.org/x.zip", "abc"))
                .hasMessageContaining("64 hexadecimal");
    }

    @Test
    void aRepositoryAndRefAreCheckedOutAndBuiltOnTheRunner() throws Exception {
        JsonNode wf = parse(exporter.export(both, options.withPackager(new CiWorkflowOptions.FromRepository("maintainer/hip-packager", "v0.2.0"))).yaml());
        assertThat(wf.path("env").path("HIP_PACKAGER_REPOSITORY").asText()).isEqualTo("maintainer/hip-packager");
        assertThat(wf.path("env").path("HIP_PACKAGER_REF").asText()).isEqualTo("v0.2.0");
        for (String job : List.of("package", "release")) {
            JsonNode steps = wf.path("jobs").path(job).path("steps");
            JsonNode checkout = step(steps, "Check out HIP Packager");
            assertThat(checkout.path("with").path("repository").asText()).isEqualTo("${{ env.HIP_PACKAGER_REPOSITORY }}");
            assertThat(checkout.path("with").path("ref").asText()).isEqualTo("${{ env.HIP_PACKAGER_REF }}");
            assertThat(step(steps, "Build HIP Packager's runtime image").path("run").asText())
                    .contains("mvnw.cmd -B -DskipTests package").contains("HIP_PACKAGER=");
        }
    }

    @Test
    void embeddedProfileLoadsAsTheRunnerPlanOfItsTrack() throws Exception {
        CiWorkflow wf = exporter.export(profile, options.withTracks(List.of("rocm6", "rocm7")));
        Release onRunner = store.parseRelease(runnerProfile(steps(wf.yaml())), "runner profile");

        ReleasePlan onRunner6 = onRunner.select("rocm6");
        assertThat(onRunner6).isEqualTo(profile
                .withSource(WORKSPACE + "\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4")
                .withVsInstance(RUNNER_VS)
                .withOutputDir(WORKSPACE + "\\release"));

        ReleasePlan onRunner7 = onRunner.select("rocm7");
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
    void matrixPackageNameIsTheOneTheProfileZipsTo() throws Exception {
        ReleasePlan named = profile.withArchiveName("audiocpp-0.4.3-hip-rocm6");
        CiWorkflow wf = exporter.export(named, options);
        JsonNode include = parse(wf.yaml()).path("jobs").path("package").path("strategy").path("matrix").path("include");
        assertThat(include.get(0).path("package").asText()).isEqualTo("audiocpp-0.4.3-hip-rocm6");
        assertThat(store.parse(runnerProfile(steps(wf.yaml())), "step").archiveName()).isEqualTo("audiocpp-0.4.3-hip-rocm6");
    }

    @Test
    void otherRepositoriesAppearOnlyWhenAsked() throws Exception {
        JsonNode plain = step(steps(exporter.export(profile, options).yaml()), "Check out audio.cpp");
        assertThat(plain.path("with").has("repository")).isFalse();
        CiWorkflowOptions custom = options.withAudiocppRepository("someone/audio.cpp")
                .withPackager(new CiWorkflowOptions.FromRepository("me/hip-packager", "main"));
        assertThat(step(steps(exporter.export(profile, options).yaml()), "Check out audio.cpp").path("with").path("fetch-depth").asInt())
                .isZero();
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

    /** The profile the workflow writes, with GitHub's expressions evaluated as the runner would. */
    private static String runnerProfile(JsonNode steps) {
        JsonNode s = step(steps, "Write the release profile");
        assertThat(s.has("if")).isFalse();
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
