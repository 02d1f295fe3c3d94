package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.archive.ZipArchiver;
import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit of an untrusted zip reads every entry's data and both of its headers. The hostile
 * zips here are written byte by byte ({@link RawZip}); zips from real tools must pass untouched.
 */
class ZipIntegrityTest {

    private static final String EXE = "pkg/audiocpp_cli.exe";
    private static final String README = "pkg/README.md";

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    private Path staged() throws Exception {
        return TestPackages.good(tmp.resolve("staged"), "rocm6");
    }

    private AuditReport audit(Path zip) throws Exception {
        return auditor.audit(zip, Optional.of(TestPackages.plan("rocm6")));
    }

    private static List<Finding> zipFindings(AuditReport r) {
        return r.findings().stream().filter(f -> f.id().startsWith("zip.")).toList();
    }

    /** A kernel file of the good package, by its entry name. */
    private static String kernelEntry(Path staged) throws Exception {
        try (Stream<Path> s = Files.walk(staged.resolve("rocblas/library"))) {
            Path k = s.filter(Files::isRegularFile).sorted().findFirst().orElseThrow();
            return "pkg/" + staged.relativize(k).toString().replace('\\', '/');
        }
    }

    @Test
    void aTrueRawZipOfTheGoodPackageHasNoFindings() throws Exception {
        Path zip = RawZip.of(staged(), "pkg").write(tmp.resolve("good.zip"));
        assertThat(TestPackages.withoutStandingFindings(audit(zip))).isEmpty();
    }

    @Test
    void aBadCrcInAnExeTheReadmeAndAKernelFileIsAnErrorForEach() throws Exception {
        Path staged = staged();
        RawZip z = RawZip.of(staged, "pkg");
        String kernel = kernelEntry(staged);
        for (String name : List.of(EXE, README, kernel)) {
            RawZip.Entry e = z.entry(name);
            // Headers agree with each other; the data does not match them.
            e.localCrc ^= 0x1;
            e.centralCrc ^= 0x1;
        }
        AuditReport r = audit(z.write(tmp.resolve("crc.zip")));
        assertThat(zipFindings(r)).extracting(Finding::id).containsOnly("zip.corrupt").hasSize(3);
        assertThat(zipFindings(r)).extracting(Finding::file).containsExactlyInAnyOrder(EXE, README, kernel);
        assertThat(zipFindings(r)).allMatch(f -> f.severity() == Severity.ERROR && f.message().contains("CRC"));
        assertThat(r.passed()).isFalse();
    }

    @Test
    void aFlippedByteInStoredDataIsAnError() throws Exception {
        RawZip z = RawZip.of(staged(), "pkg");
        RawZip.Entry readme = z.entry(README);
        readme.method = 0;
        Path zip = z.write(tmp.resolve("flip.zip"));
        byte[] bytes = Files.readAllBytes(zip);
        byte[] text = "Quick start".getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(bytes, text);
        bytes[at] ^= 0x20;
        Files.write(zip, bytes);
        AuditReport r = audit(zip);
        assertThat(zipFindings(r)).extracting(Finding::id, Finding::file).containsExactly(
                org.assertj.core.groups.Tuple.tuple("zip.corrupt", README));
    }

    @Test
    void aLocalHeaderNamingAnotherPathIsAnErrorAndNothingIsWritten() throws Exception {
        RawZip z = RawZip.of(staged(), "pkg");
        z.add("pkg/notes.txt", "harmless in the listing".getBytes(StandardCharsets.US_ASCII)).localName = "../../evil7.txt";
        Path zip = z.write(tmp.resolve("name.zip"));
        List<Path> before = everything();
        AuditReport r = audit(zip);
        assertThat(zipFindings(r)).extracting(Finding::id).containsExactly("zip.header-mismatch");
        Finding f = zipFindings(r).get(0);
        assertThat(f.file()).isEqualTo("pkg/notes.txt");
        assertThat(f.message()).contains("'../../evil7.txt'");
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(everything()).isEqualTo(before);
        assertThat(tmp.getParent().resolve("evil7.txt")).doesNotExist();
    }

    @Test
    void localSizesThatDifferFromTheCentralOnesAreAnError() throws Exception {
        RawZip z = RawZip.of(staged(), "pkg");
        RawZip.Entry exe = z.entry(EXE);
        exe.localSize += 4096;
        RawZip.Entry readme = z.entry(README);
        readme.localCompressed = 3;
        AuditReport r = audit(z.write(tmp.resolve("sizes.zip")));
        assertThat(zipFindings(r)).extracting(Finding::id).containsOnly("zip.header-mismatch").hasSize(2);
        assertThat(zipFindings(r)).extracting(Finding::file).containsExactlyInAnyOrder(EXE, README);
        assertThat(zipFindings(r)).allMatch(f -> f.message().contains("sizes"));
    }

    @Test
    void localFlagsMethodOrCrcThatDifferAreAnError() throws Exception {
        RawZip z = RawZip.of(staged(), "pkg");
        z.entry(EXE).localFlags = 0x0000;
        z.entry(README).localCrc ^= 0xFF;
        AuditReport r = audit(z.write(tmp.resolve("flags.zip")));
        assertThat(zipFindings(r)).extracting(Finding::id).containsOnly("zip.header-mismatch").hasSize(2);
        assertThat(zipFindings(r).stream().filter(f -> f.file().equals(EXE)).findFirst().orElseThrow().message())
                .contains("flags");
        assertThat(zipFindings(r).stream().filter(f -> f.file().equals(README)).findFirst().orElseThrow().message())
                .contains("CRC");
    }

    @Test
    void dataLongerThanItsRecordedSizeIsAnErrorAndReadOnlyToThatSize() throws Exception {
        RawZip z = RawZip.of(staged(), "pkg");
        RawZip.Entry big = z.add("pkg/rocblas/library/TensileManifest2.txt", new byte[32 << 20]);
        big.localSize = 1000;
        big.centralSize = 1000;
        AuditReport r = audit(z.write(tmp.resolve("long.zip")));
        assertThat(zipFindings(r)).extracting(Finding::id).containsExactly("zip.corrupt");
        assertThat(zipFindings(r).get(0).message()).contains("more than the 1000 bytes");
    }

    @Test
    void zipsFromRealToolsPassWholeIncludingDataDescriptors() throws Exception {
        Path staged = staged();
        Path ours = tmp.resolve("ours.zip");
        new ZipArchiver().run(ZipRequest.of(staged, ours, "pkg"), OperationListener.NONE, CancellationToken.none());
        assertThat(zipFindings(audit(ours))).isEmpty();
        Path zipTool = tool("zip");
        Assumptions.assumeTrue(zipTool != null, "Info-ZIP 'zip' is not installed; the data-descriptor case did not run");
        // Writing to a pipe, Info-ZIP cannot seek back: every entry gets a data descriptor.
        Path streamed = tmp.resolve("streamed.zip");
        Process q = new ProcessBuilder(zipTool.toString(), "-q", "-r", "-", staged.getFileName().toString())
                .directory(staged.getParent().toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (var in = q.getInputStream()) {
            Files.copy(in, streamed);
        }
        assertThat(q.waitFor()).isZero();
        try (var zf = org.apache.commons.compress.archivers.zip.ZipFile.builder().setPath(streamed).get()) {
            assertThat(java.util.Collections.list(zf.getEntries()))
                    .as("Info-ZIP writing to a pipe uses data descriptors")
                    .anyMatch(e -> !e.isDirectory() && e.getGeneralPurposeBit().usesDataDescriptor());
        }
        assertThat(zipFindings(audit(streamed))).isEmpty();
    }

    private List<Path> everything() throws Exception {
        try (Stream<Path> s = Files.walk(tmp)) {
            return s.sorted().toList();
        }
    }

    private static Path tool(String name) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .map(d -> Path.of(d, name)).filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("pattern not found");
    }
}
