package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The analyzer on recorded build logs. */
class BuildLogAnalyzerTest {

    private static final String SDK64 = "C:\\Program Files\\AMD\\ROCm\\6.4";
    private static final String SDK71 = "C:\\Program Files\\AMD\\ROCm\\7.1";

    private final List<String> statuses = new ArrayList<>();
    private final List<long[]> progress = new ArrayList<>();
    private final List<LogLine> forwarded = new ArrayList<>();
    private final OperationListener sink = new OperationListener() {
        @Override public void progress(long done, long total) {
            progress.add(new long[] {done, total});
        }
        @Override public void status(String text) {
            statuses.add(text);
        }
        @Override public void log(LogLine line) {
            forwarded.add(line);
        }
    };

    private BuildLogAnalyzer feed(String log, String sdk) throws IOException {
        BuildLogAnalyzer analyzer = new BuildLogAnalyzer(sink, "audiocpp_cli", sdk);
        try (InputStream in = getClass().getResourceAsStream("logs/" + log)) {
            for (String text : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                analyzer.log(new LogLine(Instant.now(), LogLine.Level.INFO, LogLine.Source.STDOUT, text));
            }
        }
        return analyzer;
    }

    private static List<String> ids(BuildLogAnalyzer a) {
        return a.findings().stream().map(Finding::id).toList();
    }

    @Test
    void ninjaLinesDriveProgressAndPhasesAreToldApart() throws IOException {
        BuildLogAnalyzer a = feed("success-cli.log", SDK64);

        assertThat(a.findings()).isEmpty();
        assertThat(progress).extracting(p -> p[0] + "/" + p[1]).containsSubsequence("0/-1", "1/4", "2/4", "3/4", "4/4");
        assertThat(statuses).anySatisfy(s -> assertThat(s).startsWith("audiocpp_cli: configuring with cmake"));
        assertThat(statuses).contains("audiocpp_cli: compiling 2 of 4 (mmq.cu.obj)");
        assertThat(statuses).last().isEqualTo("audiocpp_cli: linking 4 of 4 (audiocpp_cli.exe)");
        assertThat(a.phase()).isEqualTo(BuildPhase.LINK);
        assertThat(forwarded).hasSize(25);
    }

    @Test
    void msvc1451CmathErrorBecomesTheToolsetFinding() throws IOException {
        BuildLogAnalyzer a = feed("msvc-cmath.log", SDK71);

        assertThat(a.findings()).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo("toolset.msvc");
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.fix()).contains("-vcvars_ver=14.44");
            assertThat(f.message()).contains("seen on 3 lines");
        });
        assertThat(a.tail()).last().isEqualTo("ninja: build stopped: subcommand failed.");
    }

    @Test
    void missingCmakeAndNinjaAreNamed() throws IOException {
        assertThat(feed("cmake-missing.log", SDK64).findings()).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("cmake was not found"));
        assertThat(feed("ninja-missing.log", SDK64).findings()).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("ninja was not found"));
    }

    @Test
    void missingHipblasltIsNamed() throws IOException {
        assertThat(ids(feed("hipblaslt-missing.log", SDK64))).containsExactly("build.hipblaslt");
    }

    @Test
    void aCompilerOutsideTheSdkIsReportedWithItsPath() throws IOException {
        BuildLogAnalyzer a = feed("compiler-outside-sdk.log", SDK64);
        assertThat(a.findings()).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo("build.compiler");
            assertThat(f.file()).isEqualTo("C:/Program Files/LLVM/bin/clang.exe");
            assertThat(f.fix()).contains("CMakeCache.txt");
        });
        assertThat(feed("success-cli.log", SDK64.toLowerCase() + "\\").findings()).isEmpty();
    }

    @Test
    void groupPolicyRefusingTheScriptSaysWhatToAskTheAdministratorFor() throws IOException {
        for (String log : List.of("execution-policy-restricted.log", "execution-policy-allsigned.log")) {
            assertThat(feed(log, SDK64).findings()).as(log).singleElement().satisfies(f -> {
                assertThat(f.id()).isEqualTo(FailureSignature.BUILD_POLICY);
                assertThat(f.severity()).isEqualTo(Severity.ERROR);
                assertThat(f.message()).contains("Group Policy", "-ExecutionPolicy Bypass");
                assertThat(f.fix()).contains("administrator", "Turn on Script Execution", "Unblock-File");
            });
        }
    }

    @Test
    void modelSpecNotFoundPointsToDeploymentBuild() throws IOException {
        assertThat(feed("model-spec.log", SDK64).findings()).singleElement()
                .satisfies(f -> assertThat(f.fix()).contains("-DeploymentBuild"));
    }

    @Test
    void ourOwnLinesAreNotReadAsBuildOutput() {
        BuildLogAnalyzer a = new BuildLogAnalyzer(sink, "audiocpp_cli", SDK64);
        a.log(LogLine.info("checking for 'isgreater' cannot overload in the log"));
        assertThat(a.findings()).isEmpty();
        assertThat(a.tail()).isEmpty();
    }

    @Test
    void tailStaysBounded() {
        BuildLogAnalyzer a = new BuildLogAnalyzer(sink, "x", null);
        for (int i = 0; i < 1000; i++) {
            a.log(new LogLine(Instant.now(), LogLine.Level.INFO, LogLine.Source.STDERR, "line " + i));
        }
        assertThat(a.tail()).hasSize(BuildLogAnalyzer.TAIL_LINES).last().isEqualTo("line 999");
    }
}
