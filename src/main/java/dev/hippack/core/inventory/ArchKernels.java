package dev.hippack.core.inventory;

/**
 * The files of one architecture in one kernel library.
 *
 * @param lazyIndex {@code TensileLibrary_lazy_<arch>.dat} is present (the runtime's entry point)
 * @param kernels   the runtime can use the arch: its lazy index and at least one code object are present
 */
public record ArchKernels(String arch, long bytes, int files, boolean lazyIndex, boolean kernels) { }
