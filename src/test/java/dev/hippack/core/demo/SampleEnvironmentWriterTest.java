package dev.hippack.core.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.FileMover;
import dev.hippack.core.io.RetryingRename;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleEnvironmentWriterTest {

    @TempDir
    Path tmp;

    /** One sample the tests of what it holds read (writing one takes seconds); the others write their own. */
    @TempDir
    static Path written;
    static SampleEnvironment sample;

    private final SampleEnvironmentWriter writer = new SampleEnvironmentWriter(CatalogLoader.embedded());

    @BeforeAll
    static void writeOne() throws Exception {
        sample = new SampleEnvironmentWriter(CatalogLoader.embedded()).write(written.resolve("machine"));
    }

    @Test
    void sampleDescribesAWindowsMachineWhoseProfilesPointIntoIt() throws Exception {
        Host host = sample.host();
        assertThat(host.os().isWindows()).isTrue();
        assertThat(host.env("HIP_PATH")).contains("C:\\Program Files\\AMD\\ROCm\\6.4\\");
        assertThat(host.env("hip_path_71")).contains("C:\\Program Files\\AMD\\ROCm\\7.1\\");
        assertThat(host.resolve(host.env("HIP_PATH_71").orElseThrow()).resolve("bin/amdhip64_7.dll")).isRegularFile();
        assertThat(host.which("cmake")).isPresent();
        assertThat(host.which("ccache")).isEmpty();

        ProfileStore store = new ProfileStore(CatalogLoader.embedded());
        ReleasePlan rocm6 = store.load(sample.defaultProfile());
        assertThat(rocm6.track()).isEqualTo("rocm6");
        assertThat(host.resolve(rocm6.sdk()).resolve("bin/rocblas/library")).isDirectory();
        assertThat(host.resolve(rocm6.source()).resolve("scripts/build_windows_hip.ps1")).isRegularFile();
        assertThat(host.resolve(rocm6.vsInstance()).resolve("VC/Tools/MSVC/14.44.35207/bin/Hostx64/x64/cl.exe")).isRegularFile();
        assertThat(host.resolve(rocm6.outputDir())).isEqualTo(sample.root().resolve("release"));
        ReleasePlan rocm7 = store.load(sample.profile("rocm7"));
        assertThat(rocm7.sdk()).isEqualTo("C:\\Program Files\\AMD\\ROCm\\7.1");
    }

    @Test
    void aSampleFolderHeldOpenTwiceByAScannerIsRenamedOnTheThirdTry() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        FileMover heldTwice = (from, to, options) -> {
            if (calls.incrementAndGet() <= 2) {
                throw new FileSystemException(from.toString(), to.toString(),
                        "The process cannot access the file because it is being used by another process");
            }
            Files.move(from, to, options);
        };
        List<Duration> paused = new ArrayList<>();
        SampleEnvironmentWriter held = new SampleEnvironmentWriter(CatalogLoader.embedded(),
                new RetryingRename(heldTwice, WriteChannels.DEFAULT, paused::add, RetryingRename.WINDOWS_PAUSES));

        SampleEnvironment sample = held.write(tmp.resolve("machine"));

        assertThat(calls).hasValue(3);
        assertThat(paused).hasSize(2);
        assertThat(sample.root().resolve("host.json")).isRegularFile();
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("machine");
        }
    }

    @Test
    void aSampleFolderHeldOpenForGoodFailsWithWhatToDoAndLeavesNoPartialFolder() throws Exception {
        FileMover heldForGood = (from, to, options) -> {
            throw new FileSystemException(from.toString(), to.toString(),
                    "The process cannot access the file because it is being used by another process");
        };
        SampleEnvironmentWriter held = new SampleEnvironmentWriter(CatalogLoader.embedded(),
                new RetryingRename(heldForGood, WriteChannels.DEFAULT, d -> { }, List.of(Duration.ofMillis(50))));

        assertThatThrownBy(() -> held.write(tmp.resolve("machine")))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("being used by another process")
                .hasMessageContaining("try again")
                .hasMessageNotContaining("disk has space");
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void binariesAreRealPeFilesPaddedToRealisticSizes() throws Exception {
        Path dll = sample.root().resolve("Program Files/AMD/ROCm/6.4/bin/amdhip64_6.dll");
        byte[] head = new byte[2];
        try (var in = Files.newInputStream(dll)) {
            assertThat(in.read(head)).isEqualTo(2);
        }
        assertThat(new String(head, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("MZ");
        assertThat(Files.size(dll)).isGreaterThan(10_000_000);
        Path crt = sample.root().resolve("Program Files (x86)/Microsoft Visual Studio/2022/BuildTools/VC/Redist/MSVC/14.44.35112/x64/Microsoft.VC143.CRT/vcruntime140.dll");
        assertThat(crt).isRegularFile();
        assertThat(sample.root().resolve("src/audio.cpp/build/hip/bin/audiocpp_cli.exe")).isRegularFile();
        assertThat(sample.root().resolve("src/audio.cpp/build/hip71/CMakeCache.txt")).content().contains("GPU_TARGETS:STRING=gfx1100;");
    }

    @Test
    void kernelLibrariesMatchTheReferenceLayout() throws Exception {
        Path rocblas71 = sample.root().resolve("Program Files/AMD/ROCm/7.1/bin/rocblas/library");
        try (Stream<Path> s = Files.list(rocblas71)) {
            assertThat(s.count()).isEqualTo(851);
        }
        Path lt71 = sample.root().resolve("Program Files/AMD/ROCm/7.1/bin/hipblaslt/library");
        assertThat(lt71.resolve("TensileLibrary_lazy_gfx1102.dat")).doesNotExist();
        assertThat(lt71.resolve("TensileLibrary_lazy_gfx1103.dat")).exists();
        assertThat(sample.root().resolve("Program Files/AMD/ROCm/6.4/bin/hipblaslt/library/TensileLibrary_lazy_gfx1102.dat")).exists();
        assertThat(Files.size(sample.root().resolve("Program Files/AMD/ROCm/6.4/bin/rocblas/library/TensileManifest.txt"))).isEqualTo(118224);
    }

    @Test
    void refusesANonEmptyFolderAndLeavesItUntouched() throws Exception {
        Path dir = tmp.resolve("mine");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("notes.txt"), "keep me");
        assertThatThrownBy(() -> writer.write(dir)).isInstanceOf(PackagerException.class)
                .hasMessageContaining(dir.toString()).hasMessageContaining("empty");
        assertThat(dir.resolve("notes.txt")).hasContent("keep me");
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("mine");
        }
    }

    @Test
    void writesIntoAnExistingEmptyFolderAndLeavesNoPartialFolder() throws Exception {
        Path dir = tmp.resolve("empty");
        Files.createDirectories(dir);
        writer.write(dir);
        assertThat(dir.resolve("host.json")).isRegularFile();
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("empty");
        }
    }
}
