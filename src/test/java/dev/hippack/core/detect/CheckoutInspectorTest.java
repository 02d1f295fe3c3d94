package dev.hippack.core.detect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.host.OperatingSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckoutInspectorTest {

    @TempDir
    Path dir;

    private final CheckoutInspector inspector = new CheckoutInspector();

    private Path checkout(String script) throws Exception {
        Path c = dir.resolve("src/audio cpp ü");
        Files.createDirectories(c.resolve("scripts"));
        Files.createDirectories(c.resolve("model_specs"));
        Files.writeString(c.resolve("CMakeLists.txt"), "project(audiocpp)\n");
        Files.writeString(c.resolve("scripts/build_windows_hip.ps1"), script);
        return c;
    }

    private Host windows() {
        return Host.described(OperatingSystem.WINDOWS, dir, Map.of("C:", dir), Map.of(), "C:\\src\\audio cpp ü", Map.of());
    }

    @Test
    void olderScriptIsReadAndItsMissingReleaseParametersAreNamed() throws Exception {
        Path c = checkout("param([string]$RocmPath, [string]$GpuTargets, [string]$Target)\ncmake -DGGML_OPENMP=OFF\n");
        Files.writeString(c.resolve("model_specs/kokoro_tts.json"), "{\"family\": \"kokoro\"}");
        Files.writeString(c.resolve("model_specs/broken.json"), "{ nope");
        Files.writeString(c.resolve("model_specs/notes.txt"), "ignored");
        List<Finding> findings = new ArrayList<>();
        Checkout result = inspector.inspect(windows(), null, findings);
        assertThat(result.path()).isEqualTo("C:\\src\\audio cpp ü");
        assertThat(result.scriptParameters()).containsExactly("RocmPath", "GpuTargets", "Target");
        assertThat(result.disablesOpenmp()).isFalse();
        assertThat(result.modelFamilies()).containsExactly("broken", "kokoro");
        assertThat(result.version()).isNull();
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("-BuildDir").contains("-NoNativeCpu").contains("-DeploymentBuild"));
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("broken.json").contains("not valid JSON"));
        assertThat(result.scriptFacts()).get().satisfies(s -> assertThat(s.supports("buildDir")).isFalse());
    }

    @Test
    void aHugeBuildScriptOrSpecIsAFindingNamingTheLimitNotOutOfMemory() throws Exception {
        Path c = checkout("");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(c.resolve("scripts/build_windows_hip.ps1").toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(c.resolve("model_specs/big.json").toFile(), "rw")) {
            f.setLength(CheckoutInspector.MAX_SPEC_BYTES + 1);
        }
        List<Finding> findings = new ArrayList<>();
        inspector.inspect(windows(), null, findings);
        assertThat(findings).anySatisfy(f -> assertThat(f.message())
                .isEqualTo("C:\\src\\audio cpp ü\\scripts\\build_windows_hip.ps1 is 3.00 GiB, more than the 4.0 MiB HIP Packager"
                        + " reads of such a file; check that it is the right file."));
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).startsWith("model_specs\\big.json is 4.0 MiB, more than the 4.0 MiB"));
    }

    @Test
    void missingCheckoutIsAnErrorNamingThePath() {
        List<Finding> findings = new ArrayList<>();
        Checkout result = inspector.inspect(windows(), "D:\\nowhere\\audio.cpp\\", findings);
        assertThat(result.path()).isEqualTo("D:\\nowhere\\audio.cpp");
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("D:\\nowhere\\audio.cpp");
        });
    }

    @Test
    void gitDescribeGivesTheVersionOnThisMachine() throws Exception {
        assumeTrue(Host.local().which("git").isPresent(), "git is not installed");
        Path c = checkout("param([string]$RocmPath)\n");
        assertThat(run(c, "git", "init", "-q")).isZero();
        assertThat(run(c, "git", "-c", "user.email=t@example.org", "-c", "user.name=t", "add", "-A")).isZero();
        assertThat(run(c, "git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "-m", "x")).isZero();
        assertThat(run(c, "git", "-c", "user.email=t@example.org", "-c", "user.name=t", "tag", "-a", "v0.4.3", "-m", "x")).isZero();
        Checkout result = inspector.inspect(Host.local(), c.toString(), new ArrayList<>());
        assertThat(result.version()).isEqualTo("v0.4.3");
    }

    @Test
    void aRealCloneGivesWhatGitDescribePrintsAndThePackageNameFollowsIt() throws Exception {
        assumeTrue(Host.local().which("git").isPresent(), "git is not installed");
        Path c = checkout("param([string]$RocmPath)\n");
        String[] git = {"git", "-c", "user.email=t@example.org", "-c", "user.name=t"};
        assertThat(run(c, "git", "init", "-q")).isZero();
        assertThat(run(c, concat(git, "add", "-A"))).isZero();
        assertThat(run(c, concat(git, "commit", "-q", "-m", "first"))).isZero();
        // No tag reachable: describe --always prints the abbreviated commit, which the name marks as one.
        String bare = inspector.version(Host.local(), c.toString()).orElseThrow();
        assertThat(bare).matches("[0-9a-f]{7,40}");
        assertThat(dev.hippack.core.plan.PackageName.fileSafe(bare)).isEqualTo("g" + bare);

        assertThat(run(c, concat(git, "tag", "-a", "release/0.4.3", "-m", "x"))).isZero();
        Files.writeString(c.resolve("CMakeLists.txt"), "changed\n");
        assertThat(run(c, concat(git, "commit", "-q", "-a", "-m", "second"))).isZero();
        String after = inspector.version(Host.local(), c.toString()).orElseThrow();
        assertThat(after).matches("release/0\\.4\\.3-1-g[0-9a-f]{7,40}");
        assertThat(dev.hippack.core.plan.PackageName.resolve("audiocpp-windows-hip-rocm6-{version}", java.util.Optional.of(after), "test"))
                .matches("audiocpp-windows-hip-rocm6-release-0\\.4\\.3-1-g[0-9a-f]{7,40}");

        Files.writeString(c.resolve("CMakeLists.txt"), "changed again\n");
        assertThat(inspector.version(Host.local(), c.toString()).orElseThrow()).endsWith("-dirty");
    }

    @Test
    void theCommitIsReadFromTheGitFolderAsGitWroteIt() throws Exception {
        assumeTrue(Host.local().which("git").isPresent(), "git is not installed");
        Path c = checkout("param([string]$RocmPath)\n");
        String[] git = {"git", "-c", "user.email=t@example.org", "-c", "user.name=t"};
        assertThat(run(c, "git", "init", "-q")).isZero();
        assertThat(run(c, concat(git, "add", "-A"))).isZero();
        assertThat(run(c, concat(git, "commit", "-q", "-m", "first"))).isZero();
        String head = Files.readString(c.resolve(".git/HEAD")).strip();
        String loose = Files.readString(c.resolve(".git").resolve(head.substring("ref: ".length()))).strip();
        assertThat(inspector.commit(Host.local(), c.toString())).contains(loose);
        // git pack-refs moves the branch into packed-refs; detached, HEAD holds the commit itself.
        assertThat(run(c, "git", "pack-refs", "--all")).isZero();
        assertThat(c.resolve(".git").resolve(head.substring("ref: ".length()))).doesNotExist();
        assertThat(inspector.commit(Host.local(), c.toString())).contains(loose);
        assertThat(run(c, "git", "checkout", "-q", "--detach")).isZero();
        assertThat(inspector.revision(Host.local(), c.toString()).commit()).isEqualTo(loose);
    }

    @Test
    void aWorktreesGitFileIsFollowedAndAHeadWithoutACommitGivesNone() throws Exception {
        Path c = checkout("param([string]$RocmPath)\n");
        Path gitDir = Files.createDirectories(dir.resolve("elsewhere/worktrees/audio"));
        Files.writeString(c.resolve(".git"), "gitdir: " + gitDir + "\n");
        Files.writeString(gitDir.resolve("HEAD"), "ref: refs/heads/main\n");
        assertThat(inspector.commit(Host.local(), c.toString())).isEmpty(); // a branch with no commit yet
        Files.writeString(gitDir.resolve("packed-refs"), "# pack-refs with: peeled fully-peeled sorted\n"
                + "0123456789abcdef0123456789abcdef01234567 refs/heads/main\n");
        assertThat(inspector.commit(Host.local(), c.toString())).contains("0123456789abcdef0123456789abcdef01234567");
        Files.writeString(gitDir.resolve("HEAD"), "ref: ../../outside\n");
        assertThat(inspector.commit(Host.local(), c.toString())).isEmpty();
    }

    @Test
    void aFolderThatIsNoCloneHasNoVersion() throws Exception {
        Path c = checkout("param([string]$RocmPath)\n");
        assertThat(inspector.version(Host.local(), c.toString())).isEmpty();
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static int run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    private static final CheckoutInspector WITH_CATALOG = new CheckoutInspector(dev.hippack.core.catalog.CatalogLoader.embedded());
    private static final String HIP_H = "external/ggml/src/ggml-cuda/vendors/hip.h";

    @Test
    void aCheckoutWhoseGgmlHasPr24129PlacesGfx1152And1153InRdna35() throws Exception {
        Path c = checkout("param([string]$RocmPath)\n");
        Files.createDirectories(c.resolve(HIP_H).getParent());
        Files.writeString(c.resolve(HIP_H), GgmlHeaderReaderTest.AFTER);
        List<Finding> findings = new ArrayList<>();
        Checkout result = WITH_CATALOG.inspect(windows(), null, findings);
        assertThat(result.ggml()).singleElement().satisfies(g -> {
            assertThat(g.file()).isEqualTo(HIP_H);
            assertThat(g.macro()).isEqualTo("RDNA3_5");
            assertThat(g.found()).isTrue();
            assertThat(g.architectures()).containsExactly("gfx1150", "gfx1151", "gfx1152", "gfx1153");
        });
        assertThat(findings).noneSatisfy(f -> assertThat(f.message()).contains("gfx1152"));
    }

    @Test
    void aCheckoutWhoseGgmlPredatesTheChangeIsNotedNamingTheHeaderAndTheChange() throws Exception {
        Path c = checkout("param([string]$RocmPath)\n");
        Files.createDirectories(c.resolve(HIP_H).getParent());
        Files.writeString(c.resolve(HIP_H), GgmlHeaderReaderTest.BEFORE);
        List<Finding> findings = new ArrayList<>();
        Checkout result = WITH_CATALOG.inspect(windows(), null, findings);
        assertThat(result.ggml()).singleElement().satisfies(g -> {
            assertThat(g.found()).isTrue();
            assertThat(g.architectures()).containsExactly("gfx1150", "gfx1151");
            assertThat(g.includes("gfx1152")).isFalse();
        });
        assertThat(findings).filteredOn(f -> f.message().contains("gfx1152")).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(dev.hippack.core.finding.Severity.INFO);
            assertThat(f.message()).contains("gfx1152 or gfx1153").contains("RDNA3_5").contains("names gfx1150, gfx1151");
            assertThat(f.fix()).contains("llama.cpp PR #24129");
            assertThat(f.file()).isEqualTo("C:\\src\\audio cpp ü\\external\\ggml\\src\\ggml-cuda\\vendors\\hip.h");
        });
    }

    @Test
    void aCheckoutWithoutTheHeaderReportsItNotFoundAndTheDefaultInspectorReadsNone() throws Exception {
        checkout("param([string]$RocmPath)\n");
        List<Finding> findings = new ArrayList<>();
        Checkout result = WITH_CATALOG.inspect(windows(), null, findings);
        assertThat(result.ggml()).singleElement().satisfies(g -> {
            assertThat(g.found()).isFalse();
            assertThat(g.includes("gfx1151")).isFalse();
        });
        assertThat(findings).anySatisfy(f -> assertThat(f.message()).contains("has no external\\ggml\\src\\ggml-cuda\\vendors\\hip.h")
                .contains("gfx1152 and gfx1153"));
        assertThat(inspector.inspect(windows(), null, new ArrayList<>()).ggml()).isEmpty();
    }
}
