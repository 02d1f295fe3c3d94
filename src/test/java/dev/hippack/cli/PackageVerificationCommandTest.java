package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command-line paths of issue 12, end to end: a custom selection packaged from the sample's
 * prebuilt binaries, the same package without comgr failing the audit, and binaries built for
 * other targets refused before the zip.
 */
class PackageVerificationCommandTest {

    @TempDir
    Path temp;

    private final ProfileStore store = new ProfileStore(CatalogLoader.embedded());

    /** The sample's rocm6 profile with other targets, saved as a profile file (its paths are the sample's). */
    private Path profile(Path sample, String name, List<String> targets) throws Exception {
        ReleasePlan base = store.load(sample.resolve("profiles/rocm6.json"));
        ReleasePlan plan = base.withTargets(targets);
        if (!targets.equals(base.targets())) {
            plan = plan.withTrack(ReleasePlan.CUSTOM_TRACK);
        }
        Path file = temp.resolve(name);
        store.save(plan, file);
        return file;
    }

    private Path demoEnv(String name) {
        Path sample = temp.resolve(name);
        SharedSample.copyToUnchecked(sample);
        return sample;
    }

    private static List<String> ids(JsonNode findings) {
        List<String> out = new ArrayList<>();
        findings.forEach(f -> out.add(f.get("id").asText()));
        return out;
    }

    @Test
    void demoPackageOfGfx1100AndGfx1103WritesAVerifiedZipAndWithoutComgrTheAuditFails() throws Exception {
        Path profile = profile(demoEnv("paths"), "gfx1100-gfx1103.json", List.of("gfx1100", "gfx1103"));
        Path out = temp.resolve("release");

        CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--skip-build", "--profile", profile.toString(),
                "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("audit").get("errors").asInt()).isZero();
        assertThat(json.get("audit").get("architectures").toString()).isEqualTo("[\"gfx1100\",\"gfx1103\"]");
        assertThat(ids(json.get("audit").get("findings"))).contains("start.check", "build.record").doesNotContain("libs.per-arch");
        Path pkg = out.resolve("audiocpp-windows-hip-rocm6");
        Path zip = out.resolve("audiocpp-windows-hip-rocm6.zip");
        assertThat(zip).exists();
        assertThat(pkg.resolve("amd_comgr_2.dll")).exists();
        assertThat(pkg.resolve("amd_comgr0604.dll")).doesNotExist();

        // The same package with comgr removed from the staged folder fails the audit with the new rule...
        Files.delete(pkg.resolve("amd_comgr_2.dll"));
        CliTestSupport.Result audit = CliTestSupport.run("--demo", "audit", pkg.toString(), "--profile", profile.toString(), "--json");
        assertThat(audit.exitCode()).as(audit.out() + audit.err()).isEqualTo(Cli.FAILED);
        JsonNode report = JsonOutput.mapper().readTree(audit.out());
        // The bill of materials still lists the removed file (sbom.files); the unsigned executables'
        // warning and the path-length figures (info) are reported on every such package, after the
        // checks that fail it.
        assertThat(ids(report.get("findings"))).containsExactly("deps.runtime-loaded", "sign.unsigned", "sbom.files",
                "layout.path-length");
        assertThat(report.get("findings").get(0).get("file").asText()).isEqualTo("amd_comgr_2.dll");

        // ...and so does its zip.
        Path broken = temp.resolve("broken/audiocpp-windows-hip-rocm6.zip");
        assertThat(CliTestSupport.run("zip", pkg.toString(), "--out", broken.toString()).exitCode()).isEqualTo(Cli.OK);
        CliTestSupport.Result zipAudit = CliTestSupport.run("audit", broken.toString());
        assertThat(zipAudit.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(zipAudit.out() + zipAudit.err()).contains("deps.runtime-loaded").contains("amd_comgr_2.dll");
    }

    @Test
    void aBuildForGfx1151AloneIsNotPackagedAsTheEightTargetRelease() throws Exception {
        Path sample = demoEnv("machine");
        Path gfx1151 = profile(sample, "gfx1151.json", List.of("gfx1151"));
        CliTestSupport.Result build = CliTestSupport.run("--host", sample.toString(), "build", "--profile", gfx1151.toString(),
                "--stand-in-pace", "0");
        assertThat(build.exitCode()).as(build.err()).isEqualTo(Cli.OK);
        assertThat(Files.readString(sample.resolve("src/audio.cpp/build/hip/CMakeCache.txt"))).contains("GPU_TARGETS:STRING=gfx1151");
        assertThat(sample.resolve("src/audio.cpp/build/hip/bin/hip-packager-build.json")).exists();

        Path out = temp.resolve("release");
        CliTestSupport.Result r = CliTestSupport.run("--host", sample.toString(), "package", "--skip-build",
                "--profile", sample.resolve("profiles/rocm6.json").toString(), "--out", out.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.FAILED);
        assertThat(out.resolve("audiocpp-windows-hip-rocm6.zip")).doesNotExist();
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        assertThat(json.get("zip").isNull()).isTrue();
        JsonNode targets = null;
        for (JsonNode f : json.get("audit").get("findings")) {
            if (f.get("id").asText().equals("build.targets")) {
                targets = f;
            }
        }
        assertThat(targets).isNotNull();
        assertThat(targets.get("severity").asText()).isEqualTo("error");
        assertThat(targets.get("message").asText()).contains("GPU_TARGETS is \"gfx1151\"").contains("missing gfx1100");
        assertThat(r.err()).contains("no zip was written");

        // 'stage' says the same and exits 1.
        CliTestSupport.Result stage = CliTestSupport.run("--host", sample.toString(), "stage",
                "--profile", sample.resolve("profiles/rocm6.json").toString(), "--out", temp.resolve("staged").toString());
        assertThat(stage.exitCode()).isEqualTo(Cli.FAILED);
        assertThat(stage.err()).contains("build.targets").contains("do not match the profile");
    }

    @Test
    void noStartCheckSaysTheCheckWasTurnedOff() throws Exception {
        Path profile = profile(demoEnv("paths"), "gfx1201.json", List.of("gfx1201"));
        CliTestSupport.Result r = CliTestSupport.run("--demo", "package", "--skip-build", "--no-start-check", "--profile",
                profile.toString(), "--out", temp.resolve("release").toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = JsonOutput.mapper().readTree(r.out());
        boolean said = false;
        for (JsonNode f : json.get("audit").get("findings")) {
            said |= f.get("id").asText().equals("start.check") && f.get("message").asText().contains("turned off (--no-start-check)");
        }
        assertThat(said).isTrue();
    }
}
