package dev.hippack.core.inventory;

import dev.hippack.core.catalog.KernelLibrary;
import java.util.List;
import java.util.Optional;

/**
 * One scanned kernel library ({@code bin\rocblas\library} or {@code bin\hipblaslt\library}).
 *
 * @param path          the folder as the build machine names it
 * @param present       the folder exists and could be listed
 * @param archs         per architecture, sorted by id
 * @param archlessBytes bytes of the files that belong to no architecture (always shipped)
 * @param problems      what could not be read (an unreadable folder, a symlink loop), naming the path
 */
public record LibraryInventory(
        KernelLibrary library,
        String path,
        boolean present,
        List<ArchKernels> archs,
        long archlessBytes,
        int archlessFiles,
        List<String> problems) {

    public LibraryInventory {
        archs = List.copyOf(archs);
        problems = List.copyOf(problems);
    }

    public Optional<ArchKernels> arch(String id) {
        return archs.stream().filter(a -> a.arch().equals(id)).findFirst();
    }

    public long totalBytes() {
        return archlessBytes + archs.stream().mapToLong(ArchKernels::bytes).sum();
    }

    public int totalFiles() {
        return archlessFiles + archs.stream().mapToInt(ArchKernels::files).sum();
    }

    /** The architectures the runtime can use from this library (lazy index and code present). */
    public List<String> archsWithKernels() {
        return archs.stream().filter(ArchKernels::kernels).map(ArchKernels::arch).toList();
    }
}
