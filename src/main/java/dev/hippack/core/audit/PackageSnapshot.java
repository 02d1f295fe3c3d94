package dev.hippack.core.audit;

import dev.hippack.core.PackagePart;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.sbom.SbomReader;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a finished package holds, read once from its folder or zip (in place) for comparing
 * packages: every file with its size, CRC-32 and the part of the package it belongs to, the
 * targets, the ROCm generation, the audio.cpp version its README states, and the file version of
 * each DLL that has one.
 *
 * @param source     the folder or zip read
 * @param name       the package's name: the zip's top-level folder, else the folder's (or zip's) name
 * @param files      every trusted file, sorted by path
 * @param version    the audio.cpp version the README states
 * @param generation the ROCm major of its HIP runtime (else of most of its ROCm DLL names)
 * @param targets    the GPU targets: the README's, else the kernel libraries' lazy indexes
 * @param targetsFrom where the targets came from: {@code readme} or {@code kernel-files}
 * @param dllVersions the file version (version resource) of each top-level DLL that has one, by file name
 * @param problems   what is wrong with the container (a zip's damaged or unsafe entries, a folder's links)
 * @param sbom       its bill of materials, read back; empty when it has none or one that cannot be read
 */
public record PackageSnapshot(String source, String name, List<File> files, Optional<String> version,
                              OptionalInt generation, List<String> targets, String targetsFrom,
                              Map<String, String> dllVersions, List<Finding> problems, Optional<SbomReader.Sbom> sbom) {

    /** A snapshot of a package without a bill of materials. */
    public PackageSnapshot(String source, String name, List<File> files, Optional<String> version, OptionalInt generation,
                           List<String> targets, String targetsFrom, Map<String, String> dllVersions, List<Finding> problems) {
        this(source, name, files, version, generation, targets, targetsFrom, dllVersions, problems, Optional.empty());
    }

    /**
     * One file of the package.
     *
     * @param path      its path inside the package, {@code /}-separated
     * @param bytes     its size
     * @param crc32     the CRC-32 of its content
     * @param component the part of the package it belongs to
     * @param arch      for a kernel file, its architecture (empty for arch-less kernel files and everything else)
     * @param rocmDll   a top-level ROCm DLL (HIP runtime, comgr, hipBLAS, rocBLAS, hipBLASLt)
     */
    public record File(String path, long bytes, long crc32, PackagePart component, Optional<String> arch, boolean rocmDll) {
        public File {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(component, "component");
            Objects.requireNonNull(arch, "arch");
        }
    }

    public PackageSnapshot {
        files = List.copyOf(files);
        targets = List.copyOf(targets);
        dllVersions = Map.copyOf(dllVersions);
        problems = List.copyOf(problems);
        Objects.requireNonNull(sbom, "sbom");
    }

    public long totalBytes() {
        return files.stream().mapToLong(File::bytes).sum();
    }

    /** Bytes per part, every part present (0 when the package has none of it). */
    public Map<PackagePart, Long> componentBytes() {
        Map<PackagePart, Long> out = new EnumMap<>(PackagePart.class);
        for (PackagePart p : PackagePart.values()) {
            out.put(p, 0L);
        }
        files.forEach(f -> out.merge(f.component(), f.bytes(), Long::sum));
        return out;
    }

    /** The kernel bytes of {@code arch} in the library of {@code component} (one of the two kernel parts). */
    public long archBytes(PackagePart component, String arch) {
        return files.stream().filter(f -> f.component().equals(component) && f.arch().filter(arch::equals).isPresent())
                .mapToLong(File::bytes).sum();
    }

    /** Every architecture that has kernel files, in the order they first appear. */
    public List<String> kernelArchitectures() {
        return files.stream().map(File::arch).flatMap(Optional::stream).distinct().sorted().toList();
    }

    /** The top-level ROCm DLLs. */
    public List<File> rocmDlls() {
        return files.stream().filter(File::rocmDll).toList();
    }

    public Optional<File> file(String path) {
        return files.stream().filter(f -> f.path().equals(path)).findFirst();
    }
}
