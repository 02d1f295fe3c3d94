package dev.hippack.core.sbom;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.cyclonedx.Version;
import org.cyclonedx.exception.GeneratorException;
import org.cyclonedx.generators.BomGeneratorFactory;
import org.cyclonedx.model.Bom;
import org.cyclonedx.model.Commit;
import org.cyclonedx.model.Component;
import org.cyclonedx.model.Dependency;
import org.cyclonedx.model.Hash;
import org.cyclonedx.model.License;
import org.cyclonedx.model.LicenseChoice;
import org.cyclonedx.model.Metadata;
import org.cyclonedx.model.OrganizationalEntity;
import org.cyclonedx.model.Pedigree;
import org.cyclonedx.model.Property;
import org.cyclonedx.model.metadata.ToolInformation;

/**
 * Writes a package's bill of materials, {@value #FILE_NAME}, CycloneDX 1.6 JSON, from the files of
 * a staged folder:
 * <ul>
 *   <li>the package as the root component ({@code metadata.component});</li>
 *   <li>audio.cpp with its version and commit (a pedigree commit), and the ggml it vendors;</li>
 *   <li>each DLL of a component of {@link ComponentCatalog} (the ROCm DLLs, the C++ runtime) with
 *       its file version, SHA-256, supplier and license; each kernel library as one component,
 *       at the SDK's ROCm version;</li>
 *   <li>every file of the package (type {@code file}, named by its path) with its SHA-256 and its
 *       size ({@value #BYTES_PROPERTY}), which the audit compares with the package.</li>
 * </ul>
 * The output is a function of the files and the facts alone, so a package staged twice from the
 * same files has the same SBOM and zips byte for byte the same: no timestamp, and a serial number
 * that is a name-based UUID of the document itself (docs/design.md §11).
 */
public final class PackageSbom {

    public static final String FILE_NAME = "sbom.cdx.json";
    /** The size in bytes of a file component, which the audit compares without reading the file. */
    public static final String BYTES_PROPERTY = "hip-packager:bytes";
    /** The folder of a kernel library component, and the number of its files. */
    public static final String FOLDER_PROPERTY = "hip-packager:folder";
    public static final String FILE_COUNT_PROPERTY = "hip-packager:files";
    /** The package file a DLL component is. */
    public static final String FILE_PROPERTY = "hip-packager:file";

    /** The largest SBOM read back: a few hundred bytes a file, so room for some 100,000 files. */
    public static final int MAX_BYTES = 64 << 20;

    static final String PACKAGE_REF = "package";
    static final String AUDIOCPP_REF = "audio.cpp";
    static final String GGML_REF = "ggml";
    static final String FILE_REF_PREFIX = "file:";
    static final String DLL_REF_PREFIX = "component:";
    static final String LIBRARY_REF_PREFIX = "library:";

    private final ComponentCatalog catalog;
    private final PeReader peReader;
    private final String toolVersion;

    /** The SBOM of HIP Packager's component catalog, naming the version Maven wrote into {@code version.properties}. */
    public static PackageSbom standard() {
        String version = "unknown";
        try (InputStream in = PackageSbom.class.getResourceAsStream("/dev/hippack/version.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                version = p.getProperty("version", version);
            }
        } catch (IOException e) {
            // the tool is then named without its version: the SBOM is still whole
        }
        return new PackageSbom(ComponentCatalog.standard(), new PeReader(), version);
    }

    /**
     * @param toolVersion HIP Packager's version, named as the tool that wrote the SBOM
     */
    public PackageSbom(ComponentCatalog catalog, PeReader peReader, String toolVersion) {
        this.catalog = catalog;
        this.peReader = peReader;
        this.toolVersion = toolVersion;
    }

    /**
     * Writes {@value #FILE_NAME} into {@code packageDir} for every file already in it (an earlier
     * SBOM excepted), and returns its path.
     */
    public Path write(Path packageDir, String packageName, SbomFacts facts) throws PackagerException {
        String json = json(packageDir, packageName, facts);
        Path out = packageDir.resolve(FILE_NAME);
        try {
            Files.writeString(out, json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PackagerException("Could not write " + out + ": " + e.getMessage() + ". Check that the folder is writable.", e);
        }
        return out;
    }

    /**
     * The name of a package's SBOM beside its zip: {@code <zip name without .zip>.sbom.cdx.json},
     * apart from every other package's in the same folder.
     */
    public static String besideZipName(String zipFileName) {
        String base = zipFileName.toLowerCase(Locale.ROOT).endsWith(".zip") ? zipFileName.substring(0, zipFileName.length() - 4)
                : zipFileName;
        return base + ".sbom.cdx.json";
    }

    /**
     * Copies the SBOM inside {@code zip} (in its top-level folder, or at its root) beside it as
     * {@link #besideZipName}, replacing an earlier copy; empty when the zip holds none (a package
     * made before HIP Packager wrote SBOMs: its audit says so).
     */
    public static Optional<Path> copyBesideZip(Path zip) throws PackagerException {
        Path out = zip.resolveSibling(besideZipName(zip.getFileName().toString()));
        try (ZipFile z = new ZipFile(zip.toFile())) {
            ZipEntry entry = z.stream()
                    .filter(e -> !e.isDirectory() && (e.getName().equals(FILE_NAME)
                            || e.getName().endsWith("/" + FILE_NAME) && e.getName().indexOf('/') == e.getName().length() - FILE_NAME.length() - 1))
                    .findFirst().orElse(null);
            if (entry == null) {
                return Optional.empty();
            }
            byte[] json;
            try (InputStream in = z.getInputStream(entry)) {
                json = in.readNBytes(MAX_BYTES + 1);
            }
            if (json.length > MAX_BYTES) {
                throw new PackagerException(zip + " holds an " + FILE_NAME + " larger than " + (MAX_BYTES >> 20)
                        + " MiB, more than any package has: make the zip again from a staged folder.");
            }
            AtomicFile.write(out, json, true, WriteChannels.DEFAULT);
            return Optional.of(out);
        } catch (UnsafeTargetException e) {
            throw new PackagerException(out + " " + e.reason()
                    + ". Remove it or choose another output folder.");
        } catch (IOException e) {
            throw new PackagerException("Could not copy the bill of materials out of " + zip + ": " + e.getMessage()
                    + ". Check that the zip is whole and the folder is writable.", e);
        }
    }

    /** The SBOM of the files in {@code packageDir}, as JSON text. */
    public String json(Path packageDir, String packageName, SbomFacts facts) throws PackagerException {
        List<PackageFile> files = files(packageDir);
        Bom bom = bom(packageName, facts, files);
        String unnumbered = generate(bom);
        // The serial number names this document: derived from its own content, it stays the same
        // for the same files and facts, and changes when anything in it does.
        bom.setSerialNumber("urn:uuid:" + UUID.nameUUIDFromBytes(unnumbered.getBytes(StandardCharsets.UTF_8)));
        return generate(bom) + "\n";
    }

    private record PackageFile(String path, Path file, long bytes, String sha256) { }

    private static List<PackageFile> files(Path packageDir) throws PackagerException {
        List<PackageFile> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(packageDir)) {
            List<Path> paths = walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList();
            for (Path p : paths) {
                String rel = packageDir.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
                if (rel.equals(FILE_NAME)) {
                    continue;
                }
                out.add(new PackageFile(rel, p, Files.size(p), Sha256.of(p)));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new PackagerException("Could not read the files of " + packageDir + " for its bill of materials: "
                    + e.getMessage(), e);
        }
        out.sort((a, b) -> a.path().compareTo(b.path()));
        return out;
    }

    private Bom bom(String packageName, SbomFacts facts, List<PackageFile> files) throws PackagerException {
        Bom bom = new Bom();
        Metadata metadata = new Metadata();
        // Metadata starts with the time it was made; a timestamp would make every staging differ.
        metadata.setTimestamp(null);
        Component root = component(Component.Type.APPLICATION, PACKAGE_REF, packageName);
        facts.audiocppVersion().ifPresent(root::setVersion);
        root.setDescription("audio.cpp for AMD GPUs on Windows (HIP/ROCm), packaged by HIP Packager");
        metadata.setComponent(root);
        Component tool = component(Component.Type.APPLICATION, "hip-packager", "HIP Packager");
        tool.setVersion(toolVersion);
        ToolInformation tools = new ToolInformation();
        tools.setComponents(List.of(tool));
        metadata.setToolChoice(tools);
        bom.setMetadata(metadata);

        List<Component> components = new ArrayList<>();
        List<String> rootDependsOn = new ArrayList<>();
        Component audiocpp = component(Component.Type.APPLICATION, AUDIOCPP_REF, "audio.cpp");
        facts.audiocppVersion().ifPresent(audiocpp::setVersion);
        audiocpp.setLicenses(licenses(catalog.audiocpp()));
        facts.audiocppCommit().ifPresent(commit -> {
            Commit c = new Commit();
            c.setUid(commit);
            Pedigree pedigree = new Pedigree();
            pedigree.setCommits(List.of(c));
            audiocpp.setPedigree(pedigree);
        });
        components.add(audiocpp);
        rootDependsOn.add(AUDIOCPP_REF);
        Component ggml = component(Component.Type.LIBRARY, GGML_REF, "ggml");
        facts.ggmlVersion().ifPresent(ggml::setVersion);
        ggml.setLicenses(licenses(catalog.ggml().license()));
        ggml.setDescription("vendored in audio.cpp (" + catalog.ggml().folder() + "), linked into its executables");
        components.add(ggml);

        Map<ComponentCatalog.Rule, List<PackageFile>> folders = new LinkedHashMap<>();
        for (PackageFile f : files) {
            Optional<ComponentCatalog.Rule> rule = catalog.componentOf(f.path());
            if (rule.isEmpty()) {
                continue;
            }
            if (rule.get().folder()) {
                folders.computeIfAbsent(rule.get(), r -> new ArrayList<>()).add(f);
                continue;
            }
            Component dll = component(Component.Type.LIBRARY, DLL_REF_PREFIX + f.path(), f.path());
            dll.setDescription(rule.get().name());
            dll.setSupplier(supplier(rule.get().supplier()));
            fileVersion(f).ifPresent(dll::setVersion);
            dll.setHashes(List.of(new Hash(Hash.Algorithm.SHA_256, f.sha256())));
            dll.setLicenses(licenses(rule.get().license()));
            dll.setProperties(List.of(property(FILE_PROPERTY, f.path())));
            components.add(dll);
            rootDependsOn.add(dll.getBomRef());
        }
        for (Map.Entry<ComponentCatalog.Rule, List<PackageFile>> e : folders.entrySet()) {
            ComponentCatalog.Rule rule = e.getKey();
            Component library = component(Component.Type.LIBRARY, LIBRARY_REF_PREFIX + rule.folderPath(), rule.name());
            facts.rocmVersion().ifPresent(library::setVersion);
            library.setSupplier(supplier(rule.supplier()));
            library.setLicenses(licenses(rule.license()));
            library.setProperties(List.of(property(FOLDER_PROPERTY, rule.folderPath()),
                    property(FILE_COUNT_PROPERTY, Integer.toString(e.getValue().size()))));
            components.add(library);
            rootDependsOn.add(library.getBomRef());
        }
        for (PackageFile f : files) {
            Component file = component(Component.Type.FILE, FILE_REF_PREFIX + f.path(), f.path());
            file.setHashes(List.of(new Hash(Hash.Algorithm.SHA_256, f.sha256())));
            file.setProperties(List.of(property(BYTES_PROPERTY, Long.toString(f.bytes()))));
            components.add(file);
        }
        bom.setComponents(components);

        Dependency rootDependency = new Dependency(PACKAGE_REF);
        rootDependsOn.forEach(ref -> rootDependency.addDependency(new Dependency(ref)));
        Dependency audiocppDependency = new Dependency(AUDIOCPP_REF);
        audiocppDependency.addDependency(new Dependency(GGML_REF));
        bom.setDependencies(List.of(rootDependency, audiocppDependency));
        return bom;
    }

    private Optional<String> fileVersion(PackageFile f) throws PackagerException {
        String lower = f.path().toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".dll") && !lower.endsWith(".exe")) {
            return Optional.empty();
        }
        try {
            return peReader.fileVersion(f.file());
        } catch (PeFormatException e) {
            throw new PackagerException(f.file() + " has an unreadable version resource (" + e.getMessage()
                    + "), so the bill of materials cannot name its version. Stage the package again from intact files.", e);
        }
    }

    private static Component component(Component.Type type, String ref, String name) {
        Component c = new Component();
        c.setType(type);
        c.setBomRef(ref);
        c.setName(name);
        return c;
    }

    private static OrganizationalEntity supplier(String name) {
        OrganizationalEntity e = new OrganizationalEntity();
        e.setName(name);
        return e;
    }

    private static Property property(String name, String value) {
        Property p = new Property();
        p.setName(name);
        p.setValue(value);
        return p;
    }

    private static LicenseChoice licenses(ComponentCatalog.License license) {
        License l = new License();
        license.id().ifPresent(l::setId);
        license.name().ifPresent(l::setName);
        LicenseChoice choice = new LicenseChoice();
        choice.addLicense(l);
        return choice;
    }

    private static String generate(Bom bom) throws PackagerException {
        try {
            return BomGeneratorFactory.createJson(Version.VERSION_16, bom).toJsonString();
        } catch (GeneratorException e) {
            throw new PackagerException("Could not write the bill of materials: " + e.getMessage(), e);
        }
    }
}
