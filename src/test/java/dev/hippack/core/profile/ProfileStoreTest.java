package dev.hippack.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.KernelPolicy;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileStoreTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    private final ProfileStore store = new ProfileStore(CATALOG);

    @TempDir
    Path dir;

    private static ReleasePlan rocm6Plan() {
        return ReleasePlan.forTrack(CATALOG.track("rocm6").orElseThrow())
                .withSource("C:\\src\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4")
                .withVsInstance("C:\\Program Files (x86)\\Microsoft Visual Studio\\2022\\BuildTools")
                .withJobs(16)
                .withOutputDir("C:\\release");
    }

    /** A valid profile's text with one line replaced, for the error tests. */
    private String profileWith(String key, String newValueJson) throws IOException {
        ObjectMapper m = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode n = (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(store.toJson(rocm6Plan()));
        n.set(key, m.readTree(newValueJson));
        return m.writerWithDefaultPrettyPrinter().writeValueAsString(n);
    }

    @Test
    void savedProfileLoadsBackEqual() throws Exception {
        ReleasePlan plan = rocm6Plan().withRocblasKernels(KernelPolicy.DROP).withAllowRdna2(true)
                .withOptions(rocm6Plan().options().withGraphs(true));
        Path file = dir.resolve("rocm6.json");
        store.save(plan, file);
        assertThat(store.load(file)).isEqualTo(plan);
    }

    @Test
    void profileKeysAreTheRecordComponentNamesInOrder() throws Exception {
        JsonNode json = new ObjectMapper().readTree(store.toJson(rocm6Plan().withRocblasKernels(KernelPolicy.DROP)));
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyElementsOf(
                Arrays.stream(ReleasePlan.class.getRecordComponents()).map(c -> c.getName()).toList());
        assertThat(json.get("rocblasKernels").asText()).isEqualTo("drop");
        assertThat(json.get("options").get("hipblaslt").asBoolean()).isTrue();
        assertThat(json.get("options").get("deploymentBuild").asBoolean()).isTrue();
        assertThat(json.get("targets").size()).isEqualTo(8);
    }

    @Test
    void unchosenPathsMayBeNullOrLeftOut() throws Exception {
        ReleasePlan bare = ReleasePlan.forTrack(CATALOG.track("rocm7").orElseThrow());
        String json = store.toJson(bare);
        assertThat(new ObjectMapper().readTree(json).get("sdk").isNull()).isTrue();
        assertThat(store.parse(json, "bare.json")).isEqualTo(bare);
        String withoutSdk = json.replaceAll("(?m)^\\s*\"sdk\" : null,\\R", "");
        assertThat(withoutSdk).doesNotContain("\"sdk\"");
        assertThat(store.parse(withoutSdk, "bare.json")).isEqualTo(bare);
    }

    @Test
    void anUnpairedSurrogateInAnyTextIsBadInputNamingTheField() throws Exception {
        String json = store.toJson(rocm6Plan());
        for (String field : List.of("archiveName", "buildDir", "source", "sdk", "outputDir")) {
            // JSON's \\u escape lets a file name half a UTF-16 pair; it is no character, so no path can hold it.
            String bad = json.replaceFirst("(\"" + field + "\" : \")", "$1x\\\\ud800");
            assertThat(bad).as(field).contains("\\ud800");
            assertThatThrownBy(() -> store.parse(bad, "C:\\p\\bad.json")).as(field)
                    .isInstanceOf(PackagerException.class)
                    .hasMessageContaining("C:\\p\\bad.json")
                    .hasMessageContaining("at $." + field + ": the text holds an unpaired UTF-16 surrogate (\\ud800 at character 2)");
        }
        String lowAlone = json.replaceFirst("(\"archiveName\" : \")", "$1\\\\udc00");
        assertThatThrownBy(() -> store.parse(lowAlone, "p.json")).hasMessageContaining("(\\udc00 at character 1)");
        // A whole pair is a character (U+1F600): not refused for being a surrogate.
        String pair = json.replaceFirst("(\"source\" : \")", "$1\\\\ud83d\\\\ude00");
        assertThat(store.parse(pair, "p.json").source()).startsWith("\uD83D\uDE00");
    }

    @Test
    void unknownKeyNamesFileLineColumnAndPath() throws Exception {
        String json = "{\n  \"project\": \"audio.cpp\",\n  \"trak\": \"rocm6\"\n}\n";
        assertThatThrownBy(() -> store.parse(json, "C:\\p\\bad.json"))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("C:\\p\\bad.json")
                .hasMessageContaining("line 3, column 11")
                .hasMessageContaining("$.trak")
                .hasMessageContaining("unknown key 'trak'");
    }

    @Test
    void unknownNestedOptionKeyIsReportedWithItsPath() throws Exception {
        String json = profileWith("options", "{\"hipblaslt\":true,\"vmm\":false,\"graphs\":false,\"nativeCpu\":false,"
                + "\"deploymentBuild\":true,\"openmp\":false}");
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("$.options.openmp").hasMessageContaining("unknown key 'openmp'");
    }

    @Test
    void missingRequiredKeyIsAnError() throws Exception {
        String json = store.toJson(rocm6Plan()).replaceAll("(?m)^\\s*\"toolset\" : \"14.44\",\\R", "");
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("p.json").hasMessageContaining("line 1, column 1")
                .hasMessageContaining("missing key 'toolset'");
    }

    @Test
    void missingOptionIsAnErrorAtOptions() throws Exception {
        String json = profileWith("options", "{\"hipblaslt\":true,\"vmm\":false,\"graphs\":false,\"nativeCpu\":false}");
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("$.options").hasMessageContaining("missing key 'deploymentBuild'");
    }

    @Test
    void negativeJobsIsRejectedAtItsLine() throws Exception {
        String json = profileWith("jobs", "-1");
        int line = lineOf(json, "\"jobs\"");
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("line " + line + ",").hasMessageContaining("$.jobs").hasMessageContaining("-1");
    }

    @Test
    void jobsThatIsNotANumberIsRejected() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("jobs", "\"many\""), "p.json"))
                .isInstanceOf(PackagerException.class).hasMessageContaining("$.jobs");
        assertThatThrownBy(() -> store.parse(profileWith("jobs", "2.5"), "p.json"))
                .isInstanceOf(PackagerException.class).hasMessageContaining("$.jobs");
    }

    @Test
    void unknownTrackListsTheKnownOnes() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("track", "\"rocm8\""), "p.json"))
                .hasMessageContaining("$.track").hasMessageContaining("rocm8")
                .hasMessageContaining("rocm6").hasMessageContaining("rocm7").hasMessageContaining("custom");
    }

    @Test
    void trackAndRocmVersionMustAgree() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("rocmVersion", "\"7.1\""), "p.json"))
                .hasMessageContaining("$.rocmVersion").hasMessageContaining("6.4");
    }

    @Test
    void customTrackAcceptsAnyRocmVersion() throws Exception {
        String json = profileWith("track", "\"custom\"").replace("\"6.4\"", "\"6.2\"");
        assertThat(store.parse(json, "p.json").rocmVersion()).isEqualTo("6.2");
    }

    @Test
    void targetThatIsNotAGfxIdIsRejectedWithItsIndex() throws Exception {
        String json = profileWith("targets", "[\"gfx1100\", \"RX 7900\"]");
        int line = lineOf(json, "RX 7900");
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("$.targets[1]").hasMessageContaining("line " + line + ",")
                .hasMessageContaining("not a GPU architecture id").hasMessageContaining("gfx1201");
    }

    @Test
    void unknownArchitectureIsRejectedListingTheKnownOnes() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("targets", "[\"gfx9999\"]"), "p.json"))
                .hasMessageContaining("$.targets[0]").hasMessageContaining("gfx9999")
                .hasMessageContaining(CATALOG.knownArchitectureIds());
    }

    @Test
    void duplicateTargetIsRejected() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("targets", "[\"gfx1100\", \"gfx1100\"]"), "p.json"))
                .hasMessageContaining("$.targets[1]").hasMessageContaining("twice");
    }

    @Test
    void badKernelPolicyIsRejected() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("rocblasKernels", "\"none\""), "p.json"))
                .isInstanceOf(PackagerException.class).hasMessageContaining("$.rocblasKernels").hasMessageContaining("none");
    }

    @Test
    void archiveNameWithAFolderIsRejected() throws Exception {
        assertThatThrownBy(() -> store.parse(profileWith("archiveName", "\"out\\\\pkg\""), "p.json"))
                .hasMessageContaining("$.archiveName");
    }

    @Test
    void brokenJsonGivesLineAndColumn() {
        String json = "{\n  \"project\": \"audio.cpp\",\n  \"track\" \"rocm6\"\n}";
        assertThatThrownBy(() -> store.parse(json, "p.json"))
                .hasMessageContaining("p.json").hasMessageContaining("not valid JSON").hasMessageContaining("line 3");
    }

    @Test
    void duplicateKeyIsAnError() {
        String json = "{\n  \"track\": \"rocm6\",\n  \"track\": \"rocm7\"\n}";
        assertThatThrownBy(() -> store.parse(json, "p.json")).hasMessageContaining("track").hasMessageContaining("line 3");
    }

    @Test
    void textAfterTheProfileIsAnError() throws Exception {
        String json = store.toJson(rocm6Plan()) + "{}";
        assertThatThrownBy(() -> store.parse(json, "p.json")).hasMessageContaining("after the end");
    }

    @Test
    void emptyOrNonObjectFileIsAnError() {
        assertThatThrownBy(() -> store.parse("", "p.json")).hasMessageContaining("empty");
        assertThatThrownBy(() -> store.parse("[1, 2]", "p.json")).hasMessageContaining("JSON object");
    }

    @Test
    void missingFileSaysSoWithItsPath() {
        Path missing = dir.resolve("nope.json");
        assertThatThrownBy(() -> store.load(missing)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("does not exist");
    }

    @Test
    void saveReplacesAnExistingProfileAndLeavesNoTemporaryFile() throws Exception {
        Path file = dir.resolve("rocm6.json");
        Files.writeString(file, "old");
        store.save(rocm6Plan(), file);
        assertThat(store.load(file)).isEqualTo(rocm6Plan());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("rocm6.json");
        }
    }

    @Test
    void saveIntoAMissingFolderFailsAndWritesNothing() {
        Path file = dir.resolve("no/such/folder/p.json");
        assertThatThrownBy(() -> store.save(rocm6Plan(), file)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("does not exist");
        assertThat(dir.resolve("no")).doesNotExist();
    }

    @Test
    void saveRefusesAPlanThatCouldNotBeLoadedAndKeepsTheOldFile() throws Exception {
        Path file = dir.resolve("p.json");
        store.save(rocm6Plan(), file);
        byte[] before = Files.readAllBytes(file);
        ReleasePlan bad = rocm6Plan().withTargets(List.of("gfx9999"));
        assertThatThrownBy(() -> store.save(bad, file)).isInstanceOf(PackagerException.class).hasMessageContaining("gfx9999");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void failedRenameLeavesTheOldProfileAndNoTemporaryFile() throws Exception {
        // A folder with the profile's name cannot be replaced by a file: the save must fail cleanly.
        Path file = dir.resolve("p.json");
        Files.createDirectory(file);
        Files.writeString(file.resolve("keep.txt"), "mine", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> store.save(rocm6Plan(), file)).isInstanceOf(PackagerException.class);
        assertThat(file.resolve("keep.txt")).hasContent("mine");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("p.json");
        }
    }

    @Test
    void saveOverASymbolicLinkIsRefusedAndWhatItPointsToIsUntouched() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path file = dir.resolve("p.json");
        Files.createSymbolicLink(file, victim);
        assertThatThrownBy(() -> store.save(rocm6Plan(), file)).isInstanceOf(PackagerException.class)
                .hasMessageContaining("symbolic link");
        assertThat(victim).hasContent("precious");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("p.json", "victim.txt");
        }
    }

    private static int lineOf(String text, String needle) {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(needle)) {
                return i + 1;
            }
        }
        throw new AssertionError(needle + " not in " + text);
    }
}
