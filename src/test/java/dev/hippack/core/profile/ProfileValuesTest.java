package dev.hippack.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's values are typed and never coerced, and every path and name in it is checked when
 * it is loaded (so {@code plan} refuses what {@code stage} could not use).
 */
class ProfileValuesTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProfileStore store = new ProfileStore(CATALOG);

    @TempDir
    Path dir;

    private String with(String key, String valueJson) throws Exception {
        ReleasePlan plan = ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow()).withSource("C:\\src\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4").withVsInstance("C:\\VS").withOutputDir("C:\\release");
        ObjectNode n = (ObjectNode) JSON.readTree(store.toJson(plan));
        if (key.startsWith("options.")) {
            ((ObjectNode) n.get("options")).set(key.substring(8), JSON.readTree(valueJson));
        } else {
            n.set(key, JSON.readTree(valueJson));
        }
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n);
    }

    private void refused(String key, String valueJson, String path, String... more) throws Exception {
        String json = with(key, valueJson);
        assertThatThrownBy(() -> store.parse(json, "p.json")).as("%s = %s", key, valueJson)
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("Release profile p.json")
                .hasMessageContaining(", line ")
                .hasMessageContaining("at " + path + ":")
                .hasMessageContaining(more.length == 0 ? "" : more[0]);
    }

    @Test
    void valuesOfTheWrongJsonTypeAreRefusedNotCoerced() throws Exception {
        refused("jobs", "\"4\"", "$.jobs", "write the number without quotes: 4");
        refused("allowRdna2", "0", "$.allowRdna2", "write true or false");
        refused("allowRdna2", "\"false\"", "$.allowRdna2", "write false without quotes");
        refused("options.vmm", "\"false\"", "$.options.vmm", "without quotes");
        refused("project", "7", "$.project", "put the value in quotes");
        refused("targets", "\"gfx1100\"", "$.targets", "put the values in brackets");
        refused("targets", "[1100]", "$.targets[0]", "expected a non-empty string");
        refused("rocblasKernels", "0", "$.rocblasKernels", "\"filtered\", \"drop\"");
        refused("options", "[]", "$.options", "expected a JSON object with the keys");
    }

    @Test
    void nullIsRefusedWhereAValueIsRequiredAndAcceptedForUnchosenPaths() throws Exception {
        refused("project", "null", "$.project", "is null");
        refused("options.hipblaslt", "null", "$.options.hipblaslt", "is null; give true or false");
        refused("binaries", "[null]", "$.binaries[0]", "is null");
        assertThat(store.parse(with("sdk", "null"), "p.json").sdk()).isNull();
    }

    @Test
    void hugeAndOutOfRangeValuesNameTheirField() throws Exception {
        refused("jobs", "99999999999999999999", "$.jobs", "too large");
        refused("jobs", "100000", "$.jobs", "1 to " + ProfileStore.MAX_JOBS);
        refused("jobs", "1e400", "$.jobs", "expected a whole number");
        refused("project", JSON.writeValueAsString("x".repeat(40_000)), "$.project", "40000 characters long");
        refused("buildDir", "\"build\\u0000x\"", "$.buildDir", "U+0000");
        refused("source", "\"\"", "$.source", "is empty");
        String deep = with("targets", "[" + "[".repeat(60) + "1" + "]".repeat(60) + "]");
        assertThatThrownBy(() -> store.parse(deep, "p.json")).hasMessageContaining("p.json").hasMessageContaining("at $.targets[0][0]")
                .hasMessageContaining("nested too deeply");
    }

    @Test
    void binariesMustBeCMakeTargetNamesNotPaths() throws Exception {
        refused("binaries", "[\"../../x\"]", "$.binaries[0]", "not a CMake target name");
        refused("binaries", "[\"bin\\\\audiocpp_cli\"]", "$.binaries[0]", "not a CMake target name");
        refused("binaries", "[\"..\"]", "$.binaries[0]", "not a CMake target name");
        refused("binaries", "[\"audiocpp_cli\", \"AUDIOCPP_CLI.exe\"]", "$.binaries[1]", "same executable as $.binaries[0]");
        assertThat(store.parse(with("binaries", "[\"audiocpp_cli\", \"audiocpp-server+2.x\"]"), "p.json").binaries())
                .containsExactly("audiocpp_cli", "audiocpp-server+2.x");
    }

    @Test
    void archiveNameMustBeAFileNameWindowsAllows() throws Exception {
        refused("archiveName", "\"CON\"", "$.archiveName", "device name");
        refused("archiveName", "\"nul.release\"", "$.archiveName", "device name");
        refused("archiveName", "\"..\"", "$.archiveName", "not a plain file name");
        refused("archiveName", "\"pkg \"", "$.archiveName", "not a plain file name");
    }

    @Test
    void duplicateTargetNamesBothPlaces() throws Exception {
        refused("targets", "[\"gfx1100\", \"gfx1101\", \"gfx1100\"]", "$.targets[2]", "also at $.targets[0]");
    }

    @Test
    void aFolderOrAPipeGivenAsTheProfileIsRefusedWithoutWaiting() throws Exception {
        assertThatThrownBy(() -> store.load(dir)).isInstanceOf(PackagerException.class).hasMessageContaining("is a folder");
        Path fifo = dir.resolve("p.json");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "needs mkfifo (a Unix machine)");
        assertThat(new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();
        // Opening a FIFO for reading waits for a writer: the load must refuse it without opening it.
        CompletableFuture<Throwable> loading = CompletableFuture.supplyAsync(() -> {
            try {
                store.load(fifo);
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable t = loading.get(Duration.ofMinutes(2).toSeconds(), TimeUnit.SECONDS);
        assertThat(t).isInstanceOf(PackagerException.class).hasMessageContaining("not a regular file");
    }
}
