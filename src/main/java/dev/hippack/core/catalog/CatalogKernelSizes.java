package dev.hippack.core.catalog;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The measured kernel sizes of one ROCm version (docs/distribution-rules.md §9), from the catalog. Lookups are map reads so the
 * estimator can run on every tick of the architecture matrix. Which architectures have kernels
 * is a fact of the ROCm version, so a custom selection on ROCm 6.4 is judged exactly like the
 * rocm6 preset.
 */
public final class CatalogKernelSizes implements KernelSizes {

    private final String rocmVersion;
    private final String describedAs;
    private final Map<KernelLibrary, Map<String, KernelSize>> archs = new EnumMap<>(KernelLibrary.class);
    private final Map<KernelLibrary, KernelLibrarySizes> libraries = new EnumMap<>(KernelLibrary.class);

    private CatalogKernelSizes(Catalog catalog, String sizesVersion, String askedVersion) {
        this.rocmVersion = sizesVersion;
        this.describedAs = sizesVersion.equals(askedVersion) ? "ROCm " + sizesVersion + " (catalog)"
                : "ROCm " + sizesVersion + " (catalog figures, standing in for ROCm " + askedVersion + ")";
        for (KernelLibrary lib : KernelLibrary.values()) {
            // The loader guarantees every track's ROCm version has sizes for both libraries.
            KernelLibrarySizes sizes = catalog.kernelSizesOf(sizesVersion, lib).orElseThrow();
            libraries.put(lib, sizes);
            Map<String, KernelSize> byArch = new HashMap<>();
            for (KernelSize k : sizes.archs()) {
                byArch.put(k.arch(), k);
            }
            archs.put(lib, byArch);
        }
    }

    /** The sizes of a catalog track's ROCm version. */
    public static CatalogKernelSizes forTrack(Catalog catalog, Track track) {
        return new CatalogKernelSizes(catalog, track.rocmVersion(), track.rocmVersion());
    }

    /**
     * The sizes for ROCm {@code rocmVersion} ("6.4"), whatever the track. A version the catalog
     * has not measured borrows a measured version of the same major (the libraries of one major
     * version are alike; an SDK scan gives the real figures), and says so in {@link #describe()}.
     *
     * @throws PackagerException when the catalog knows no version of that major
     */
    public static CatalogKernelSizes forRocmVersion(Catalog catalog, String rocmVersion) throws PackagerException {
        if (catalog.kernelSizesOf(rocmVersion, KernelLibrary.ROCBLAS).isPresent()
                && catalog.kernelSizesOf(rocmVersion, KernelLibrary.HIPBLASLT).isPresent()) {
            return new CatalogKernelSizes(catalog, rocmVersion, rocmVersion);
        }
        int major = major(rocmVersion);
        String borrowed = catalog.tracks().stream().filter(t -> t.generation() == major).map(Track::rocmVersion)
                .findFirst()
                .orElseThrow(() -> new PackagerException("The catalog has no kernel sizes for ROCm " + rocmVersion
                        + "; it knows ROCm " + catalog.tracks().stream().map(Track::rocmVersion).distinct().toList()
                        + ". Use one of those SDKs, or scan the installed SDK."));
        return new CatalogKernelSizes(catalog, borrowed, rocmVersion);
    }

    /** The ROCm version whose figures these are. */
    public String rocmVersion() {
        return rocmVersion;
    }

    private static int major(String version) {
        return Version.tryParse(version).map(Version::major).orElse(-1);
    }

    @Override
    public String source() {
        return CATALOG;
    }

    @Override
    public long archBytes(KernelLibrary library, String arch) {
        KernelSize k = archs.get(library).get(arch);
        return k == null ? 0 : k.bytes();
    }

    @Override
    public long archlessBytes(KernelLibrary library) {
        return libraries.get(library).archlessBytes();
    }

    @Override
    public boolean hasKernels(KernelLibrary library, String arch) {
        KernelSize k = archs.get(library).get(arch);
        return k != null && k.hasKernels();
    }

    @Override
    public boolean archDerived(KernelLibrary library, String arch) {
        KernelSize k = archs.get(library).get(arch);
        return k != null && k.derived();
    }

    @Override
    public boolean archlessDerived(KernelLibrary library) {
        return libraries.get(library).archlessDerived();
    }

    @Override
    public String describe() {
        return describedAs;
    }
}
