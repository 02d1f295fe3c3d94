package dev.hippack.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateCommandTest {

    private static final double MIB = 1024 * 1024;

    private static JsonNode json(CliTestSupport.Result r) throws Exception {
        return new ObjectMapper().readTree(r.out());
    }

    private static long component(JsonNode json, String id) {
        for (JsonNode c : json.get("components")) {
            if (c.get("id").asText().equals(id)) {
                return c.get("bytes").asLong();
            }
        }
        throw new AssertionError("no component " + id + " in " + json);
    }

    @Test
    void rocm6JsonHasTheDocumentedFieldsAndTheGuidesSizes() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm6", "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        JsonNode j = json(r);
        assertThat(j.get("source").asText()).isEqualTo("catalog");
        assertThat(j.get("track").asText()).isEqualTo("rocm6");
        assertThat(j.get("targets")).hasSize(8);
        assertThat(component(j, "rocblas-kernels") / MIB).isBetween(781.0, 785.0);
        assertThat(component(j, "hipblaslt-kernels") / MIB).isBetween(147.0, 149.0);
        assertThat(j.get("totalBytes").asLong() / MIB / 1024).isBetween(1.2, 1.3);
        assertThat(j.get("zipBytes").get("low").asLong()).isLessThan(j.get("zipBytes").get("high").asLong());
        JsonNode arch = j.get("archs").get(0);
        assertThat(arch.get("arch").asText()).isEqualTo("gfx1100");
        assertThat(arch.get("rocblasBytes").asLong() / MIB).isBetween(279.0, 280.0);
        assertThat(arch.get("hipblasltBytes").asLong() / MIB).isEqualTo(16.0);
        List<String> ids = new ArrayList<>();
        j.get("findings").forEach(f -> {
            ids.add(f.get("id").asText());
            assertThat(f.has("severity")).isTrue();
            assertThat(f.has("message")).isTrue();
            assertThat(f.has("error")).as("severity alone says it").isFalse();
        });
        assertThat(ids).contains("eula.redistribution");
    }

    @Test
    void rocm7HipblasltIsAbout407Mib() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm7", "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        JsonNode j = json(r);
        assertThat(j.get("targets")).hasSize(7);
        long perArch = 0;
        for (JsonNode a : j.get("archs")) {
            perArch += a.get("hipblasltBytes").asLong();
        }
        assertThat(perArch / MIB).isEqualTo(407.0);
        assertThat(component(j, "rocblas-kernels") / MIB).isBetween(113.0, 115.0);
    }

    @Test
    void gfx1102OnRocm7IsAnErrorFindingAndExitsOne() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm7", "--targets", "gfx1100,gfx1102", "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
        JsonNode j = json(r);
        boolean found = false;
        for (JsonNode f : j.get("findings")) {
            found |= f.get("id").asText().equals("arch.hipblaslt-kernels") && f.get("severity").asText().equals("error")
                    && f.get("message").asText().contains("gfx1102");
        }
        assertThat(found).as("arch.hipblaslt-kernels error for gfx1102 in %s", r.out()).isTrue();
    }

    @Test
    void gfx1030IsAnErrorOnEitherTrack() {
        for (String track : List.of("rocm6", "rocm7")) {
            CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", track, "--targets", "gfx1030");
            assertThat(r.exitCode()).isEqualTo(Cli.FAILED);
            assertThat(r.out()).contains("arch.rdna2").contains("error");
        }
    }

    @Test
    void unknownArchitectureExitsTwoListingTheKnownOnes() {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm6", "--targets", "gfx1100,gfx9999");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("gfx9999").contains("gfx1100, gfx1101").contains("gfx1201");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void unknownTrackExitsTwo() {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm8");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("rocm8").contains("rocm6, rocm7");
    }

    @Test
    void missingTrackIsBadUsage() {
        assertThat(CliTestSupport.run("estimate").exitCode()).isEqualTo(Cli.BAD_INPUT);
    }

    @Test
    void dropRocblasKernelsZeroesRocblasLibraryAndWarns() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm6", "--drop-rocblas-kernels", "--json");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        JsonNode j = json(r);
        assertThat(component(j, "rocblas-kernels")).isZero();
        assertThat(r.out()).contains("libs.drop-rocblas");
    }

    @Test
    void tableShowsComponentsArchitecturesAndFindingsInMibAndGib() {
        CliTestSupport.Result r = CliTestSupport.run("estimate", "--track", "rocm6");
        assertThat(r.exitCode()).isEqualTo(Cli.OK);
        assertThat(r.out()).contains("Estimate for rocm6 (ROCm 6.4), 8 targets, figures from the catalog")
                .containsPattern("rocblas-kernels\\s+783\\.\\d MiB")
                .containsPattern("total\\s+1\\.2\\d GiB")
                .containsPattern("gfx1100\\s+279\\.6 MiB\\s+16\\.0 MiB")
                .contains("eula.redistribution");
    }

    @Test
    void sdkGivesMeasuredFiguresFromItsKernelFiles() throws Exception {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "estimate", "--track", "rocm6", "--sdk",
                "C:\\Program Files\\AMD\\ROCm\\6.4", "--json");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Cli.OK);
        JsonNode j = json(r);
        assertThat(j.get("source").asText()).isEqualTo("measured");
        assertThat(component(j, "rocblas-kernels")).isPositive();
        assertThat(component(j, "hipblaslt-kernels")).isPositive();
    }

    @Test
    void sdkWithoutKernelLibrariesIsBadInput() {
        CliTestSupport.Result r = CliTestSupport.run("--demo", "estimate", "--track", "rocm6", "--sdk", "C:\\nowhere");
        assertThat(r.exitCode()).isEqualTo(Cli.BAD_INPUT);
        assertThat(r.err()).contains("C:\\nowhere").contains("No kernel libraries");
    }
}
