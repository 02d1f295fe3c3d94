package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditCommandTest {

    @TempDir
    Path tmp;

    /** A small good rocm6 package: sample PE files, tiny kernel files, a README. */
    private Path goodPackage() throws Exception {
        Path pkg = tmp.resolve("pkg");
        Path pe = Path.of("src/main/resources/dev/hippack/sample/pe");
        for (String f : List.of("rocm6/audiocpp_cli.exe", "rocm6/audiocpp_server.exe", "rocm6/amdhip64_6.dll",
                "rocm6/amd_comgr_2.dll", "rocm6/hipblas.dll", "rocm6/hipblaslt.dll", "rocm6/rocblas.dll",
                "crt/MSVCP140.dll", "crt/VCRUNTIME140.dll", "crt/VCRUNTIME140_1.dll")) {
            Path to = pkg.resolve(Path.of(f).getFileName());
            Files.createDirectories(pkg);
            Files.copy(pe.resolve(f), to, StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> targets = List.of("gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201");
        for (String t : targets) {
            touch(pkg.resolve("hipblaslt/library/TensileLibrary_lazy_" + t + ".dat"));
            touch(pkg.resolve("hipblaslt/library/Kernels.so-000-" + t + ".hsaco"));
            if (!t.equals("gfx1103")) {
                touch(pkg.resolve("rocblas/library/TensileLibrary_lazy_" + t + ".dat"));
                touch(pkg.resolve("rocblas/library/Kernels.so-000-" + t + ".hsaco"));
            }
        }
        touch(pkg.resolve("hipblaslt/library/hipblasltTransform.hsaco"));
        touch(pkg.resolve("rocblas/library/TensileManifest.txt"));
        Files.writeString(pkg.resolve("README.md"), "GPU targets: " + String.join(", ", targets)
                + "\n\n## Requirements\n64-bit Windows\n\n## Quick start\n.\\audiocpp_cli.exe --backend hip\n");
        Files.writeString(pkg.resolve("LICENSE"), "MIT License\n");
        Files.writeString(pkg.resolve("THIRD-PARTY-NOTICES.txt"), "amdhip64_6.dll amd_comgr_2.dll hipblas.dll hipblaslt.dll"
                + " rocblas.dll MSVCP140.dll VCRUNTIME140.dll VCRUNTIME140_1.dll\n");
        return pkg;
    }

    private static void touch(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[] {1, 2, 3});
    }

    /** The package zipped below "pkg/", with {@code name}'s compression method set to {@code method} in both headers. */
    private Path zipWithMethod(Path pkg, String name, int method) throws Exception {
        Path zip = tmp.resolve("methods/package.zip");
        Files.createDirectories(zip.getParent());
        try (var out = new org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream(zip);
             var files = Files.walk(pkg)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putArchiveEntry(new org.apache.commons.compress.archivers.zip.ZipArchiveEntry(
                        "pkg/" + pkg.relativize(p).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(p));
                out.closeArchiveEntry();
            }
        }
        byte[] b = Files.readAllBytes(zip);
        byte[] n = ("pkg/" + name).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i + 46 + n.length <= b.length; i++) {
            int sig = (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
            int nameAt = sig == 0x04034b50 ? 30 : sig == 0x02014b50 ? 46 : -1;
            if (nameAt > 0 && java.util.Arrays.equals(b, i + nameAt, i + nameAt + n.length, n, 0, n.length)) {
                int field = nameAt == 30 ? 8 : 10;
                b[i + field] = (byte) method;
                b[i + field + 1] = (byte) (method >>> 8);
            }
        }
        return Files.write(zip, b);
    }

    @Test
    void anUnknownCompressionMethodIsAClearErrorInAuditAndDiffNeverAStackTrace() throws Exception {
        Path pkg = goodPackage();
        for (int method : new int[] {93, 95, 0xBEEF}) {
            Path zip = zipWithMethod(pkg, "amdhip64_6.dll", method);
            CliTestSupport.Result r = CliTestSupport.run("audit", zip.toString());
            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.FAILED);
            assertThat(r.out()).contains("zip.unsupported")
                    .contains("Entry 'pkg/amdhip64_6.dll' uses compression method " + method + ", which HIP Packager cannot check");
            assertThat(r.out() + r.err()).doesNotContain("Exception").doesNotContain("\tat ");
            CliTestSupport.Result d = CliTestSupport.run("diff", zip.toString(), pkg.toString());
            assertThat(d.out() + d.err()).as("diff").doesNotContain("Exception").doesNotContain("\tat ")
                    .contains("uses compression method " + method);
        }
    }

    @Test
    void goodPackageExitsZeroAndSaysItPasses() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("audit", goodPackage().toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("Targets (from readme): gfx1100").contains("0 errors, 2 warnings, 1 note. The package passes.")
                .contains("sign.unsigned")
                .contains("layout.path-length");
    }

    @Test
    void jsonReportHasTargetFindingsErrorsWarnings() throws Exception {
        Path pkg = goodPackage();
        Files.delete(pkg.resolve("hipblaslt.dll"));
        CliTestSupport.Result r = CliTestSupport.run("audit", pkg.toString(), "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("target").asText()).isEqualTo(pkg.toString());
        assertThat(json.get("errors").asInt()).isEqualTo(1);
        // Laid out by hand: unsigned executables (sign.unsigned) and no bill of materials (sbom.present).
        assertThat(json.get("warnings").asInt()).isEqualTo(2);
        JsonNode f = json.get("findings").get(0);
        assertThat(f.get("id").asText()).isEqualTo("deps.closure");
        assertThat(f.get("severity").asText()).isEqualTo("error");
        assertThat(f.get("file").asText()).isEqualTo("hipblaslt.dll");
        assertThat(f.get("message").asText()).contains("audiocpp_cli.exe");
        assertThat(f.get("fix").asText()).isNotBlank();
    }

    @Test
    void profileGivesTheTargets() throws Exception {
        Path pkg = goodPackage();
        ProfileStore store = new ProfileStore(CatalogLoader.embedded());
        ReleasePlan plan = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm6").orElseThrow())
                .withTargets(List.of("gfx1100"));
        Path profile = tmp.resolve("rocm6.json");
        store.save(plan, profile);
        CliTestSupport.Result r = CliTestSupport.run("audit", pkg.toString(), "--profile", profile.toString(), "--json");
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("architecturesFrom").asText()).isEqualTo("plan");
        assertThat(json.get("findings").findValuesAsText("id")).contains("libs.no-extra").doesNotContain("libs.per-arch");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
    }

    @Test
    void buildDirAddsTheBuildFlagFindings() throws Exception {
        Path pkg = goodPackage();
        ProfileStore store = new ProfileStore(CatalogLoader.embedded());
        Path profile = tmp.resolve("rocm6.json");
        store.save(ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm6").orElseThrow())
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4"), profile);
        Path build = Files.createDirectories(tmp.resolve("build/hip"));
        Files.writeString(build.resolve("CMakeCache.txt"), String.join("\n",
                "ENGINE_ENABLE_NATIVE_CPU:BOOL=ON", "AUDIOCPP_DEPLOYMENT_BUILD:BOOL=ON", "GGML_OPENMP:BOOL=OFF",
                "ENGINE_ENABLE_OPENMP:BOOL=OFF", "GGML_HIP_HIPBLASLT:BOOL=ON", "GGML_HIP_NO_VMM:BOOL=ON",
                "GGML_HIP_GRAPHS:BOOL=OFF", "GPU_TARGETS:STRING=gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201",
                "CMAKE_C_COMPILER:FILEPATH=C:/Program Files/AMD/ROCm/6.4/bin/clang.exe",
                "CMAKE_CXX_COMPILER:FILEPATH=C:/Program Files/AMD/ROCm/6.4/bin/clang++.exe", ""));
        CliTestSupport.Result r = CliTestSupport.run("audit", pkg.toString(), "--profile", profile.toString(),
                "--build-dir", build.toString(), "--json");
        JsonNode json = new ObjectMapper().readTree(r.out());
        // The path-length figures are reported on every package (info), before the build-flag check's findings.
        assertThat(json.get("findings").findValuesAsText("id")).containsExactly("sign.unsigned", "sbom.present", "layout.path-length", "build.native-cpu");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        CliTestSupport.Result noProfile = CliTestSupport.run("audit", pkg.toString(), "--build-dir", build.toString());
        assertThat(noProfile.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(noProfile.err()).contains("--build-dir needs --profile");
    }

    @Test
    void fileThatIsNotAZipIsBadInput() throws Exception {
        Path notZip = tmp.resolve("package.zip");
        Files.writeString(notZip, "hello");
        CliTestSupport.Result r = CliTestSupport.run("audit", notZip.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("package.zip").contains("not a readable zip").doesNotContain("Exception");
    }
}
