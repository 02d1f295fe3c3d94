package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.FileTrees;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import dev.hippack.core.audit.BuildFlagCheck;
import dev.hippack.core.build.standin.StandInBuild;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.host.Host;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.plan.BuildScriptFacts;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.progress.PartState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole build on the sample environment: the stand-in as a real child JVM, through the same code as the real script. */
class BuildServiceTest {

    /** The parameters of the newest build_windows_hip.ps1 (the sample checkout's). */
    static final Set<String> NEWEST_PARAMETERS = Set.of("RocmPath", "GpuTargets", "BuildDir", "BuildType", "Target", "Jobs",
            "ConfigureOnly", "Clean", "NoHipblasLt", "ForceMmq", "NoVmm", "WithVmm", "NoNativeCpu", "DeploymentBuild",
            "NativeModelManager", "SystemOpenSsl", "BoringSslArchive", "Graphs");

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    Path dir;

    private SampleEnvironment sample;
    private Host host;
    private ReleasePlan plan;
    private Path buildDir;

    @BeforeEach
    void writeSample() throws PackagerException, IOException {
        sample = SharedSample.copyTo(dir.resolve("machine"));
        host = sample.host();
        plan = new ProfileStore(CATALOG).load(sample.profile("rocm6"));
        buildDir = host.resolve(host.join(plan.source(), plan.buildDir()));
        deleteTree(buildDir); // the sample ships "already built" binaries; this test must see ours
    }

    private BuildService service(Duration pace) {
        ProcessRunner runner = new ProcessRunner(Duration.ofSeconds(2));
        return new BuildService(host, runner, new VcvarsCapture(host, runner), new BuildFlagCheck(),
                new StandInLauncher(pace), StandardCharsets.UTF_8);
    }

    private static BuildRequest request(ReleasePlan plan, Set<String> params) {
        return new BuildRequest(plan, new BuildScriptFacts(params, true));
    }

    @Test
    void standInBuildsBothBinariesEndToEnd() throws Exception {
        List<LogLine> lines = new CopyOnWriteArrayList<>();
        List<String> statuses = new CopyOnWriteArrayList<>();
        List<long[]> progress = new CopyOnWriteArrayList<>();
        List<String> parts = new CopyOnWriteArrayList<>();
        OperationListener listener = new OperationListener() {
            @Override public void part(String name, PartState state) {
                parts.add(name + " " + state);
            }
            @Override public void log(LogLine line) {
                lines.add(line);
            }
            @Override public void status(String text) {
                statuses.add(text);
            }
            @Override public void progress(long done, long total) {
                progress.add(new long[] {done, total});
            }
        };

        BuildResult result = service(Duration.ZERO).run(request(plan, NEWEST_PARAMETERS), listener, CancellationToken.none());

        assertThat(result.findings()).filteredOn(Finding::isError).isEmpty();
        assertThat(result.success()).isTrue();
        assertThat(result.standIn()).isTrue();
        assertThat(result.outputs()).containsExactly(
                "C:\\src\\audio.cpp\\build\\hip\\bin\\audiocpp_cli.exe", "C:\\src\\audio.cpp\\build\\hip\\bin\\audiocpp_server.exe");
        for (String exe : List.of("audiocpp_cli.exe", "audiocpp_server.exe")) {
            Path built = buildDir.resolve("bin").resolve(exe);
            byte[] head;
            try (InputStream in = Files.newInputStream(built)) {
                head = in.readNBytes(2);
            }
            assertThat(new String(head, StandardCharsets.US_ASCII)).isEqualTo("MZ");
            // As large as a real release's executable, so staged totals compare with the estimate.
            assertThat(Files.size(built)).isEqualTo(CatalogLoader.embedded().executables().stream()
                    .filter(f -> f.name().equals(exe)).findFirst().orElseThrow().bytes());
        }
        assertThat(Files.readString(buildDir.resolve("CMakeCache.txt")))
                .contains("ENGINE_ENABLE_NATIVE_CPU:BOOL=OFF", "AUDIOCPP_DEPLOYMENT_BUILD:BOOL=ON",
                        "GPU_TARGETS:STRING=gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201",
                        "CMAKE_CXX_COMPILER:FILEPATH=C:/Program Files/AMD/ROCm/6.4/bin/clang++.exe");

        assertThat(result.commandLines()).containsExactly(
                "powershell -NoProfile -ExecutionPolicy Bypass -File scripts\\build_windows_hip.ps1"
                        + " -RocmPath \"C:\\Program Files\\AMD\\ROCm\\6.4\" -BuildDir build\\hip"
                        + " -GpuTargets \"gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201\""
                        + " -NoNativeCpu -DeploymentBuild -Target audiocpp_cli",
                "powershell -NoProfile -ExecutionPolicy Bypass -File scripts\\build_windows_hip.ps1"
                        + " -RocmPath \"C:\\Program Files\\AMD\\ROCm\\6.4\" -BuildDir build\\hip"
                        + " -GpuTargets \"gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1200;gfx1201\""
                        + " -NoNativeCpu -DeploymentBuild -Target audiocpp_server");

        // The log file: command lines near the top, the stand-in saying what it is, every ninja step.
        List<String> log = Files.readAllLines(result.logFile(), StandardCharsets.UTF_8);
        assertThat(result.logFile()).isEqualTo(buildDir.resolve(BuildService.LOG_NAME));
        assertThat(log.subList(0, 10)).anySatisfy(l -> assertThat(l).endsWith(result.commandLines().get(0)));
        assertThat(log).anySatisfy(l -> assertThat(l).contains(" out " + StandInBuild.FIRST_LINE));
        long hipObjects = log.stream().filter(l -> l.contains("Building HIP object")).count();
        assertThat(hipObjects).isEqualTo(145);
        // The second binary reuses the libraries: only its own 4 sources and the link.
        assertThat(log).anySatisfy(l -> assertThat(l).contains("[5/5] Linking CXX executable bin\\audiocpp_server.exe"));
        assertThat(lines).hasSameSizeAs(log);

        assertThat(progress).anySatisfy(p -> assertThat(p[0]).isEqualTo(p[1]).isPositive());
        assertThat(statuses).anySatisfy(s -> assertThat(s).startsWith("audiocpp_cli: compiling"));
        assertThat(statuses).anySatisfy(s -> assertThat(s).startsWith("audiocpp_server: linking"));
        // Each binary is a part of its own: both announced, then built one after the other.
        assertThat(parts).containsExactly("audiocpp_cli WAITING", "audiocpp_server WAITING",
                "audiocpp_cli RUNNING", "audiocpp_cli SUCCEEDED", "audiocpp_server RUNNING", "audiocpp_server SUCCEEDED");

        // The build record beside the binaries says what they were built with.
        BuildRecord record = new BuildRecordStore().read(buildDir.resolve("bin")).orElseThrow();
        assertThat(record.builder()).isEqualTo(BuildRecord.STAND_IN);
        assertThat(record.rocmSdk()).isEqualTo(plan.sdk());
        assertThat(record.rocmVersion()).isEqualTo("6.4");
        assertThat(record.targets()).isEqualTo(plan.targets());
        assertThat(record.toolset()).isEqualTo(plan.toolset());
        assertThat(record.options()).isEqualTo(plan.options());
        assertThat(record.differences(plan)).isEmpty();
        assertThat(record.binaries()).extracting(BuildRecord.BuiltBinary::file).containsExactly("audiocpp_cli.exe", "audiocpp_server.exe");
        for (BuildRecord.BuiltBinary b : record.binaries()) {
            Path exe = buildDir.resolve("bin").resolve(b.file());
            assertThat(b.bytes()).isEqualTo(Files.size(exe));
            assertThat(b.sha256()).isEqualTo(Sha256.of(exe));
            assertThat(b.lastModified()).isEqualTo(Files.getLastModifiedTime(exe).toMillis());
        }
        assertThat(AtomicFile.leftovers(buildDir.resolve("bin").resolve(BuildRecordStore.FILE_NAME))).isEmpty();
        assertThat(buildDir.resolve("bin").resolve(BuildRecordStore.UNFINISHED_NAME)).doesNotExist();
        assertThat(new BuiltBinariesCheck().check(plan, host)).extracting(Finding::id).doesNotContain(BuiltBinariesCheck.UNFINISHED);
        assertThat(log).anySatisfy(l -> assertThat(l).contains("Build record: C:\\src\\audio.cpp\\build\\hip\\bin\\hip-packager-build.json"));
    }

    @Test
    void aFailedBuildLeavesNoRecordOfTheEarlierBuildBesideItsBinaries() throws Exception {
        new BuildRecordStore().write(buildDir.resolve("bin"), BuildRecord.of(plan, true, "2026-01-01T00:00:00Z", List.of()));
        Files.delete(host.resolve("C:\\Program Files\\AMD\\ROCm\\6.4\\bin\\hipblaslt.dll"));

        BuildResult result = service(Duration.ZERO).run(request(plan, NEWEST_PARAMETERS), OperationListener.NONE, CancellationToken.none());

        assertThat(result.success()).isFalse();
        assertThat(buildDir.resolve("bin").resolve(BuildRecordStore.FILE_NAME)).doesNotExist();
    }

    @Test
    void aRecordThatCannotBeWrittenIsAFailureOfTheWorkAndLeavesNoPartialRecord() throws Exception {
        Path notAFolder = Files.writeString(Files.createDirectories(buildDir).resolve("bin-is-a-file"), "x");
        BuildRecord record = BuildRecord.of(plan, true, "2026-01-01T00:00:00Z", List.of());
        assertThatThrownBy(() -> new BuildRecordStore().write(notAFolder, record))
                .isInstanceOf(OperationFailedException.class).hasMessageContaining(BuildRecordStore.FILE_NAME)
                .hasMessageContaining("writable");
        assertThat(Files.readString(notAFolder)).isEqualTo("x");
    }

    @Test
    void aMissingHipblasltFailsTheBuildWithTheMatchingFinding() throws Exception {
        Files.delete(host.resolve("C:\\Program Files\\AMD\\ROCm\\6.4\\bin\\hipblaslt.dll"));

        List<String> parts = new CopyOnWriteArrayList<>();
        BuildResult result = service(Duration.ZERO).run(request(plan, NEWEST_PARAMETERS), new OperationListener() {
            @Override public void part(String name, PartState state) {
                parts.add(name + " " + state);
            }
        }, CancellationToken.none());

        assertThat(result.success()).isFalse();
        assertThat(result.cancelled()).isFalse();
        assertThat(result.findings()).extracting(Finding::id).containsExactly("build.hipblaslt", "build.failed");
        // The server is never started after the CLI failed: it stays waiting.
        assertThat(parts).containsExactly("audiocpp_cli WAITING", "audiocpp_server WAITING", "audiocpp_cli RUNNING", "audiocpp_cli FAILED");
        assertThat(result.outputs()).isEmpty();
        assertThat(buildDir.resolve("bin/audiocpp_cli.exe")).doesNotExist();
        // The failed build leaves its marker, and packaging refuses what is in the build folder, naming the fix.
        UnfinishedBuild marker = new BuildRecordStore().unfinished(buildDir.resolve("bin")).orElseThrow();
        assertThat(marker.state()).isEqualTo(UnfinishedBuild.State.FAILED);
        assertThat(marker.binary()).isEqualTo("audiocpp_cli");
        assertThat(marker.targets()).isEqualTo(plan.targets());
        assertThat(new BuiltBinariesCheck().check(plan, host)).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(BuiltBinariesCheck.UNFINISHED);
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("failed while building audiocpp_cli");
            assertThat(f.fix()).startsWith("Rebuild");
            assertThat(f.file()).isEqualTo("C:\\src\\audio.cpp\\build\\hip\\bin\\" + BuildRecordStore.UNFINISHED_NAME);
        });
    }

    @Test
    void aScriptWithoutNoNativeCpuIsRefusedBeforeAnythingRuns() {
        Set<String> old = Set.of("RocmPath", "GpuTargets", "BuildType", "Target", "Jobs", "ConfigureOnly", "Clean",
                "NoHipblasLt", "ForceMmq", "NoVmm", "WithVmm", "Graphs");
        List<LogLine> lines = new CopyOnWriteArrayList<>();

        assertThatThrownBy(() -> service(Duration.ZERO).run(request(plan, old), new OperationListener() {
            @Override public void log(LogLine line) {
                lines.add(line);
            }
        }, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessageContaining("-NoNativeCpu: a release must not be compiled for the build machine's own CPU")
                .hasMessageContaining("-DeploymentBuild: a release must embed the model specs")
                .hasMessageContaining("git pull");
        assertThat(lines).isEmpty();
        assertThat(buildDir).doesNotExist();
    }

    @Test
    void aBinFolderThatIsALinkOutsideTheBuildFolderIsRefusedBeforeAnythingRuns() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createDirectories(buildDir);
        Files.createSymbolicLink(buildDir.resolve("bin"), elsewhere);
        assertThatThrownBy(() -> service(Duration.ZERO).run(request(plan, NEWEST_PARAMETERS),
                OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class).hasMessageContaining(buildDir.resolve("bin").toString())
                .hasMessageContaining("is a link");
        try (var left = Files.list(elsewhere)) {
            assertThat(left).isEmpty();
        }
        assertThat(buildDir.resolve(BuildService.LOG_NAME)).doesNotExist();
    }

    @Test
    void aBuildFolderWindowsCannotHaveIsRefusedBeforeAnythingIsWritten() {
        // Linux could make "hi|p" for the described machine; the build machine is Windows, which could not.
        ReleasePlan bad = plan.withBuildDir("build\\hi|p");
        Path badDir = host.resolve(host.join(plan.source(), "build"));
        assertThatThrownBy(() -> service(Duration.ZERO).run(request(bad, NEWEST_PARAMETERS),
                OperationListener.NONE, CancellationToken.none()))
                .isInstanceOf(PackagerException.class)
                .hasMessage("The build folder 'build\\hi|p' cannot exist on Windows: 'hi|p' holds |, which no Windows name may hold "
                        + "(nor any of <>:\"|?*). Name it with letters, digits, spaces, '.', '_' and '-' (for example build\\hip).");
        assertThat(badDir.resolve("hi|p")).doesNotExist();
    }

    @Test
    void cancelDuringTheBuildEndsTheChildJvmAndLeavesNoFinishedBinary() throws Exception {
        CancellationToken token = new CancellationToken();
        List<ProcessHandle> children = new CopyOnWriteArrayList<>();
        List<String> parts = new CopyOnWriteArrayList<>();
        OperationListener listener = new OperationListener() {
            @Override public void part(String name, PartState state) {
                parts.add(name + " " + state);
            }
            @Override public void log(LogLine line) {
                if (line.text().startsWith("[3/") && children.isEmpty()) {
                    ProcessHandle.current().children().forEach(children::add);
                    children.forEach(c -> c.descendants().forEach(children::add));
                    token.cancel();
                }
            }
        };

        BuildResult result = service(Duration.ofMillis(30)).run(request(plan, NEWEST_PARAMETERS), listener, token);

        assertThat(result.cancelled()).isTrue();
        assertThat(result.success()).isFalse();
        assertThat(parts).endsWith("audiocpp_cli RUNNING", "audiocpp_cli CANCELLED");
        assertThat(children).isNotEmpty();
        assertThat(children).allSatisfy(h -> assertThat(h.isAlive()).as("pid %d alive", h.pid()).isFalse());
        assertThat(buildDir.resolve("bin/audiocpp_cli.exe")).doesNotExist();
        assertThat(Files.readString(result.logFile())).contains("Cancel requested", "No process of the build is left running",
                "Build cancelled while building audiocpp_cli.");
        assertThat(new BuildRecordStore().unfinished(buildDir.resolve("bin")).orElseThrow())
                .extracting(UnfinishedBuild::state, UnfinishedBuild::binary)
                .containsExactly(UnfinishedBuild.State.CANCELLED, "audiocpp_cli");
    }

    static void deleteTree(Path root) throws IOException {
        FileTrees.delete(root);
    }
}
