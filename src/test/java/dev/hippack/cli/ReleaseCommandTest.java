package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.FileTrees;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hip-packager release}: the whole release in one go, on the sample machine. */
class ReleaseCommandTest {

    static final Catalog CATALOG = CatalogLoader.embedded();
    static final String ROCM6 = "audiocpp-windows-hip-rocm6-v0.4.3-sample";
    static final String ROCM7 = "audiocpp-windows-hip-rocm7-v0.4.3-sample";

    @TempDir
    Path temp;

    private final ProfileStore store = new ProfileStore(CATALOG);

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** sha256sum -c on the folder, when the tool is here (it is on every Linux build machine). */
    private static void sha256sumAccepts(Path dir) throws Exception {
        Process p = new ProcessBuilder("sha256sum", "-c", "--strict", "SHA256SUMS").directory(dir.toFile())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
    }

    /** A sample machine in {@code DIR/sample} (kept, unlike --demo's) and its release profile with the targets given. */
    private Path sampleWithRelease(String name, List<String> targets6, List<String> targets7) throws Exception {
        Path sample = temp.resolve("sample");
        if (!Files.exists(sample)) {
            SharedSample.copyTo(sample);
        }
        Release release = store.loadRelease(sample.resolve("profiles/release.json"));
        List<ReleasePlan> plans = new ArrayList<>();
        plans.add(release.packages().get(0).withTargets(targets6));
        plans.add(release.packages().get(1).withTargets(targets7));
        Path profile = temp.resolve(name);
        store.save(new Release(plans), profile);
        return profile;
    }

    @Test
    void demoReleaseWritesBothZipsOneChecksumFileAndNotesThenNoChangeThenExactlyTheDroppedTarget() throws Exception {
        // 1. The sample's release of both tracks, as the done-when of the issue runs it.
        Path first = temp.resolve("first");
        CliTestSupport.Result r = CliTestSupport.run("--demo", "release", "--skip-build", "--out", first.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        assertThat(names(first)).containsExactly(".hip-packager.lock", "RELEASE-NOTES.md", "SHA256SUMS",
                ROCM6, ROCM6 + ".sbom.cdx.json", ROCM6 + ".zip", ROCM7, ROCM7 + ".sbom.cdx.json", ROCM7 + ".zip");
        // Each zip's bill of materials beside it, as in the package it was made from.
        assertThat(first.resolve(ROCM6 + ".sbom.cdx.json")).hasSameBinaryContentAs(first.resolve(ROCM6).resolve("sbom.cdx.json"));
        List<String> sums = Files.readAllLines(first.resolve("SHA256SUMS"));
        assertThat(sums).hasSize(2).allMatch(l -> l.matches("[0-9a-f]{64}  audiocpp-windows-hip-rocm[67]-v0\\.4\\.3-sample\\.zip"));
        sha256sumAccepts(first);
        dev.hippack.core.archive.ZipReaders.assertAllAccept(first.resolve(ROCM7 + ".zip"));

        String notes = Files.readString(first.resolve("RELEASE-NOTES.md"));
        assertThat(notes).startsWith("# audio.cpp v0.4.3-sample for Windows with AMD GPUs");
        for (String target : List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201")) {
            assertThat(notes).contains("| " + target + " | ");
        }
        assertThat(notes).contains("| gfx1102 | RDNA3 discrete | Radeon RX 7600 / 7600 XT | yes | no |")
                .contains("**RX 7600 series (gfx1102): take `" + ROCM6 + ".zip`.**")
                .contains("| `" + ROCM6 + ".zip` | 6.4 | 8 | 1.24 GiB |")
                .contains("| `" + ROCM7 + ".zip` | 7.1 | 7 | 864.6 MiB |")
                .contains("The rocm7 package is 409.5 MiB smaller unpacked")
                .contains("| rocBLAS kernels | 783.2 MiB | 113.8 MiB | -669.4 MiB |")
                .contains("- `" + ROCM6 + ".zip`: 64-bit Windows 10 or 11.\n")
                .contains("- `" + ROCM7 + ".zip`: 64-bit Windows 11 (AMD's system requirements for ROCm 7.1 on Windows list Windows 11 only).\n")
                .contains("## ROCm libraries and their file versions")
                .contains("| `amdhip64_6.dll` | 6.4.3665.0 | - |").contains("| `amdhip64_7.dll` | - | 7.1.3679.0 |")
                .contains("| `rocblas.dll` | 4.4.0.0 | 5.1.0.0 |")
                .contains("AMD graphics driver").contains("Not needed: ROCm or the AMD HIP SDK, Visual Studio")
                .doesNotContain("incomplete").doesNotContain("Changes since the previous release");
        // The version is in each package's README too, and its licenses beside it.
        try (var zip = new java.util.zip.ZipFile(first.resolve(ROCM6 + ".zip").toFile())) {
            assertThat(new String(zip.getInputStream(zip.getEntry(ROCM6 + "/README.md")).readAllBytes()))
                    .contains("audio.cpp version: v0.4.3-sample")
                    .contains("| `amdhip64_6.dll` | 6.4.3665.0 |").contains("| `hipblaslt.dll` | 0.12.0.0 |");
            assertThat(zip.getEntry(ROCM6 + "/LICENSE")).isNotNull();
            assertThat(zip.getEntry(ROCM6 + "/THIRD-PARTY-NOTICES.txt")).isNotNull();
        }

        // 2. The same release again against the first: no change.
        Path second = temp.resolve("second");
        r = CliTestSupport.run("--demo", "release", "--skip-build", "--out", second.toString(), "--previous", first.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("complete").asBoolean()).isTrue();
        for (JsonNode p : json.get("packages")) {
            assertThat(p.get("status").asText()).isEqualTo("zipped");
            assertThat(p.get("previous").asText()).endsWith(p.get("name").asText() + ".zip");
            assertThat(p.get("sincePrevious").get("unchanged").asBoolean()).isTrue();
        }
        String again = Files.readString(second.resolve("RELEASE-NOTES.md"));
        assertThat(again).contains("## Changes since the previous release");
        assertThat(again.split("- No change: the same ", -1)).hasSize(3);
        // Byte-identical zips: the same inputs give the same bytes.
        assertThat(Files.readAllLines(second.resolve("SHA256SUMS"))).isEqualTo(sums);

        // 3. gfx1151 dropped from both packages: exactly that.
        Path dropped = sampleWithRelease("dropped.json",
                List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1200", "gfx1201"),
                List.of("gfx1100", "gfx1101", "gfx1103", "gfx1150", "gfx1200", "gfx1201"));
        Path third = temp.resolve("third");
        r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile", dropped.toString(),
                "--skip-build", "--out", third.toString(), "--previous", first.resolve(ROCM6 + ".zip") + "," + first.resolve(ROCM7 + ".zip"),
                "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        json = JsonOutput.mapper().readTree(r.out());
        for (JsonNode p : json.get("packages")) {
            JsonNode d = p.get("sincePrevious");
            assertThat(d.get("unchanged").asBoolean()).isFalse();
            assertThat(d.get("targetsLost")).extracting(JsonNode::asText).containsExactly("gfx1151");
            assertThat(d.get("targetsGained")).isEmpty();
            assertThat(d.get("added")).isEmpty();
            assertThat(d.get("removed")).isNotEmpty().allSatisfy(f -> assertThat(f.get("arch").asText()).isEqualTo("gfx1151"));
            // The README names the targets; the bill of materials lists every file, gfx1151's gone.
            assertThat(d.get("changed")).extracting(f -> f.get("path").asText()).containsExactly("README.md", "sbom.cdx.json");
            assertThat(d.get("architectures")).allSatisfy(a -> {
                assertThat(a.get("arch").asText()).isEqualTo("gfx1151");
                assertThat(a.get("newBytes").asLong()).isZero();
            });
            assertThat(d.get("rocmDlls")).isEmpty();
        }
        String third6 = Files.readString(third.resolve("RELEASE-NOTES.md"));
        assertThat(third6).contains("- Targets lost: gfx1151.").contains("rocBLAS kernel files of gfx1151")
                .contains("hipBLASLt kernel files of gfx1151").contains("- ROCm DLLs: no change.")
                .doesNotContain("No change: the same").doesNotContain("| gfx1151 |");
    }

    @Test
    void aPackageThatFailsStopsNothingElseAndTheReleaseSaysItIsIncomplete() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        // The rocm7 build folder lacks its server (the plan rules, run first, cannot see that): the rocm7 package cannot be made.
        Files.delete(temp.resolve("sample/src/audio.cpp/build/hip71/bin/audiocpp_server.exe"));
        Path out = temp.resolve("out");
        CliTestSupport.Result r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile",
                profile.toString(), "--skip-build", "--out", out.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.FAILED);
        assertThat(r.out()).contains(ROCM6 + ": zipped").contains(ROCM7 + ": FAILED: ").contains("audiocpp_server.exe");
        assertThat(r.err()).contains("the release is incomplete: 1 of 2 packages failed");
        assertThat(out.resolve(ROCM6 + ".zip")).exists();
        assertThat(out.resolve(ROCM7 + ".zip")).doesNotExist();
        assertThat(Files.readAllLines(out.resolve("SHA256SUMS"))).singleElement().asString().endsWith("  " + ROCM6 + ".zip");
        sha256sumAccepts(out);
        String notes = Files.readString(out.resolve("RELEASE-NOTES.md"));
        assertThat(notes).contains("**This release is incomplete.** `" + ROCM7 + "` was not made:")
                .contains("audiocpp_server.exe")
                .contains("## Packages that failed").contains("### `" + ROCM7 + "`")
                .contains("`" + ROCM6 + ".zip` (ROCm 6.4)")
                .doesNotContain("`" + ROCM7 + ".zip` (ROCm 7.1)");
    }

    @Test
    void aPackageWhoseChecksFindErrorsGetsNoZipAndTheNotesNameTheErrors() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        // The rocm7 binaries were built for other targets than the profile says (its CMake cache): an audit error.
        Path cache = temp.resolve("sample/src/audio.cpp/build/hip71/CMakeCache.txt");
        Files.writeString(cache, Files.readString(cache).replaceAll("GPU_TARGETS:STRING=.*", "GPU_TARGETS:STRING=gfx1100"));
        Path out = temp.resolve("out");
        CliTestSupport.Result r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile",
                profile.toString(), "--skip-build", "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("complete").asBoolean()).isFalse();
        JsonNode rocm7 = json.get("packages").get(1);
        assertThat(rocm7.get("status").asText()).isEqualTo("failed");
        assertThat(rocm7.get("zip").isNull()).isTrue();
        assertThat(rocm7.get("reason").asText()).contains("no zip was written").contains("build.targets");
        assertThat(rocm7.get("audit").get("errors").asInt()).isPositive();
        assertThat(json.get("packages").get(0).get("status").asText()).isEqualTo("zipped");
        assertThat(out.resolve(ROCM7)).isDirectory();
        assertThat(out.resolve(ROCM7 + ".zip")).doesNotExist();
        assertThat(Files.readString(out.resolve("RELEASE-NOTES.md"))).contains("- `build.targets`: ");
    }

    @Test
    void existingOutputsAreRefusedBeforeAnyWorkAllNamedAndForceReplacesThem() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        Path out = Files.createDirectories(temp.resolve("out"));
        Files.writeString(out.resolve(ROCM7 + ".zip"), "last week's zip");
        Files.writeString(out.resolve("RELEASE-NOTES.md"), "last week's notes");
        CliTestSupport.Result r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile",
                profile.toString(), "--skip-build", "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains(ROCM7 + ".zip, RELEASE-NOTES.md already exist").contains("--force")
                .contains("Nothing was built or written");
        assertThat(names(out)).containsExactly("RELEASE-NOTES.md", ROCM7 + ".zip");
        assertThat(Files.readString(out.resolve(ROCM7 + ".zip"))).isEqualTo("last week's zip");

        r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile", profile.toString(),
                "--skip-build", "--out", out.toString(), "--force");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(Files.size(out.resolve(ROCM7 + ".zip"))).isGreaterThan(1000);
        assertThat(Files.readString(out.resolve("RELEASE-NOTES.md"))).startsWith("# audio.cpp");
        sha256sumAccepts(out);
    }

    @Test
    @SuppressWarnings("try") // the other run's lock is held for the block's length and needs no call
    void anotherRunWritingToTheFolderIsRefusedBeforeAnyWork() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        Path out = Files.createDirectories(temp.resolve("out"));
        try (OutputLock held = OutputLock.acquire(out, "release by someone else")) {
            CliTestSupport.Result r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile",
                    profile.toString(), "--skip-build", "--out", out.toString());
            assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
            assertThat(r.err()).contains("release by someone else");
        }
        assertThat(names(out)).containsExactly(".hip-packager.lock");
    }

    @Test
    void theVersionPlaceholderWithoutAVersionStopsBeforeAnyWork() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        FileTrees.delete(temp.resolve("sample/src/audio.cpp/.git"));
        Path out = temp.resolve("out");
        CliTestSupport.Result r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "release", "--profile",
                profile.toString(), "--skip-build", "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("{version}").contains("not known").contains("audiocpp-windows-hip-rocm6-{version}");
        assertThat(out).doesNotExist();
        // plan, which judges the profile before anything runs, says the same.
        r = CliTestSupport.run("--host", temp.resolve("sample").toString(), "plan", "--profile", profile.toString(), "--package", "rocm6");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(r.out()).contains("detect.checkout").contains("{version}").contains("not known");
    }

    @Test
    void zipsMadeElsewhereAreAuditedInPlaceAndGetChecksumsAndNotes() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        Path built = temp.resolve("built");
        String host = temp.resolve("sample").toString();
        assertThat(CliTestSupport.run("--host", host, "release", "--profile", profile.toString(), "--skip-build",
                "--out", built.toString()).exitCode()).isEqualTo(Cli.OK);
        // As a CI job collects them: the zips alone, in a folder of their own.
        Path assembled = Files.createDirectories(temp.resolve("assembled"));
        for (String zip : List.of(ROCM6 + ".zip", ROCM7 + ".zip")) {
            Files.copy(built.resolve(zip), assembled.resolve(zip));
        }
        // No checkout on the machine that assembles: the names and versions come from the zips.
        FileTrees.delete(temp.resolve("sample/src/audio.cpp/.git"));
        CliTestSupport.Result r = CliTestSupport.run("--host", host, "release", "--profile", profile.toString(), "--from-zips",
                "--out", assembled.toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        assertThat(Files.readString(assembled.resolve("SHA256SUMS"))).isEqualTo(Files.readString(built.resolve("SHA256SUMS")));
        assertThat(Files.readString(assembled.resolve("RELEASE-NOTES.md"))).isEqualTo(Files.readString(built.resolve("RELEASE-NOTES.md")));

        Files.delete(assembled.resolve(ROCM7 + ".zip"));
        r = CliTestSupport.run("--host", host, "release", "--profile", profile.toString(), "--from-zips", "--out", assembled.toString(),
                "--force");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("No zip of package audiocpp-windows-hip-rocm7-{version}");
    }

    @Test
    void aProfileOfSeveralPackagesAsksCommandsOfOnePackageWhichOne() throws Exception {
        Path profile = sampleWithRelease("small.json", List.of("gfx1151"), List.of("gfx1151"));
        String host = temp.resolve("sample").toString();
        CliTestSupport.Result r = CliTestSupport.run("--host", host, "plan", "--profile", profile.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("holds 2 packages").contains("--package NAME");
        r = CliTestSupport.run("--host", host, "plan", "--profile", profile.toString(), "--package", "rocm7");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("track rocm7");
        // package names the zip with the version, as release does.
        Path out = temp.resolve("one");
        r = CliTestSupport.run("--host", host, "package", "--profile", profile.toString(), "--package", "rocm7", "--skip-build",
                "--out", out.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(out.resolve(ROCM7 + ".zip")).exists();
    }
}
