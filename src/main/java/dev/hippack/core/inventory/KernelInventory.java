package dev.hippack.core.inventory;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.catalog.KernelSizes;
import java.util.List;
import java.util.Optional;

/**
 * The kernel libraries of one installed SDK, measured file by file. As {@link KernelSizes} it
 * makes estimates and the arch.hipblaslt-kernels rule use what is really installed
 * ({@value KernelSizes#MEASURED}), so an architecture whose files are absent is refused because
 * they are absent.
 *
 * @param sdk   the SDK folder as the build machine names it
 * @param kpack the installation's {@code .kpack} archives ({@link KpackInventory#NONE} for a classic HIP SDK)
 */
public record KernelInventory(String sdk, List<LibraryInventory> libraries, KpackInventory kpack) implements KernelSizes {

    public KernelInventory {
        libraries = List.copyOf(libraries);
        kpack = kpack == null ? KpackInventory.NONE : kpack;
    }

    /** An installation without {@code .kpack} archives (the classic HIP SDK). */
    public KernelInventory(String sdk, List<LibraryInventory> libraries) {
        this(sdk, libraries, KpackInventory.NONE);
    }

    public Optional<LibraryInventory> library(KernelLibrary library) {
        return libraries.stream().filter(l -> l.library() == library).findFirst();
    }

    @JsonIgnore
    @Override
    public String source() {
        return MEASURED;
    }

    @Override
    public long archBytes(KernelLibrary library, String arch) {
        return library(library).flatMap(l -> l.arch(arch)).map(ArchKernels::bytes).orElse(0L);
    }

    @Override
    public long archlessBytes(KernelLibrary library) {
        return library(library).map(LibraryInventory::archlessBytes).orElse(0L);
    }

    @Override
    public boolean hasKernels(KernelLibrary library, String arch) {
        return library(library).flatMap(l -> l.arch(arch)).map(ArchKernels::kernels).orElse(false);
    }

    @Override
    public String describe() {
        return sdk + " (measured)";
    }
}
