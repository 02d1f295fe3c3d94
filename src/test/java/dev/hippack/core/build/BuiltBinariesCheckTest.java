package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.Sha256;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binaries of the sample's build folder, judged against plans they were and were not built for. */
class BuiltBinariesCheckTest {

    private static final Catalog CATALOG = CatalogLoader.embedded();

    @TempDir
    static Path dir;

    private static Host host;
    private static ReleasePlan plan;
    private static Path build;
    private static String cache;
    private static final Map<String, String> SHA = new HashMap<>();
    private final BuildRecordStore store = new BuildRecordStore();
    private final BuiltBinariesCheck check = new BuiltBinariesCheck();

    @BeforeAll
    static void sample() throws Exception {
        SampleEnvironment sample = SharedSample.copyTo(dir.resolve("machine"));
        host = sample.host();
        plan = new ProfileStore(CATALOG).load(sample.profile("rocm6"));
        build = host.resolve(host.join(plan.source(), plan.buildDir()));
        cache = Files.readString(build.resolve("CMakeCache.txt"));
        for (String b : plan.binaries()) {
            SHA.put(b, Sha256.of(build.resolve("bin").resolve(b + ".exe")));
        }
    }

    /** Each test starts from the sample as written: its cache, no record. */
    @BeforeEach
    void restore() throws Exception {
        Files.writeString(build.resolve("CMakeCache.txt"), cache);
        store.clear(build.resolve("bin"));
    }

    private void record(ReleasePlan builtFor) throws Exception {
        record(builtFor, "");
    }

    /**
     * A record of {@code builtFor}'s binaries; {@code changed} names one whose file no longer has
     * the recorded time and hash (what a rebuild or an edit after the record looks like).
     */
    private void record(ReleasePlan builtFor, String changed) throws Exception {
        List<BuildRecord.BuiltBinary> binaries = new ArrayList<>();
        for (String b : builtFor.binaries()) {
            Path exe = build.resolve("bin").resolve(b + ".exe");
            boolean other = b.equals(changed);
            long time = Files.getLastModifiedTime(exe).toMillis() - (other ? 60_000 : 0);
            binaries.add(new BuildRecord.BuiltBinary(b + ".exe", Files.size(exe), time, other ? "0".repeat(64) : SHA.get(b)));
        }
        store.write(build.resolve("bin"), BuildRecord.of(builtFor, true, "2026-11-30T10:00:00Z", binaries));
    }

    private static List<Finding> ofId(List<Finding> findings, String id) {
        return findings.stream().filter(f -> f.id().equals(id)).toList();
    }

    @Test
    void binariesBuiltOutsideHipPackagerAreSaidToBeAndTheirCacheIsChecked() throws Exception {
        // The sample's prebuilt binaries carry a CMakeCache.txt but no record.
        List<Finding> findings = check.check(plan, host);
        assertThat(findings).filteredOn(Finding::isError).isEmpty();
        assertThat(ofId(findings, BuiltBinariesCheck.RECORD)).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.INFO);
            assertThat(f.message()).contains("built outside HIP Packager").contains("CMakeCache.txt");
        });
        // The cache is still the authority: it says GPU_TARGETS is the rocm6 eight, not gfx1151.
        assertThat(check.check(plan.withTargets(List.of("gfx1151", "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1200",
                "gfx1201", "gfx1030")).withAllowRdna2(true), host)).extracting(Finding::id).contains("build.targets");
    }

    @Test
    void withoutCacheOrRecordNothingTellsHowTheyWereBuiltAndThatIsAWarning() throws Exception {
        Files.delete(build.resolve("CMakeCache.txt"));
        List<Finding> findings = check.check(plan, host);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(BuiltBinariesCheck.RECORD);
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("no CMakeCache.txt");
        });
    }

    @Test
    void aRecordOfThePlanGivesNoFinding() throws Exception {
        record(plan);
        assertThat(check.check(plan, host)).isEmpty();
    }

    @Test
    void aToolsetMatchesPartByPart() throws Exception {
        // vcvars takes the newest 14.44.*: a record of 14.44.35207 is a build with the plan's 14.44.
        record(plan.withToolset("14.44.35207"));
        assertThat(ofId(check.check(plan, host), BuiltBinariesCheck.RECORD)).isEmpty();
        // 14.4 is another toolset than 14.44, although its text begins the same way.
        record(plan.withToolset("14.4"));
        assertThat(ofId(check.check(plan, host), BuiltBinariesCheck.RECORD)).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("MSVC toolset: built with 14.4, the plan uses 14.44"));
    }

    @Test
    void aRecordOfAnotherToolsetOrRocmVersionIsAnErrorNamingWhatDiffers() throws Exception {
        record(plan.withToolset("14.43").withRocmVersion("6.3"));
        List<Finding> findings = check.check(plan, host);
        assertThat(ofId(findings, BuiltBinariesCheck.RECORD)).singleElement().satisfies(f -> {
            assertThat(f.isError()).isTrue();
            assertThat(f.message()).contains("MSVC toolset: built with 14.43, the plan uses 14.44")
                    .contains("ROCm version: built with 6.3, the plan uses 6.4");
            assertThat(f.fix()).contains("Rebuild");
            assertThat(f.file()).endsWith("bin\\hip-packager-build.json");
        });
    }

    @Test
    void withoutACacheTheRecordAloneCatchesTargetsAndSwitches() throws Exception {
        Files.delete(build.resolve("CMakeCache.txt"));
        record(plan.withTargets(List.of("gfx1151")).withOptions(plan.options().withGraphs(true)));
        List<Finding> findings = check.check(plan, host);
        assertThat(findings).filteredOn(Finding::isError).singleElement().satisfies(f -> assertThat(f.message())
                .contains("GPU targets: built for gfx1151; the plan also needs gfx1100, gfx1101")
                .contains("graphs: built on, the plan has them off"));
    }

    @Test
    void binariesBuiltForMoreTargetsThanPlannedOnlyWarn() throws Exception {
        Files.delete(build.resolve("CMakeCache.txt"));
        record(plan);
        List<Finding> findings = check.check(plan.withTargets(List.of("gfx1100", "gfx1103")), host);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("more GPUs than this package ships");
        });
    }

    @Test
    void aBinaryChangedAfterTheRecordIsNoLongerDescribedByIt() throws Exception {
        // The recorded hash is not the file's: what a rebuild or an edit after the record looks like.
        record(plan, "audiocpp_server");
        List<Finding> findings = check.check(plan, host);
        assertThat(findings).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.message()).contains("audiocpp_server.exe changed after HIP Packager built it");
        });
    }

    @Test
    void aBinaryTouchedButUnchangedStillMatchesItsRecord() throws Exception {
        // Another time, the same bytes: the hash decides.
        List<BuildRecord.BuiltBinary> binaries = new ArrayList<>();
        for (String b : plan.binaries()) {
            Path exe = build.resolve("bin").resolve(b + ".exe");
            binaries.add(new BuildRecord.BuiltBinary(b + ".exe", Files.size(exe), 0L, SHA.get(b)));
        }
        store.write(build.resolve("bin"), BuildRecord.of(plan, true, "2026-11-30T10:00:00Z", binaries));
        assertThat(check.check(plan, host)).isEmpty();
    }

    @Test
    void aDamagedRecordIsAWarningNamingTheFileNeverAStackTrace() throws Exception {
        Files.writeString(build.resolve("bin").resolve(BuildRecordStore.FILE_NAME), "{ \"format\": 1, \"targets\": [");
        assertThat(check.check(plan, host)).filteredOn(f -> f.id().equals(BuiltBinariesCheck.RECORD)).singleElement()
                .satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.WARNING);
                    assertThat(f.message()).contains(BuildRecordStore.FILE_NAME).contains("not a readable");
                });
    }

    @Test
    void writingReplacesTheRecordWholeAndLeavesNoPartialFile() throws Exception {
        record(plan.withTargets(List.of("gfx1100")));
        record(plan);
        assertThat(store.read(build.resolve("bin")).orElseThrow().targets()).isEqualTo(plan.targets());
        try (var files = Files.list(build.resolve("bin"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".partial"));
        }
    }

}
