package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeCommandTest {

    private static final String EXE = "src/test/resources/pe/x64-exe-delay-libomp.exe";
    private static final String DLL = "src/test/resources/pe/x86-dll.dll";

    @Test
    void printsDependenciesLikeDumpbin() {
        CliTestSupport.Result r = CliTestSupport.run("pe", EXE);
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.out())
                .contains("Dump of file " + Path.of(EXE))
                .contains("File Type: PE32+ (x64)")
                .contains("Image has the following dependencies:")
                .contains("    KERNEL32.dll")
                .contains("Image has the following delay load dependencies:")
                .contains("    libomp140.x86_64.dll");
    }

    @Test
    void jsonIsAnArrayWithOneObjectPerFile() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("pe", "--json", EXE, DLL);
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(2);
        JsonNode exe = json.get(0);
        assertThat(exe.get("file").asText()).isEqualTo(Path.of(EXE).toString());
        assertThat(exe.get("format").asText()).isEqualTo("PE32+");
        assertThat(exe.get("machine").asText()).isEqualTo("x64");
        assertThat(exe.get("imports").toString()).isEqualTo("[\"VCRUNTIME140.dll\",\"KERNEL32.dll\"]");
        assertThat(exe.get("delayImports").toString()).isEqualTo("[\"libomp140.x86_64.dll\",\"amdhip64_7.dll\"]");
        assertThat(json.get(1).get("format").asText()).isEqualTo("PE32");
    }

    @Test
    void brokenFileExitsTwoAndNamesIt(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.dll");
        Files.writeString(bad, "not a dll at all, only text in a file named like one ........................");
        CliTestSupport.Result r = CliTestSupport.run("pe", EXE, bad.toString());
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("bad.dll").contains("not a PE file").doesNotContain("Exception");
        assertThat(r.out()).contains("libomp140.x86_64.dll");
    }

    @Test
    void printsTheGpuTargetsOfTheOffloadBundles() {
        CliTestSupport.Result r = CliTestSupport.run("pe", "src/test/resources/pe/offload-two-bundles.exe",
                "src/test/resources/pe/offload-zstd.exe", EXE);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        assertThat(r.out())
                .contains("  GPU code: 2 offload bundles (found by registration)\n    targets: gfx1100\n"
                        + "    only in some bundles: gfx1151\n")
                .contains("  GPU code: 1 offload bundle (found by registration)\n    targets: none read\n")
                .containsPattern("bundle at 0x[0-9A-F]+: compressed \\(zstd\\): targets not read")
                .contains("  GPU code: none (no clang offload bundle)");
    }

    @Test
    void jsonHoldsTheOffloadBundlesAndTheirIds() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("pe", "--json", "src/test/resources/pe/offload-zlib.exe", EXE);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode json = new ObjectMapper().readTree(r.out());
        JsonNode gpu = json.get(0).get("offload");
        assertThat(gpu.get("foundBy").asText()).isEqualTo("registration");
        assertThat(gpu.get("targets").toString()).isEqualTo("[\"gfx1100\",\"gfx1151\"]");
        JsonNode bundle = gpu.get("bundles").get(0);
        assertThat(bundle.get("compression").asText()).isEqualTo("zlib");
        assertThat(bundle.get("idsRead").asBoolean()).isTrue();
        assertThat(bundle.get("ids").toString()).isEqualTo("[\"host-x86_64-pc-windows-msvc-\","
                + "\"hipv4-amdgcn-amd-amdhsa--gfx1100\",\"hipv4-amdgcn-amd-amdhsa--gfx1151\"]");
        assertThat(json.get(1).get("offload").get("foundBy").asText()).isEqualTo("none");
        assertThat(json.get(1).get("offload").get("bundles")).isEmpty();
    }
}
