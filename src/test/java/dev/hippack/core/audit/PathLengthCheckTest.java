package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit's path-length figures and their warning and error, on real package folders (issue 33 §4). */
class PathLengthCheckTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    private List<Finding> pathFindings(Path pkg) throws Exception {
        return auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))).findings().stream()
                .filter(f -> f.id().equals(PathLengthCheck.PATH_LENGTH)).toList();
    }

    /** The longest path users get (the first in name order among equals), counted here from the folder itself. */
    private static String longestPath(Path pkg) throws Exception {
        try (Stream<Path> walk = Files.walk(pkg)) {
            return walk.filter(Files::isRegularFile).map(p -> pkg.getFileName() + "\\" + pkg.relativize(p).toString().replace('/', '\\'))
                    .sorted().max(Comparator.comparingInt(String::length)).orElseThrow();
        }
    }

    @Test
    void aGoodPackageReportsItsLongestPathAndTheFolderItAllowsAsInfo() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
        String longest = longestPath(pkg);
        int byMaxPath = 259 - 1 - longest.length();
        int byRocblas = 174 - 1 - "audiocpp-windows-hip-rocm6".length();
        List<Finding> findings = pathFindings(pkg);
        assertThat(findings).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.severity()).isEqualTo(Severity.INFO);
        assertThat(f.message()).contains("The longest path is " + longest.length() + " characters (a file in "
                        + longest.substring(0, longest.lastIndexOf('\\')) + ")")
                .contains("at most " + Math.min(byMaxPath, byRocblas) + " characters")
                .contains(byMaxPath + " by Windows' 260-character MAX_PATH").contains(byRocblas + " by the 174-character depth");
    }

    @Test
    void aLongPackageNameIsAWarningNamingTheFix() throws Exception {
        String name = "audiocpp-windows-hip-rocm6-" + "x".repeat(70);
        Path pkg = TestPackages.good(tmp.resolve(name), "rocm6");
        List<Finding> findings = pathFindings(pkg);
        assertThat(findings).extracting(Finding::severity).containsExactly(Severity.WARNING);
        assertThat(findings.get(0).message()).contains("Explorer's \"Extract All\"").contains("up to " + (40 + name.length()));
        assertThat(findings.get(0).fix()).contains("archiveName, now " + name.length() + " characters").contains("C:\\audiocpp");
    }

    @Test
    void aPathNoFolderCanHoldIsAnError() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("audiocpp-windows-hip-rocm6"), "rocm6");
        Path deep = pkg.resolve("hipblaslt/library/" + "k".repeat(200) + ".dat");
        Files.writeString(deep, "x");
        List<Finding> findings = pathFindings(pkg);
        assertThat(findings).extracting(Finding::severity).containsExactly(Severity.ERROR);
        assertThat(findings.get(0).message()).contains("Not even C:\\audiocpp fits").contains("k".repeat(200));
    }

    @Test
    void theLimitsCountTheTopFolderAndBothBounds() {
        PathLimits inFolder = new PathLimits("pkg", "rocblas\\library\\" + "a".repeat(100));
        assertThat(inFolder.longestPath()).isEqualTo("pkg\\rocblas\\library\\" + "a".repeat(100));
        assertThat(inFolder.byMaxPath()).isEqualTo(259 - 1 - 120);
        assertThat(inFolder.byRocblasDepth()).isEqualTo(174 - 4);
        assertThat(inFolder.allowedRoot()).isEqualTo(138);
        PathLimits flat = new PathLimits("", "a.dll");
        assertThat(flat.longestPath()).isEqualTo("a.dll");
        assertThat(flat.allowedRoot()).isEqualTo(174);
        assertThat(flat.explorerDefaultRoot()).isEqualTo(40);
        assertThat(inFolder.advice()).contains("`C:\\audiocpp` (at most 138 characters)").contains("longest path is 120 characters");
    }
}
