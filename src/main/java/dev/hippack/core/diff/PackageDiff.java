package dev.hippack.core.diff;

import dev.hippack.core.PackagePart;
import dev.hippack.core.finding.Finding;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The differences between an old and a new package. Only what differs is listed: an
 * {@link #unchanged()} diff has every list empty.
 *
 * @param oldPackage    the old package as read
 * @param newPackage    the new package as read
 * @param targetsGained GPU targets the new package serves and the old did not
 * @param targetsLost   GPU targets the old package served and the new does not
 * @param added         files only in the new package
 * @param removed       files only in the old package
 * @param changed       files in both whose size or content differs
 * @param components    the parts of the package whose size changed ({@code executables}, {@code rocblas-kernels}, ...)
 * @param architectures the kernel bytes of an architecture in a library that changed
 * @param rocmDlls      ROCm DLLs whose file version or size changed, or that were added or removed
 * @param findings      what is wrong with either container (a damaged zip): the diff may then be incomplete
 * @param parts         the components of the two bills of materials (audio.cpp, ggml, each DLL, each kernel
 *                      library) that were added, removed or changed; empty when either package has no SBOM
 * @param bothHaveSboms whether both packages carry a bill of materials, so {@code parts} could be compared
 */
public record PackageDiff(Side oldPackage, Side newPackage, List<String> targetsGained, List<String> targetsLost,
                          List<FileChange> added, List<FileChange> removed, List<FileChange> changed,
                          List<SizeChange> components, List<ArchChange> architectures, List<DllChange> rocmDlls,
                          List<Finding> findings, List<PartChange> parts, boolean bothHaveSboms) {

    /** A diff of packages compared without their bills of materials. */
    public PackageDiff(Side oldPackage, Side newPackage, List<String> targetsGained, List<String> targetsLost,
                       List<FileChange> added, List<FileChange> removed, List<FileChange> changed, List<SizeChange> components,
                       List<ArchChange> architectures, List<DllChange> rocmDlls, List<Finding> findings) {
        this(oldPackage, newPackage, targetsGained, targetsLost, added, removed, changed, components, architectures, rocmDlls,
                findings, List.of(), false);
    }

    public PackageDiff {
        parts = List.copyOf(parts);
        targetsGained = List.copyOf(targetsGained);
        targetsLost = List.copyOf(targetsLost);
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        changed = List.copyOf(changed);
        components = List.copyOf(components);
        architectures = List.copyOf(architectures);
        rocmDlls = List.copyOf(rocmDlls);
        findings = List.copyOf(findings);
    }

    /**
     * One package as compared.
     *
     * @param source     the folder or zip
     * @param name       the package name
     * @param version    the audio.cpp version its README states
     * @param generation the ROCm major, 0 when unknown
     * @param files      its file count
     * @param bytes      its total size
     * @param targets    its GPU targets
     */
    public record Side(String source, String name, Optional<String> version, int generation, int files, long bytes,
                       List<String> targets) {
        public Side {
            targets = List.copyOf(targets);
        }
    }

    /** A file that was added (old -1), removed (new -1) or changed. */
    public record FileChange(String path, long oldBytes, long newBytes, Optional<String> arch) { }

    /** A part of the package whose size changed. */
    public record SizeChange(PackagePart id, long oldBytes, long newBytes) {
        public long deltaBytes() {
            return newBytes - oldBytes;
        }
    }

    /** The kernel bytes of {@code arch} in {@code library} ({@code rocblas} or {@code hipblaslt}). */
    public record ArchChange(String arch, String library, long oldBytes, long newBytes) {
        public long deltaBytes() {
            return newBytes - oldBytes;
        }
    }

    /** A ROCm DLL, with its file version (empty: none recorded in the DLL) and size on each side (-1: absent). */
    public record DllChange(String name, Optional<String> oldVersion, Optional<String> newVersion, long oldBytes, long newBytes) { }

    /**
     * A component of the bills of materials, by its bom-ref, on each side (empty: absent on that side).
     *
     * @param label       how it is named: {@code amdhip64_6.dll (HIP runtime)}, {@code audio.cpp}
     * @param oldVersion  its version in the old package; empty when absent or unknown
     * @param newVersion  its version in the new package; empty when absent or unknown
     * @param oldPresent  whether the old package has it
     * @param newPresent  whether the new package has it
     * @param rebuilt     present on both sides at the same version, but with other content (SHA-256,
     *                    commit or file count)
     * @param oldFiles    a kernel library's file count in the old package; empty for other components
     * @param newFiles    a kernel library's file count in the new package; empty for other components
     */
    public record PartChange(String label, Optional<String> oldVersion, Optional<String> newVersion, boolean oldPresent,
                             boolean newPresent, boolean rebuilt, OptionalLong oldFiles, OptionalLong newFiles) { }

    /** True when the packages hold the same files with the same content. */
    public boolean unchanged() {
        return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
    }
}
