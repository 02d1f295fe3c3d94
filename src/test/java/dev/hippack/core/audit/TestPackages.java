package dev.hippack.core.audit;

import dev.hippack.core.audit.pe.PeFixtures;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.Track;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.plan.ReleasePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * Packages laid out as the tree of docs/distribution-rules.md §10, built from the committed sample PE files and tiny
 * kernel files, for the audit's tests: a good one, which each test then breaks in one way.
 */
final class TestPackages {

    static final Catalog CATALOG = CatalogLoader.embedded();

    private TestPackages() { }

    /**
     * A report's findings without those every test package gets: the path-length figures (info,
     * PathLengthCheckTest covers them); the warning that a package has no bill of materials (these
     * packages are laid out here, not staged, and each test then breaks one in one way, which a
     * staged SBOM would report too; SbomCheckTest covers it); and the warning that its executables
     * are unsigned (SignatureCheckTest covers it; the sample's executables carry no signature).
     */
    static List<Finding> withoutStandingFindings(AuditReport r) {
        return r.findings().stream().filter(f -> !(f.id().equals(PathLengthCheck.PATH_LENGTH) && f.severity() == Severity.INFO))
                .filter(f -> !f.id().equals(SbomCheck.SBOM_PRESENT))
                .filter(f -> !f.id().equals(SignatureCheck.SIGN_UNSIGNED))
                .toList();
    }

    static Track track(String id) {
        return CATALOG.track(id).orElseThrow();
    }

    static ReleasePlan plan(String trackId) {
        return ReleasePlan.forTrack(track(trackId)).withSdk(track(trackId).defaultSdkPath());
    }

    /** A complete package for the track's default targets in {@code dir}. */
    static Path good(Path dir, String trackId) throws IOException {
        Track t = track(trackId);
        String gen = "rocm" + t.generation();
        Files.createDirectories(dir);
        for (String f : List.of("audiocpp_cli.exe", "audiocpp_server.exe")) {
            copy(PeFixtures.sample(gen + "/" + f), dir.resolve(f));
        }
        CATALOG.generation(t.generation()).orElseThrow().dlls()
                .forEach(d -> copy(PeFixtures.sample(gen + "/" + d.name()), dir.resolve(d.name())));
        for (String crt : List.of("MSVCP140.dll", "VCRUNTIME140.dll", "VCRUNTIME140_1.dll")) {
            copy(PeFixtures.sample("crt/" + crt), dir.resolve(crt));
        }
        for (String arch : t.targets()) {
            hipblasltFiles(dir, arch);
            if (CATALOG.kernelSizes(trackId, KernelLibrary.ROCBLAS).flatMap(s -> s.arch(arch)).orElseThrow().mib() > 0) {
                rocblasFiles(dir, arch);
            }
        }
        write(dir.resolve("hipblaslt/library/hipblasltTransform.hsaco"));
        write(dir.resolve("hipblaslt/library/hipblasltExtOpLibrary.dat"));
        write(dir.resolve("rocblas/library/TensileManifest.txt"));
        write(dir.resolve("rocblas/library/TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback.dat"));
        Files.writeString(dir.resolve("README.md"), readme(t));
        Files.writeString(dir.resolve("LICENSE"), "MIT License\n\nCopyright (c) the audio.cpp authors\n");
        Files.writeString(dir.resolve(LicenseCheck.NOTICES), notices(dir));
        return dir;
    }

    /** Notices naming every DLL in the folder, as staging writes them. */
    static String notices(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("Third-party notices\r\n");
        try (Stream<Path> files = Files.list(dir)) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.toLowerCase(java.util.Locale.ROOT).endsWith(".dll"))
                    .sorted().forEach(n -> sb.append("   Files: ").append(n).append("\r\n"));
        }
        return sb.toString();
    }

    static void hipblasltFiles(Path dir, String arch) throws IOException {
        Path lib = dir.resolve("hipblaslt/library");
        write(lib.resolve("TensileLibrary_lazy_" + arch + ".dat"));
        write(lib.resolve("Kernels.so-000-" + arch + ".hsaco"));
        write(lib.resolve("extop_" + arch + ".co"));
        write(lib.resolve("TensileLibrary_HH_HH_UA_Type_HH_HPA_Contraction_l_Ailk_Bjlk_Cijk_Dijk_" + arch + ".co"));
        write(lib.resolve("TensileLibrary_HH_HH_UA_Type_HH_HPA_Contraction_l_Ailk_Bjlk_Cijk_Dijk_" + arch + ".dat"));
    }

    static void rocblasFiles(Path dir, String arch) throws IOException {
        Path lib = dir.resolve("rocblas/library");
        write(lib.resolve("TensileLibrary_lazy_" + arch + ".dat"));
        write(lib.resolve("Kernels.so-000-" + arch + ".hsaco"));
        write(lib.resolve("TensileLibrary_Type_HH_Contraction_l_Ailk_Bjlk_Cijk_Dijk_fallback_" + arch + ".hsaco"));
    }

    static String readme(Track t) {
        StringBuilder sb = new StringBuilder();
        sb.append("# audio.cpp for Windows: HIP (ROCm ").append(t.rocmVersion()).append(")\n\n");
        sb.append("GPU targets: ").append(String.join(", ", t.targets())).append("\n\n");
        if (t.generation() == 7) {
            sb.append("RX 7600 series users (gfx1102): use the ROCm 6 package (audiocpp-windows-hip-rocm6).\n\n");
        }
        sb.append("## Requirements\n\n- 64-bit Windows\n- An AMD GPU of the targets above\n- The AMD Adrenalin driver\n\n");
        sb.append("## Quick start\n\n    .\\audiocpp_cli.exe --backend hip --task tts --family <family> --model C:\\models\\m\n");
        return sb.toString();
    }

    static void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    }

    static void copy(Path from, Path to) {
        try {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Zips {@code dir} below one top-level folder, as 'hip-packager zip' does. */
    static Path zip(Path dir, Path zipFile, String rootFolder) throws IOException {
        try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(zipFile);
             Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = rootFolder + "/" + dir.relativize(p).toString().replace('\\', '/');
                ZipArchiveEntry e = new ZipArchiveEntry(name);
                out.putArchiveEntry(e);
                out.write(Files.readAllBytes(p));
                out.closeArchiveEntry();
            }
        }
        return zipFile;
    }
}
