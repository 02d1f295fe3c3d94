package dev.hippack.core.catalog;

import dev.hippack.core.PackagerException;
import dev.hippack.core.Version;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * The guide's kernel sizes for one track, from the catalog. Lookups are map reads so the
 * estimator can run on every tick of the architecture matrix.
 */
public final class CatalogKernelSizes implements KernelSizes {

    private final String rocmVersion;
    private final Map<KernelLibrary, Map<String, KernelSize>> archs = new EnumMap<>(KernelLibrary.class);
    private final Map<KernelLibrary, KernelLibrarySizes> libraries = new EnumMap<>(KernelLibrary.class);

    private CatalogKernelSizes(Catalog catalog, Track track) {
        this.rocmVersion = track.rocmVersion();
        for (KernelLibrary lib : KernelLibrary.values()) {
            // The loader guarantees every track has sizes for both libraries.
            KernelLibrarySizes sizes = catalog.kernelSizes(track.id(), lib).orElseThrow();
            libraries.put(lib, sizes);
            Map<String, KernelSize> byArch = new HashMap<>();
            for (KernelSize k : sizes.archs()) {
                byArch.put(k.arch(), k);
            }
            archs.put(lib, byArch);
        }
    }

    /** The sizes of a catalog track. */
    public static CatalogKernelSizes forTrack(Catalog catalog, Track track) {
        return new CatalogKernelSizes(catalog, track);
    }

    /**
     * The sizes for a plan's track and ROCm version. A "custom" track borrows the catalog track of
     * the same ROCm version, or else of the same major version (the libraries of one major version
     * are alike; an SDK scan gives the real figures).
     */
    public static CatalogKernelSizes forPlan(Catalog catalog, String trackId, String rocmVersion) throws PackagerException {
        Track track = catalog.track(trackId).orElse(null);
        if (track == null) {
            track = catalog.tracks().stream().filter(t -> t.rocmVersion().equals(rocmVersion)).findFirst()
                    .or(() -> catalog.tracks().stream().filter(t -> t.generation() == major(rocmVersion)).findFirst())
                    .orElseThrow(() -> new PackagerException("The catalog has no kernel sizes for ROCm " + rocmVersion
                            + " (track '" + trackId + "'); it knows the tracks " + catalog.knownTrackIds()
                            + ". Use one of them, or scan the installed SDK."));
        }
        return new CatalogKernelSizes(catalog, track);
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
        return "ROCm " + rocmVersion + " (catalog)";
    }
}
