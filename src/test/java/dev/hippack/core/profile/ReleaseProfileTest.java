package dev.hippack.core.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.plan.Release;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release profile's two forms: one package (every profile saved before releases) and {"packages": [...]}. */
class ReleaseProfileTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();
    private final ProfileStore store = new ProfileStore(CATALOG);
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path dir;

    private static ReleasePlan plan(String track, String rocm) {
        return ReleasePlan.forTrack(CATALOG.track(track).orElseThrow())
                .withSource("C:\\src\\audio.cpp")
                .withSdk("C:\\Program Files\\AMD\\ROCm\\" + rocm)
                .withVsInstance("C:\\Program Files (x86)\\Microsoft Visual Studio\\2022\\BuildTools")
                .withOutputDir("C:\\release");
    }

    private final Release both = new Release(List.of(plan("rocm6", "6.4"), plan("rocm7", "7.1")));

    /** The two-package release's text with one value replaced (by JSON pointer). */
    private Path releaseWith(String pointer, String valueJson) throws Exception {
        ObjectNode tree = (ObjectNode) json.readTree(store.toJson(both));
        String parent = pointer.substring(0, pointer.lastIndexOf('/'));
        String key = pointer.substring(pointer.lastIndexOf('/') + 1);
        ((ObjectNode) tree.at(parent)).set(key, json.readTree(valueJson));
        Path file = dir.resolve("release.json");
        Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        return file;
    }

    @Test
    void anOldProfileLoadsAsAReleaseOfOnePackage() throws Exception {
        // Written in the one-package form, exactly as every earlier version saved it.
        Path file = dir.resolve("rocm6.json");
        store.save(plan("rocm6", "6.4"), file);
        assertThat(json.readTree(file.toFile()).has("packages")).isFalse();
        assertThat(json.readTree(file.toFile()).path("track").asText()).isEqualTo("rocm6");

        Release release = store.loadRelease(file);
        assertThat(release.single()).isTrue();
        assertThat(release.packages()).containsExactly(plan("rocm6", "6.4"));
        assertThat(store.load(file)).isEqualTo(plan("rocm6", "6.4"));
        assertThat(store.load(file, "rocm6")).isEqualTo(plan("rocm6", "6.4"));
    }

    @Test
    void aReleaseOfTwoPackagesSavesAsPackagesAndLoadsBackInOrder() throws Exception {
        Path file = dir.resolve("release.json");
        store.save(both, file);
        var tree = json.readTree(file.toFile());
        assertThat(tree.size()).isEqualTo(1);
        assertThat(tree.path("packages")).hasSize(2);
        assertThat(tree.path("packages").get(1).path("buildDir").asText()).isEqualTo("build\\hip71");

        assertThat(store.loadRelease(file)).isEqualTo(both);
        assertThat(store.loadRelease(file).names()).containsExactly("audiocpp-windows-hip-rocm6", "audiocpp-windows-hip-rocm7");
    }

    @Test
    void aReleaseOfOnePackageIsSavedInTheOldForm() throws Exception {
        Path file = dir.resolve("one.json");
        store.save(Release.of(plan("rocm7", "7.1")), file);
        assertThat(json.readTree(file.toFile()).has("packages")).isFalse();
        assertThat(store.load(file)).isEqualTo(plan("rocm7", "7.1"));
    }

    @Test
    void aReleaseOfOnePackageMayAlsoBeWrittenWithPackages() throws Exception {
        Path file = dir.resolve("one.json");
        ObjectNode tree = json.createObjectNode();
        tree.putArray("packages").add(json.readTree(store.toJson(plan("rocm7", "7.1"))));
        Files.writeString(file, tree.toString());
        assertThat(store.load(file)).isEqualTo(plan("rocm7", "7.1"));
    }

    @Test
    void commandsOfOnePackageNameTheReleasesPackagesAndAskForOne() throws Exception {
        Path file = dir.resolve("release.json");
        store.save(both, file);
        assertThatThrownBy(() -> store.load(file))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("holds 2 packages")
                .hasMessageContaining("audiocpp-windows-hip-rocm6 (rocm6)")
                .hasMessageContaining("audiocpp-windows-hip-rocm7 (rocm7)")
                .hasMessageContaining("--package NAME")
                .hasMessageContaining("hip-packager release");
        assertThat(store.load(file, "rocm7")).isEqualTo(plan("rocm7", "7.1"));
        assertThat(store.load(file, "AUDIOCPP-WINDOWS-HIP-ROCM6")).isEqualTo(plan("rocm6", "6.4"));
        assertThatThrownBy(() -> store.load(file, "rocm8"))
                .hasMessageContaining("no package 'rocm8'").hasMessageContaining("audiocpp-windows-hip-rocm7 (rocm7)");
    }

    @Test
    void aWrongValueInsideAPackageIsReportedAtItsPathAndLine() throws Exception {
        Path file = releaseWith("/packages/1/options/vmm", "\"false\"");
        assertThatThrownBy(() -> store.loadRelease(file))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("Release profile " + file)
                .hasMessageContaining("line ")
                .hasMessageContaining("$.packages[1].options.vmm")
                .hasMessageContaining("true or false");
    }

    @Test
    void valueChecksOfEachPackageUseItsPath() throws Exception {
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/jobs", "5000")))
                .hasMessageContaining("$.packages[1].jobs").hasMessageContaining("5000");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/0/targets", "[\"gfx1100\", \"gfx1101\", \"gfx1100\"]")))
                .hasMessageContaining("$.packages[0].targets[2]").hasMessageContaining("$.packages[0].targets[0]");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/rocmVersion", "\"6.4\"")))
                .hasMessageContaining("$.packages[1].rocmVersion");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/track", "\"rocm9\"")))
                .hasMessageContaining("$.packages[1].track").hasMessageContaining("rocm9");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/0/archiveName", "\"a/b\"")))
                .hasMessageContaining("$.packages[0].archiveName");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/project", "null")))
                .hasMessageContaining("$.packages[1].project").hasMessageContaining("is null");
    }

    @Test
    void packagesMustBeAListOfPlansAndNothingElseAtTheTop() throws Exception {
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, "{\"packages\": []}");
        assertThatThrownBy(() -> store.loadRelease(empty)).hasMessageContaining("$.packages").hasMessageContaining("is empty");

        Path notAList = dir.resolve("object.json");
        Files.writeString(notAList, "{\"packages\": {\"a\": 1}}");
        assertThatThrownBy(() -> store.loadRelease(notAList)).hasMessageContaining("$.packages").hasMessageContaining("array");

        ObjectNode tree = (ObjectNode) json.readTree(store.toJson(both));
        tree.put("outputDir", "C:\\release");
        Path extra = dir.resolve("extra.json");
        Files.writeString(extra, tree.toString());
        assertThatThrownBy(() -> store.loadRelease(extra)).hasMessageContaining("$.outputDir").hasMessageContaining("unknown key");

        ObjectNode mixed = (ObjectNode) json.readTree(store.toJson(plan("rocm6", "6.4")));
        mixed.putArray("packages");
        Path both = dir.resolve("mixed.json");
        Files.writeString(both, mixed.toString());
        assertThatThrownBy(() -> store.loadRelease(both)).isInstanceOf(PackagerException.class).hasMessageContaining("$.");
    }

    @Test
    void twoPackagesWithOneNameAreRefusedIgnoringCase() throws Exception {
        Path file = releaseWith("/packages/1/archiveName", "\"AUDIOCPP-windows-hip-rocm6\"");
        assertThatThrownBy(() -> store.loadRelease(file))
                .hasMessageContaining("$.packages[1].archiveName")
                .hasMessageContaining("also the name of $.packages[0]");
    }

    @Test
    void twoPackagesInOneBuildFolderAreRefusedHoweverTheFolderIsWritten() throws Exception {
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/buildDir", "\"build/./hip\"")))
                .hasMessageContaining("$.packages[1].buildDir")
                .hasMessageContaining("also the build folder of $.packages[0]")
                .hasMessageContaining("build\\hip71");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/1/buildDir", "\"C:\\\\SRC\\\\audio.cpp\\\\Build\\\\HIP\"")))
                .hasMessageContaining("$.packages[1].buildDir");
        // Other checkouts, same relative folder: two folders.
        ObjectNode tree = (ObjectNode) json.readTree(store.toJson(both));
        ((ObjectNode) ((ArrayNode) tree.get("packages")).get(1)).put("buildDir", "build\\hip");
        ((ObjectNode) ((ArrayNode) tree.get("packages")).get(1)).put("source", "D:\\other\\audio.cpp");
        Path file = dir.resolve("two-checkouts.json");
        Files.writeString(file, tree.toString());
        assertThat(store.loadRelease(file).packages()).hasSize(2);
    }

    @Test
    void theVersionPlaceholderIsTheOnlyOneAccepted() throws Exception {
        Path ok = releaseWith("/packages/0/archiveName", "\"audiocpp-windows-hip-rocm6-{version}\"");
        assertThat(store.loadRelease(ok).packages().get(0).archiveName()).isEqualTo("audiocpp-windows-hip-rocm6-{version}");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/0/archiveName", "\"audiocpp-{date}\"")))
                .hasMessageContaining("$.packages[0].archiveName").hasMessageContaining("{date}").hasMessageContaining("{version}");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/0/archiveName", "\"audiocpp-{version\"")))
                .hasMessageContaining("$.packages[0].archiveName").hasMessageContaining("brace");
        assertThatThrownBy(() -> store.loadRelease(releaseWith("/packages/0/archiveName", "\"a:{version}\"")))
                .hasMessageContaining("not a plain file name");
    }

    @Test
    void aReleaseTheStoreWouldNotLoadIsNeverSaved() {
        Release clash = new Release(List.of(plan("rocm6", "6.4"), plan("rocm6", "6.4")));
        Path file = dir.resolve("clash.json");
        assertThatThrownBy(() -> store.save(clash, file)).isInstanceOf(PackagerException.class);
        assertThat(file).doesNotExist();
    }
}
