package dev.hippack.core.catalog;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The facts HIP Packager ships with: tracks, the hardware matrix, the DLLs of each ROCm
 * generation and the measured sizes of the guide. It is the source of estimates when no SDK
 * has been scanned. Loaded and checked by {@link CatalogLoader}.
 */
public record Catalog(
        List<Track> tracks,
        List<GpuArchitecture> architectures,
        List<RocmGeneration> generations,
        List<SizedFile> crtDlls,
        List<SizedFile> executables,
        ZipRatio zipRatio,
        List<KernelLibrarySizes> kernelSizes) {

    public Catalog {
        tracks = List.copyOf(tracks);
        architectures = List.copyOf(architectures);
        generations = List.copyOf(generations);
        crtDlls = List.copyOf(crtDlls);
        executables = List.copyOf(executables);
        kernelSizes = List.copyOf(kernelSizes);
    }

    public Optional<Track> track(String id) {
        return tracks.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    public Optional<GpuArchitecture> architecture(String id) {
        return architectures.stream().filter(a -> a.id().equals(id)).findFirst();
    }

    public Optional<RocmGeneration> generation(int major) {
        return generations.stream().filter(g -> g.major() == major).findFirst();
    }

    public Optional<KernelLibrarySizes> kernelSizes(String trackId, KernelLibrary library) {
        return kernelSizes.stream()
                .filter(k -> k.track().equals(trackId) && k.library() == library)
                .findFirst();
    }

    /** The known architecture ids, for messages such as "gfx9999 is unknown; known: ...". */
    public String knownArchitectureIds() {
        return architectures.stream().map(GpuArchitecture::id).collect(Collectors.joining(", "));
    }

    public String knownTrackIds() {
        return tracks.stream().map(Track::id).collect(Collectors.joining(", "));
    }
}
