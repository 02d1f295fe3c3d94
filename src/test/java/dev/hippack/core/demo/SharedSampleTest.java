package dev.hippack.core.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.SparseFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests' copies of the sample machine: the same files as written, and no copy changes another. */
class SharedSampleTest {

    @TempDir
    Path temp;

    @Test
    void aCopyHoldsEveryFileOfTheWrittenSampleWithItsSizeAndContent() throws Exception {
        SampleEnvironment copy = SharedSample.copyTo(temp.resolve("copy"));
        Path original = SharedSample.get().original();
        assertThat(listing(copy.root())).isEqualTo(listing(original));
        assertThat(Files.readString(copy.root().resolve("host.json"))).isEqualTo(Files.readString(original.resolve("host.json")));
        assertThat(copy.host().env("HIP_PATH")).contains("C:\\Program Files\\AMD\\ROCm\\6.4\\");
    }

    @Test
    void smallFilesAreCopiedAndTheKernelFilesAndBinariesHardLinked() throws Exception {
        Path copy = SharedSample.copyTo(temp.resolve("copy")).root();
        Path original = SharedSample.get().original();
        for (String small : new String[] {"host.json", "profiles/rocm6.json", "src/audio.cpp/build/hip/CMakeCache.txt"}) {
            assertThat(Files.isSameFile(copy.resolve(small), original.resolve(small))).as(small).isFalse();
        }
        for (String big : new String[] {"Program Files/AMD/ROCm/6.4/bin/amdhip64_6.dll", "src/audio.cpp/build/hip/bin/audiocpp_cli.exe",
                "Program Files/AMD/ROCm/6.4/bin/rocblas/library/TensileManifest.txt"}) {
            assertThat(Files.isSameFile(copy.resolve(big), original.resolve(big))).as(big).isTrue();
        }
    }

    @Test
    void whatATestChangesInItsCopyIsNotInTheNext() throws Exception {
        Path first = SharedSample.copyTo(temp.resolve("first")).root();
        Files.writeString(first.resolve("profiles/rocm6.json"), "{}");
        Path exe = first.resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe");
        long size = Files.size(exe);
        Files.delete(exe);
        Files.writeString(exe, "replaced");
        Files.delete(first.resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt.dll"));

        Path second = SharedSample.copyTo(temp.resolve("second")).root();
        assertThat(Files.readString(second.resolve("profiles/rocm6.json"))).isNotEqualTo("{}");
        assertThat(Files.size(second.resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe"))).isEqualTo(size);
        assertThat(second.resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt.dll")).isRegularFile();
    }

    @Test
    void writingIntoAHardLinkedFileInPlaceFailsTheNextCopyNamingTheFile() throws Exception {
        Path original = temp.resolve("original");
        Files.createDirectories(original.resolve("bin/library"));
        Files.writeString(original.resolve("host.json"), "{}");
        SparseFiles.create(original.resolve("bin/big.dll"), new byte[] {'M', 'Z'}, 1 << 20);
        Files.writeString(original.resolve("bin/library/kernels.dat"), "k");
        SharedSample shared = SharedSample.of(original);
        Path copy = shared.copy(temp.resolve("copy")).root();
        assertThat(Files.isSameFile(copy.resolve("bin/library/kernels.dat"), original.resolve("bin/library/kernels.dat"))).isTrue();

        Files.writeString(copy.resolve("bin/big.dll"), "written through", StandardOpenOption.APPEND);
        assertThatThrownBy(() -> shared.copy(temp.resolve("next"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("big.dll").hasMessageContaining(copy.toString()).hasMessageContaining("replace");
    }

    @Test
    void aCopyGoesOnlyIntoANewOrEmptyFolder() throws Exception {
        Path mine = Files.createDirectories(temp.resolve("mine"));
        Files.writeString(mine.resolve("notes.txt"), "keep me");
        assertThatThrownBy(() -> SharedSample.copyTo(mine)).isInstanceOf(IOException.class).hasMessageContaining("not empty");
        assertThat(mine.resolve("notes.txt")).hasContent("keep me");
        assertThat(SharedSample.copyTo(Files.createDirectories(temp.resolve("empty"))).root().resolve("host.json")).isRegularFile();
    }

    /** Every file under {@code root} with its size, by relative path. */
    private static Map<String, Long> listing(Path root) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                out.put(root.relativize(p).toString(), Files.isRegularFile(p) ? Files.size(p) : -1L);
            }
        }
        return out;
    }
}
