package dev.hippack.core.catalog;

import dev.hippack.core.Version;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The facts HIP Packager ships with: tracks, the hardware matrix, the DLLs of each ROCm
 * generation and the measured sizes (docs/distribution-rules.md). It is the source of estimates when no SDK
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

    /**
     * What a package built for track {@code trackId} with ROCm {@code rocmVersion} needs of
     * Windows: its track's requirement, and for a custom plan that of the track with the highest
     * ROCm version not above its own (a ROCm 7.2 package is as Windows 11-only as 7.1's; AMD only
     * narrows the list), else of the oldest track.
     */
    public String windowsRequirement(String trackId, String rocmVersion) {
        Optional<Track> own = track(trackId);
        if (own.isPresent()) {
            return own.get().windowsRequirement();
        }
        Optional<Version> v = Version.tryParse(rocmVersion);
        Comparator<Track> byVersion = Comparator.comparing(t -> Version.parse(t.rocmVersion()));
        Optional<Track> nearest = v.flatMap(version -> tracks.stream()
                .filter(t -> Version.parse(t.rocmVersion()).compareTo(version.majorMinor()) <= 0).max(byVersion));
        return nearest.or(() -> tracks.stream().min(byVersion)).map(Track::windowsRequirement).orElse("64-bit Windows");
    }

    /**
     * The "not verified on hardware" sentence for a package of track {@code trackId} built with
     * ROCm {@code rocmVersion}: its own track's, or for a custom plan that of the track of the same
     * ROCm version, since the inferred facts belong to the SDK, not to the selection. Empty when
     * that track's facts are all read or reported.
     */
    public Optional<String> hardwareCaveat(String trackId, String rocmVersion) {
        return track(trackId).or(() -> tracks.stream().filter(t -> t.rocmVersion().equals(rocmVersion)).findFirst())
                .flatMap(Track::hardwareCaveat);
    }

    public Optional<GpuArchitecture> architecture(String id) {
        return architectures.stream().filter(a -> a.id().equals(id)).findFirst();
    }

    public Optional<RocmGeneration> generation(int major) {
        return generations.stream().filter(g -> g.major() == major).findFirst();
    }

    /** The measured sizes of {@code library} in ROCm {@code rocmVersion} ("6.4"), if the catalog has them. */
    public Optional<KernelLibrarySizes> kernelSizesOf(String rocmVersion, KernelLibrary library) {
        return kernelSizes.stream()
                .filter(k -> k.rocmVersion().equals(rocmVersion) && k.library() == library)
                .findFirst();
    }

    /** The sizes of {@code library} in the ROCm version of track {@code trackId}; empty for an unknown track. */
    public Optional<KernelLibrarySizes> kernelSizes(String trackId, KernelLibrary library) {
        return track(trackId).flatMap(t -> kernelSizesOf(t.rocmVersion(), library));
    }

    /** The DLLs opened at run time by {@code loader} (a file name), in any generation; empty for most DLLs. */
    public List<RuntimeLoadedDll> loadedAtRunTimeBy(String loader) {
        return generations.stream().flatMap(g -> g.loadedBy(loader).stream()).toList();
    }

    /** The known architecture ids, for messages such as "gfx9999 is unknown; known: ...". */
    public String knownArchitectureIds() {
        return architectures.stream().map(GpuArchitecture::id).collect(Collectors.joining(", "));
    }

    public String knownTrackIds() {
        return tracks.stream().map(Track::id).collect(Collectors.joining(", "));
    }
}
