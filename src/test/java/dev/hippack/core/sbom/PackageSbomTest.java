package dev.hippack.core.sbom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.Sha256;
import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.demo.SampleEnvironment;
import dev.hippack.core.demo.SharedSample;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.profile.ProfileStore;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;
import dev.hippack.core.stage.LayoutPlanner;
import dev.hippack.core.stage.PackageLayout;
import dev.hippack.core.stage.StageRequest;
import dev.hippack.core.stage.StageResult;
import dev.hippack.core.stage.Stager;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cyclonedx.Version;
import org.cyclonedx.exception.ParseException;
import org.cyclonedx.parsers.JsonParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bill of materials of a package staged from the sample machine, held to CycloneDX's schema and to the files. */
class PackageSbomTest {

    @TempDir
    static Path temp;

    static final Catalog CATALOG = CatalogLoader.embedded();
    static SampleEnvironment sample;
    static Path rocm6;

    @BeforeAll
    static void stageTheSample() throws Exception {
        sample = SharedSample.copyTo(temp.resolve("sample"));
        rocm6 = stage("rocm6", "out6");
    }

    private static Path stage(String track, String out) throws Exception {
        ReleasePlan plan = new ProfileStore(CATALOG).load(sample.profile(track));
        PackageLayout layout = new LayoutPlanner(CATALOG).plan(plan, sample.host());
        StageResult staged = new Stager().run(new StageRequest(layout, temp.resolve(out)), OperationListener.NONE,
                CancellationToken.none());
        return staged.packageDir();
    }

    private static SbomReader.Sbom read(Path pkg) throws Exception {
        return new SbomReader().read(Files.readString(pkg.resolve(PackageSbom.FILE_NAME)), "sbom");
    }

    @Test
    void stagedSbomIsValidCycloneDx16() throws Exception {
        byte[] json = Files.readAllBytes(rocm6.resolve(PackageSbom.FILE_NAME));
        List<ParseException> problems = new JsonParser().validate(json, Version.VERSION_16);
        assertThat(problems).extracting(ParseException::getMessage).isEmpty();
        assertThat(new String(json, StandardCharsets.UTF_8)).contains("\"specVersion\" : \"1.6\"");
    }

    @Test
    void schemaValidationRejectsABrokenSbom() throws Exception {
        // the validation above can fail: a component without its required type is refused
        String json = Files.readString(rocm6.resolve(PackageSbom.FILE_NAME)).replaceFirst("\"type\" : \"library\",", "");
        assertThat(new JsonParser().validate(json.getBytes(StandardCharsets.UTF_8), Version.VERSION_16)).isNotEmpty();
    }

    @Test
    void sbomListsEveryStagedFileWithItsHashAndSize() throws Exception {
        Map<String, String> onDisk = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(rocm6)) {
            for (Path p : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList()) {
                String rel = rocm6.relativize(p).toString().replace('\\', '/');
                if (!rel.equals(PackageSbom.FILE_NAME)) {
                    onDisk.put(rel, Sha256.of(p) + " " + Files.size(p));
                }
            }
        }
        Map<String, String> listed = read(rocm6).files().stream().collect(Collectors.toMap(SbomReader.ListedFile::path,
                f -> f.sha256().orElseThrow() + " " + f.bytes().orElseThrow(), (a, b) -> a, TreeMap::new));
        assertThat(listed).isEqualTo(onDisk);
        assertThat(onDisk).containsKeys("audiocpp_cli.exe", "amdhip64_6.dll", "README.md", "THIRD-PARTY-NOTICES.txt");
        assertThat(onDisk.keySet()).anyMatch(p -> p.startsWith("hipblaslt/library/"));
    }

    @Test
    void rocmDllsCarryFileVersionHashAndLicenseFromTheCatalog() throws Exception {
        SbomReader.Sbom sbom = read(rocm6);
        PeReader pe = new PeReader();
        for (String dll : List.of("amdhip64_6.dll", "amd_comgr_2.dll", "hipblas.dll", "rocblas.dll", "hipblaslt.dll")) {
            SbomReader.Part part = sbom.part(PackageSbom.DLL_REF_PREFIX + dll).orElseThrow(() -> new AssertionError(dll));
            assertThat(part.version()).as(dll).isEqualTo(pe.fileVersion(rocm6.resolve(dll)));
            assertThat(part.version()).as(dll).isPresent();
            assertThat(part.sha256()).as(dll).contains(Sha256.of(rocm6.resolve(dll)));
        }
        assertThat(sbom.part(PackageSbom.DLL_REF_PREFIX + "amdhip64_6.dll").orElseThrow().description()).contains("HIP runtime");
        String json = Files.readString(rocm6.resolve(PackageSbom.FILE_NAME));
        assertThat(json).contains("\"id\" : \"MIT\"", "AMD Software End User License Agreement",
                "Microsoft Software License Terms");
        SbomReader.Part kernels = sbom.part(PackageSbom.LIBRARY_REF_PREFIX + "hipblaslt/library").orElseThrow();
        assertThat(kernels.version()).contains("6.4");
        assertThat(kernels.fileCount()).isEqualTo(OptionalLong.of(read(rocm6).files().stream()
                .filter(f -> f.path().startsWith("hipblaslt/library/")).count()));
        SbomReader.Part crt = sbom.parts().stream().filter(p -> p.name().equalsIgnoreCase("VCRUNTIME140.dll")).findFirst()
                .orElseThrow();
        assertThat(crt.version()).contains("14.44.35112.1");
    }

    @Test
    void audiocppIsTheRootsDependencyWithItsVersion() throws Exception {
        SbomReader.Sbom sbom = read(rocm6);
        assertThat(sbom.packageName()).isEqualTo("audiocpp-windows-hip-rocm6");
        assertThat(sbom.part(PackageSbom.AUDIOCPP_REF).orElseThrow().version()).contains("v0.4.3-sample");
        assertThat(sbom.part(PackageSbom.GGML_REF)).isPresent();
    }

    @Test
    void commitAndGgmlVersionComeFromTheFacts(@TempDir Path dir) throws Exception {
        Path checkout = dir.resolve("checkout");
        Files.createDirectories(checkout.resolve("external/ggml"));
        Files.writeString(checkout.resolve("external/ggml/CMakeLists.txt"),
                "project(\"ggml\")\nset(GGML_VERSION_MAJOR 0)\nset(GGML_VERSION_MINOR 9)\nset(GGML_VERSION_PATCH 4)\n");
        ComponentCatalog components = ComponentCatalog.standard();
        Optional<String> ggml = components.ggml().version(checkout);
        assertThat(ggml).contains("0.9.4");
        Path pkg = dir.resolve("pkg");
        Files.createDirectories(pkg);
        Files.copy(PeFixtures.sample("rocm6/hipblas.dll"), pkg.resolve("hipblas.dll"));
        String commit = "0123456789abcdef0123456789abcdef01234567";
        new PackageSbom(components, new PeReader(), "0.1.0").write(pkg, "pkg",
                new SbomFacts(Optional.of("v1.2"), Optional.of(commit), ggml, Optional.of("6.4")));
        SbomReader.Sbom sbom = read(pkg);
        assertThat(sbom.part(PackageSbom.AUDIOCPP_REF).orElseThrow().commit()).contains(commit);
        assertThat(sbom.part(PackageSbom.GGML_REF).orElseThrow().version()).contains("0.9.4");
        assertThat(new JsonParser().validate(Files.readAllBytes(pkg.resolve(PackageSbom.FILE_NAME)), Version.VERSION_16)).isEmpty();
    }

    @Test
    void sameFilesGiveTheSameSbomByteForByte() throws Exception {
        Path again = stage("rocm6", "again6");
        assertThat(Files.readString(again.resolve(PackageSbom.FILE_NAME)))
                .isEqualTo(Files.readString(rocm6.resolve(PackageSbom.FILE_NAME)))
                .doesNotContain("timestamp")
                .containsPattern("\"serialNumber\" : \"urn:uuid:[0-9a-f-]{36}\"");
    }
}
