package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.sbom.ComponentCatalog;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.sbom.SbomFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit's sbom.present and sbom.files on a package with its SBOM, and broken after it was written. */
class SbomCheckTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    /** The good package with its bill of materials, written as staging writes it. */
    private Path withSbom() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("pkg"), "rocm6");
        new PackageSbom(ComponentCatalog.standard(), new PeReader(), "test").write(pkg, "pkg", SbomFacts.unknown());
        return pkg;
    }

    private List<Finding> sbomFindings(Path pkg) throws Exception {
        return auditor.audit(pkg, Optional.of(TestPackages.plan("rocm6"))).findings().stream()
                .filter(f -> f.id().startsWith("sbom.")).toList();
    }

    @Test
    void packageWithItsSbomHasNoSbomFinding() throws Exception {
        assertThat(sbomFindings(withSbom())).isEmpty();
    }

    @Test
    void zipOfThePackageWithItsSbomHasNoSbomFinding() throws Exception {
        Path zip = TestPackages.zip(withSbom(), tmp.resolve("pkg.zip"), "pkg");
        assertThat(sbomFindings(zip)).isEmpty();
    }

    @Test
    void packageWithoutSbomIsAWarning() throws Exception {
        Path pkg = TestPackages.good(tmp.resolve("bare"), "rocm6");
        assertThat(sbomFindings(pkg)).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(SbomCheck.SBOM_PRESENT);
            assertThat(f.severity()).isEqualTo(Severity.WARNING);
            assertThat(f.file()).isEqualTo(PackageSbom.FILE_NAME);
        });
    }

    @Test
    void fileAddedAfterTheSbomIsAnError() throws Exception {
        Path pkg = withSbom();
        Files.writeString(pkg.resolve("extra.txt"), "put in by hand");
        assertThat(sbomFindings(pkg)).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(SbomCheck.SBOM_FILES);
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.message()).contains("does not list extra.txt");
        });
    }

    @Test
    void fileRemovedAfterTheSbomIsAnError() throws Exception {
        Path pkg = withSbom();
        Files.delete(pkg.resolve("hipblaslt/library/hipblasltTransform.hsaco"));
        assertThat(sbomFindings(pkg)).extracting(Finding::message)
                .containsExactly(PackageSbom.FILE_NAME + " lists hipblaslt\\library\\hipblasltTransform.hsaco, which the package"
                        + " does not hold.");
    }

    @Test
    void fileReplacedByOneOfAnotherSizeIsAnErrorInTheZipToo() throws Exception {
        Path pkg = withSbom();
        Files.writeString(pkg.resolve("LICENSE"), "another license text, longer than the one the SBOM was made from\n");
        assertThat(sbomFindings(pkg)).extracting(Finding::id).containsExactly(SbomCheck.SBOM_FILES);
        Path zip = TestPackages.zip(pkg, tmp.resolve("pkg.zip"), "pkg");
        assertThat(sbomFindings(zip)).singleElement().satisfies(f -> assertThat(f.message()).contains("LICENSE (",
                "bytes, the SBOM says"));
    }

    @Test
    void sbomThatIsNotCycloneDxIsAnError() throws Exception {
        Path pkg = withSbom();
        Files.writeString(pkg.resolve(PackageSbom.FILE_NAME), "{\"files\": []}");
        assertThat(sbomFindings(pkg)).singleElement().satisfies(f -> {
            assertThat(f.id()).isEqualTo(SbomCheck.SBOM_FILES);
            assertThat(f.message()).contains("is not a CycloneDX SBOM");
        });
        Files.writeString(pkg.resolve(PackageSbom.FILE_NAME), "{ not json");
        assertThat(sbomFindings(pkg)).singleElement().satisfies(f -> assertThat(f.message()).contains("is not valid JSON"));
    }
}
