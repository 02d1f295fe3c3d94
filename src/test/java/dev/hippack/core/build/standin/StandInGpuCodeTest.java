package dev.hippack.core.build.standin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.audit.pe.OffloadBundle;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SampleEnvironmentWriter;
import dev.hippack.core.demo.SharedSample;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stand-in build's executables carry GPU code for exactly the targets they were built for. */
class StandInGpuCodeTest {

    @TempDir
    Path temp;

    private final PeReader reader = new PeReader();

    @Test
    void aStandInBuildForOneTargetWritesAnExecutableWithThatTargetOnly() throws Exception {
        SampleEnvironment sample = SharedSample.copyTo(temp.resolve("machine"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        StandInBuild build = new StandInBuild(sample.host(), SampleEnvironmentWriter.CHECKOUT, 0,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        int code = build.run(new String[] {"-RocmPath", SampleEnvironmentWriter.ROCM_ROOT + "\\6.4", "-BuildDir", "build\\hip",
            "-GpuTargets", "gfx1151", "-Target", "audiocpp_server"});
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        Path exe = sample.host().resolve(SampleEnvironmentWriter.CHECKOUT + "\\build\\hip\\bin\\audiocpp_server.exe");
        OffloadBundles built = reader.offloadBundles(exe);
        assertThat(built.foundBy()).isEqualTo(OffloadBundles.REGISTRATION);
        assertThat(built.targets()).containsExactly("gfx1151");
        assertThat(built.bundles().get(0).ids()).containsExactly(OffloadBundleWriter.HOST_ID, "hipv4-amdgcn-amd-amdhsa--gfx1151");
        // The rest of the file is the sample executable's: its imports are untouched.
        assertThat(reader.read(exe).imports()).isEqualTo(reader.read(PeFixtures.sample("rocm6/audiocpp_server.exe")).imports());
        // The binary not rebuilt keeps the track's targets it was "built" with.
        Path cli = sample.host().resolve(SampleEnvironmentWriter.CHECKOUT + "\\build\\hip\\bin\\audiocpp_cli.exe");
        assertThat(reader.offloadBundles(cli).targets()).hasSize(8).contains("gfx1151", "gfx1102");
    }

    @Test
    void theWritersBundleIsTheOneTheFixtureScriptMadeWithLlvm() throws Exception {
        for (Track track : CatalogLoader.embedded().tracks()) {
            Path exe = PeFixtures.sample("rocm" + track.generation() + "/audiocpp_cli.exe");
            OffloadBundle committed = reader.offloadBundles(exe).bundles().get(0);
            byte[] file = Files.readAllBytes(exe);
            byte[] inFile = Arrays.copyOfRange(file, (int) committed.fileOffset(), (int) (committed.fileOffset() + committed.length()));
            assertThat(OffloadBundleWriter.bundle(track.targets())).as(track.id()).isEqualTo(inFile);
        }
    }

    @Test
    void theWriterWritesWhatClangOffloadBundlerWrites() throws Exception {
        Path bundler = Path.of("/usr/lib/llvm-19/bin/clang-offload-bundler");
        assumeTrue(Files.isExecutable(bundler), "clang-offload-bundler 19 is not installed (apt-get install clang-tools-19)");
        for (List<String> targets : List.of(List.of("gfx1151"), List.of("gfx1100", "gfx1201", "gfx1030"))) {
            List<String> args = new ArrayList<>(List.of(bundler.toString(), "-type=o", "-bundle-align=4096"));
            StringBuilder ids = new StringBuilder("-targets=host-x86_64-pc-windows-msvc");
            args.add("-input=/dev/null");
            for (String t : targets) {
                Path code = Files.write(temp.resolve("code-" + t), OffloadBundleWriter.placeholder(t));
                ids.append(',').append(OffloadBundleWriter.id(t));
                args.add("-input=" + code);
            }
            args.add(ids.toString());
            Path output = temp.resolve("llvm-" + targets.size() + ".hipfb");
            args.add("-output=" + output);
            Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(log).isZero();
            assertThat(OffloadBundleWriter.bundle(targets)).as(targets.toString()).isEqualTo(Files.readAllBytes(output));
        }
    }

    @Test
    void moreTargetsThanTheSampleExecutableHasRoomForAreRefusedByName() throws Exception {
        byte[] template = Files.readAllBytes(PeFixtures.sample("rocm7/audiocpp_cli.exe"));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add("gfx" + (1100 + i));
        }
        assertThatThrownBy(() -> SampleExecutables.withTargets("audiocpp_cli.exe", template, many))
                .isInstanceOf(IOException.class).hasMessageContaining("audiocpp_cli.exe has room for");
        byte[] one = SampleExecutables.withTargets("audiocpp_cli.exe", template, List.of("gfx1103"));
        assertThat(one).hasSameSizeAs(template);
        assertThat(reader.offloadBundles("one.exe", one).targets()).containsExactly("gfx1103");
    }

    @Test
    void gpuTargetsAreReadAsCMakeListsOrWithCommas() {
        assertThat(StandInBuild.gpuTargets("gfx1100;gfx1151")).containsExactly("gfx1100", "gfx1151");
        assertThat(StandInBuild.gpuTargets(" gfx1100, gfx1201 ;gfx1100")).containsExactly("gfx1100", "gfx1201");
    }
}
