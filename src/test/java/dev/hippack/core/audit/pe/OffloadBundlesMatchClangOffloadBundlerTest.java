package dev.hippack.core.audit.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our reader and LLVM's {@code clang-offload-bundler --list} agree on every bundle of the
 * committed fixtures: the bytes our reader says a bundle spans are a bundle LLVM reads, with the
 * ids we read. For the zstd bundle, LLVM lists what we report as not read.
 */
class OffloadBundlesMatchClangOffloadBundlerTest {

    @TempDir
    Path temp;

    @Test
    void everyBundleOfTheFixturesListsTheSameIdsInLlvm() throws Exception {
        Optional<String> bundler = PeReaderMatchesLlvmReadobjTest.find("clang-offload-bundler-19", "clang-offload-bundler");
        if (bundler.isEmpty() && Files.isExecutable(Path.of("/usr/lib/llvm-19/bin/clang-offload-bundler"))) {
            bundler = Optional.of("/usr/lib/llvm-19/bin/clang-offload-bundler");
        }
        assumeTrue(bundler.isPresent(), "clang-offload-bundler is not installed (apt-get install clang-tools-19); comparison skipped");
        PeReader reader = new PeReader();
        int compared = 0;
        for (Path p : PeFixtures.all()) {
            OffloadBundles o = reader.offloadBundles(p);
            byte[] file = Files.readAllBytes(p);
            for (OffloadBundle b : o.bundles()) {
                Path extracted = temp.resolve("bundle-" + compared + ".hipfb");
                Files.write(extracted, Arrays.copyOfRange(file, (int) b.fileOffset(), (int) (b.fileOffset() + b.length())));
                List<String> llvm = list(bundler.get(), extracted);
                if (b.idsRead()) {
                    // --list walks a hash map, so its order is not the bundle's.
                    assertThat(b.ids()).as("ids of the bundle at 0x%X of %s", b.fileOffset(), p)
                            .containsExactlyInAnyOrderElementsOf(llvm);
                } else {
                    assertThat(llvm).as("LLVM reads the %s bundle of %s", b.compression(), p).isNotEmpty();
                }
                compared++;
            }
        }
        assertThat(compared).isGreaterThanOrEqualTo(9);
    }

    private static List<String> list(String bundler, Path bundle) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(bundler, "-list", "-type=o", "-input=" + bundle).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().filter(l -> !l.isBlank()).toList();
    }
}
