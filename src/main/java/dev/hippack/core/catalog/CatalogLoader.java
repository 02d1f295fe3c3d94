package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.PackagerException;
import dev.hippack.core.json.StreamingRecordReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the catalog from its JSON resources and checks it whole: unknown keys, missing fields,
 * bad values and cross-references (a track target that is not in the matrix) are errors naming
 * the resource and the JSON path. The JSON is the catalog's only source; it is read with Jackson's
 * streaming parser ({@link StreamingRecordReader}), since data binding would delay the first
 * window (docs/design.md §10.5).
 */
public final class CatalogLoader {

    public static final String TRACKS = "tracks.json";
    public static final String ARCHITECTURES = "architectures.json";
    public static final String RUNTIME = "runtime.json";
    public static final String KERNEL_SIZES = "kernel-sizes.json";

    private final Function<String, InputStream> resources;

    /** @param resources opens a resource by file name, or returns null when it does not exist */
    public CatalogLoader(Function<String, InputStream> resources) {
        this.resources = resources;
    }

    /** The catalog of HIP Packager's own JSON resources, read once per run (a fault of the build if it does not load). */
    private static final class Embedded {
        static final Catalog CATALOG = load();

        private static Catalog load() {
            try {
                return ofResources().load();
            } catch (PackagerException e) {
                throw new IllegalStateException("HIP Packager's own catalog does not load: " + e.getMessage(), e);
            }
        }
    }

    /** The catalog embedded in HIP Packager: its JSON resources, read and checked on first use. */
    public static Catalog embedded() {
        return Embedded.CATALOG;
    }

    /** A loader of the JSON resources under {@code dev/hippack/catalog/}, the catalog's source. */
    public static CatalogLoader ofResources() {
        return new CatalogLoader(name -> CatalogLoader.class.getResourceAsStream("/dev/hippack/catalog/" + name));
    }

    record TracksFile(@JsonProperty(required = true) List<Track> tracks) { }

    record ArchitecturesFile(@JsonProperty(required = true) List<GpuArchitecture> architectures) { }

    record RuntimeFile(
            @JsonProperty(required = true) List<RocmGeneration> generations,
            @JsonProperty(required = true) List<SizedFile> crtDlls,
            @JsonProperty(required = true) List<SizedFile> executables,
            @JsonProperty(required = true) ZipRatio zipRatio) { }

    record KernelSizesFile(@JsonProperty(required = true) List<KernelLibrarySizes> libraries) { }

    public Catalog load() throws PackagerException {
        TracksFile tracks = read(TRACKS, TracksFile.class);
        ArchitecturesFile archs = read(ARCHITECTURES, ArchitecturesFile.class);
        RuntimeFile runtime = read(RUNTIME, RuntimeFile.class);
        KernelSizesFile kernels = read(KERNEL_SIZES, KernelSizesFile.class);
        Catalog catalog = new Catalog(tracks.tracks(), archs.architectures(), runtime.generations(),
                runtime.crtDlls(), runtime.executables(), runtime.zipRatio(), kernels.libraries());
        crossCheck(catalog);
        return catalog;
    }

    private <T extends Record> T read(String name, Class<T> type) throws PackagerException {
        try (InputStream in = resources.apply(name)) {
            if (in == null) {
                throw new PackagerException("Catalog resource " + name + " is missing.");
            }
            return StreamingRecordReader.read(in, type);
        } catch (StreamingRecordReader.Problem e) {
            throw new PackagerException("Catalog resource " + name + (e.getMessage().startsWith("at ") ? ", " : " ") + e.getMessage());
        } catch (IOException e) {
            throw new PackagerException("Catalog resource " + name + " could not be read: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new PackagerException("Catalog resource " + name + " could not be read: " + e.getCause().getMessage());
        }
    }

    private static void crossCheck(Catalog c) throws PackagerException {
        Set<String> archIds = new HashSet<>();
        for (int i = 0; i < c.architectures().size(); i++) {
            if (!archIds.add(c.architectures().get(i).id())) {
                throw new PackagerException("Catalog resource " + ARCHITECTURES + ", at $.architectures[" + i
                        + "].id: " + c.architectures().get(i).id() + " is listed twice");
            }
        }
        Set<String> trackIds = new HashSet<>();
        for (int i = 0; i < c.tracks().size(); i++) {
            Track t = c.tracks().get(i);
            if (!trackIds.add(t.id())) {
                throw new PackagerException("Catalog resource " + TRACKS + ", at $.tracks[" + i + "].id: track " + t.id() + " is listed twice");
            }
            for (int j = 0; j < t.targets().size(); j++) {
                String target = t.targets().get(j);
                if (!archIds.contains(target)) {
                    throw new PackagerException("Catalog resource " + TRACKS + ", at $.tracks[" + i + "].targets[" + j
                            + "]: " + target + " is not in " + ARCHITECTURES);
                }
            }
            if (c.generation(t.generation()).isEmpty()) {
                throw new PackagerException("Catalog resource " + TRACKS + ", at $.tracks[" + i + "].generation: "
                        + RUNTIME + " has no ROCm generation " + t.generation());
            }
            for (KernelLibrary lib : KernelLibrary.values()) {
                KernelLibrarySizes sizes = c.kernelSizesOf(t.rocmVersion(), lib).orElse(null);
                if (sizes == null) {
                    throw new PackagerException("Catalog resource " + KERNEL_SIZES + ", at $.libraries: no "
                            + lib.folder() + " sizes for ROCm " + t.rocmVersion() + " (track " + t.id() + ")");
                }
                for (String arch : archIds) {
                    if (sizes.arch(arch).isEmpty()) {
                        throw new PackagerException("Catalog resource " + KERNEL_SIZES + ", at $.libraries["
                                + c.kernelSizes().indexOf(sizes) + "].archs: no size for " + arch
                                + " (give 0 when the library has no kernels for it)");
                    }
                }
            }
        }
        Set<String> versionAndLibrary = new HashSet<>();
        for (int i = 0; i < c.kernelSizes().size(); i++) {
            KernelLibrarySizes k = c.kernelSizes().get(i);
            if (!versionAndLibrary.add(k.rocmVersion() + "/" + k.library())) {
                throw new PackagerException("Catalog resource " + KERNEL_SIZES + ", at $.libraries[" + i
                        + "]: " + k.library().folder() + " of ROCm " + k.rocmVersion() + " is listed twice");
            }
        }
        Set<Integer> majors = new HashSet<>();
        for (int i = 0; i < c.generations().size(); i++) {
            if (!majors.add(c.generations().get(i).major())) {
                throw new PackagerException("Catalog resource " + RUNTIME + ", at $.generations[" + i
                        + "].major: generation " + c.generations().get(i).major() + " is listed twice");
            }
        }
    }
}
