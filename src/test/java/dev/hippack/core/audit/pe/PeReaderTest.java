package dev.hippack.core.audit.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeReaderTest {

    private final PeReader reader = new PeReader();

    @Test
    void readsImportsOfPe32PlusExe() throws Exception {
        PeInfo info = reader.read(PeFixtures.test("x64-exe-imports.exe"));
        assertThat(info.format()).isEqualTo("PE32+");
        assertThat(info.machine()).isEqualTo("x64");
        assertThat(info.imports()).containsExactly("KERNEL32.dll", "VCRUNTIME140.dll", "MSVCP140.dll");
        assertThat(info.delayImports()).isEmpty();
    }

    @Test
    void readsDelayLoadedLibomp() throws Exception {
        PeInfo info = reader.read(PeFixtures.test("x64-exe-delay-libomp.exe"));
        assertThat(info.imports()).containsExactly("VCRUNTIME140.dll", "KERNEL32.dll");
        assertThat(info.delayImports()).containsExactly("libomp140.x86_64.dll", "amdhip64_7.dll");
    }

    @Test
    void readsPe32ExeAndDll() throws Exception {
        PeInfo exe = reader.read(PeFixtures.test("x86-exe-delay.exe"));
        assertThat(exe.format()).isEqualTo("PE32");
        assertThat(exe.machine()).isEqualTo("x86");
        assertThat(exe.imports()).containsExactly("KERNEL32.dll");
        assertThat(exe.delayImports()).containsExactly("VCOMP140.DLL");
        PeInfo dll = reader.read(PeFixtures.test("x86-dll.dll"));
        assertThat(dll.format()).isEqualTo("PE32");
        assertThat(dll.imports()).containsExactly("KERNEL32.dll", "MSVCP140.dll");
    }

    @Test
    void readsArm64MachineType() throws Exception {
        PeInfo info = reader.read(PeFixtures.test("arm64-exe.exe"));
        assertThat(info.machine()).isEqualTo("ARM64");
        assertThat(info.format()).isEqualTo("PE32+");
        assertThat(info.delayImports()).containsExactly("amdhip64_6.dll");
    }

    @Test
    void exeWithoutImportsHasEmptyLists() throws Exception {
        PeInfo info = reader.read(PeFixtures.test("x64-exe-no-imports.exe"));
        assertThat(info.imports()).isEmpty();
        assertThat(info.delayImports()).isEmpty();
    }

    @Test
    void sampleHipRuntimeImportsNoCompilerRuntimeItLoadsItAtRunTime() throws Exception {
        // ROCm/clr opens amd_comgr_N.dll with LoadLibrary (COMGR_DYN_DLL): neither table names it.
        for (String runtime : List.of("rocm6/amdhip64_6.dll", "rocm7/amdhip64_7.dll")) {
            PeInfo info = reader.read(PeFixtures.sample(runtime));
            assertThat(info.delayImports()).as(runtime).isEmpty();
            assertThat(info.allDependencies()).as(runtime).noneMatch(d -> d.toLowerCase(Locale.ROOT).contains("comgr"))
                    .contains("KERNEL32.dll");
        }
        assertThat(reader.read(PeFixtures.sample("rocm7/libhipblas.dll")).imports()).contains("rocblas.dll", "amdhip64_7.dll");
    }

    @Test
    void bytesStreamAndReopenableStreamGiveTheFileResult() throws Exception {
        for (Path p : PeFixtures.all()) {
            byte[] bytes = Files.readAllBytes(p);
            PeInfo fromFile = reader.read(p);
            PeInfo fromBytes = reader.read(p.toString(), bytes);
            PeInfo fromStream = reader.read(p.toString(), new ByteArrayInputStream(bytes));
            PeInfo fromOpener = reader.read(p.toString(), bytes.length, () -> new ByteArrayInputStream(bytes));
            assertThat(fromBytes).isEqualTo(fromFile);
            assertThat(fromStream).isEqualTo(fromFile);
            assertThat(fromOpener).isEqualTo(fromFile);
        }
    }

    @Test
    void largeStreamedFileIsReadInFewPassesWithoutBufferingIt() throws Exception {
        // The fixture padded to 20 MiB: the import data stays near the start, so one window suffices.
        byte[] small = Files.readAllBytes(PeFixtures.test("x64-exe-imports.exe"));
        byte[] big = Arrays.copyOf(small, 20 << 20);
        AtomicInteger opens = new AtomicInteger();
        PeInfo info = reader.read("big.exe", big.length, () -> {
            opens.incrementAndGet();
            return new ByteArrayInputStream(big);
        });
        assertThat(info.imports()).containsExactly("KERNEL32.dll", "VCRUNTIME140.dll", "MSVCP140.dll");
        assertThat(opens.get()).isEqualTo(1);
    }

    @Test
    void readsTheFileVersionOfTheCrtAndSdkDlls() throws Exception {
        assertThat(reader.fileVersion(PeFixtures.sample("crt/VCRUNTIME140.dll"))).contains("14.44.35112.1");
        assertThat(reader.fileVersion(PeFixtures.test("crt-14.38/VCRUNTIME140.dll"))).contains("14.38.33135.0");
        assertThat(reader.fileVersion(PeFixtures.sample("rocm6/hipblas.dll"))).contains("2.4.0.0");
        assertThat(reader.fileVersion(PeFixtures.sample("rocm7/amdhip64_7.dll"))).contains("7.1.3679.0");
        assertThat(reader.fileVersion(PeFixtures.test("x64-exe-no-imports.exe"))).isEmpty();
        byte[] bytes = Files.readAllBytes(PeFixtures.sample("crt/MSVCP140.dll"));
        assertThat(reader.fileVersion("zip!/MSVCP140.dll", bytes.length, () -> new ByteArrayInputStream(bytes)))
                .contains("14.44.35112.1");
    }

    @Test
    void textFileIsNotAPeFile(@TempDir Path dir) throws IOException {
        Path txt = dir.resolve("readme.dll");
        Files.writeString(txt, "This is not a DLL, just some text that is long enough to pass the size check.\n".repeat(3));
        assertThatThrownBy(() -> reader.read(txt))
                .isInstanceOf(PeFormatException.class)
                .hasMessageContaining("readme.dll")
                .hasMessageContaining("MZ");
    }

    @Test
    void tinyFileIsRejectedWithItsSize(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("tiny.exe");
        Files.write(f, new byte[] {'M', 'Z'});
        assertThatThrownBy(() -> reader.read(f)).isInstanceOf(PeFormatException.class)
                .hasMessageContaining("tiny.exe").hasMessageContaining("2 bytes");
    }

    @Test
    void missingFileNamesTheFile(@TempDir Path dir) {
        assertThatThrownBy(() -> reader.read(dir.resolve("gone.exe")))
                .isInstanceOf(PeFormatException.class).hasMessageContaining("gone.exe").hasMessageContaining("no such file");
    }

    @Test
    void truncatedFileSaysTruncated() throws IOException {
        byte[] bytes = Files.readAllBytes(PeFixtures.test("x64-exe-imports.exe"));
        // Cut inside the section data that holds the import directory.
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 600);
        assertThatThrownBy(() -> reader.read("cut.exe", cut))
                .isInstanceOf(PeFormatException.class)
                .hasMessageStartingWith("cut.exe: ")
                .hasMessageContaining("truncated");
    }

    @Test
    void streamShorterThanDeclaredIsReportedAsTruncated() throws IOException {
        byte[] bytes = Files.readAllBytes(PeFixtures.test("x64-exe-imports.exe"));
        byte[] cut = Arrays.copyOf(bytes, 700);
        assertThatThrownBy(() -> reader.read("zip!/cut.exe", bytes.length, () -> new ByteArrayInputStream(cut)))
                .isInstanceOf(PeFormatException.class)
                .hasMessageContaining("zip!/cut.exe")
                .hasMessageContaining("shorter than its declared size");
    }

    @Test
    void fileLargerThanTheCapIsRefusedBeforeReading() {
        PeReader capped = new PeReader(1024, 1024);
        assertThatThrownBy(() -> capped.read("huge.dll", 1L << 40, () -> {
            throw new AssertionError("must not open");
        })).isInstanceOf(PeFormatException.class).hasMessageContaining("larger than the 1024 bytes");
        assertThatThrownBy(() -> capped.read("endless.dll", new InputStream() {
            @Override
            public int read() {
                return 0;
            }
        })).isInstanceOf(PeFormatException.class).hasMessageContaining("larger than 1024 bytes");
    }

    @Test
    void overlongDllNameIsCapped() throws Exception {
        byte[] bytes = Files.readAllBytes(PeFixtures.test("x64-exe-imports.exe"));
        PeInfo ok = reader.read("ok.exe", bytes);
        int at = indexOf(bytes, ok.imports().get(0).getBytes(StandardCharsets.US_ASCII));
        // Replace the name and everything after it in its section with letters: no terminating NUL.
        for (int i = at; i < bytes.length; i++) {
            bytes[i] = 'A';
        }
        assertThatThrownBy(() -> reader.read("long.exe", bytes))
                .isInstanceOf(PeFormatException.class).hasMessageContaining("not terminated");
    }

    @Test
    void allFixturesAreReadable() throws Exception {
        List<Path> all = PeFixtures.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(30);
        for (Path p : all) {
            assertThat(reader.read(p).imports()).as(p.toString()).isNotNull();
        }
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
