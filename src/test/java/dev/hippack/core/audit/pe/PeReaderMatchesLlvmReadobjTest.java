package dev.hippack.core.audit.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Our reader and LLVM's agree on every committed PE file (imports and delay imports, in order). */
class PeReaderMatchesLlvmReadobjTest {

    @Test
    void everyFixtureMatchesLlvmReadobjCoffImports() throws Exception {
        Optional<String> readobj = find("llvm-readobj", "llvm-readobj-14");
        assumeTrue(readobj.isPresent(), "llvm-readobj is not installed (apt-get install llvm-14); comparison skipped");
        PeReader reader = new PeReader();
        List<Path> all = PeFixtures.all();
        assertThat(all).isNotEmpty();
        for (Path p : all) {
            List<List<String>> llvm = llvmImports(readobj.get(), p);
            PeInfo ours = reader.read(p);
            assertThat(ours.imports()).as("imports of " + p).isEqualTo(llvm.get(0));
            assertThat(ours.delayImports()).as("delay imports of " + p).isEqualTo(llvm.get(1));
        }
    }

    /** [imports, delay imports] from the top-level Name: lines of each Import / DelayImport block. */
    static List<List<String>> llvmImports(String readobj, Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(readobj, "--coff-imports", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        List<String> imports = new ArrayList<>();
        List<String> delay = new ArrayList<>();
        List<String> current = null;
        for (String line : out.split("\\R")) {
            if (line.equals("Import {")) {
                current = imports;
            } else if (line.equals("DelayImport {")) {
                current = delay;
            } else if (line.startsWith("  Name: ") && current != null) {
                current.add(line.substring("  Name: ".length()).trim());
                current = null;
            }
        }
        return List.of(imports, delay);
    }

    static Optional<String> find(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : names) {
            Optional<String> hit = Stream.of(path.split(java.io.File.pathSeparator))
                    .map(d -> Path.of(d, name)).filter(Files::isExecutable).map(Path::toString).findFirst();
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }
}
