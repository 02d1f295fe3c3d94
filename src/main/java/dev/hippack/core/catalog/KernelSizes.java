package dev.hippack.core.catalog;

/**
 * Sizes of the rocBLAS and hipBLASLt kernel files of one SDK, per architecture. The rules ask it
 * which architectures have kernels (arch.hipblaslt-kernels) and the estimator asks it how big
 * they are. Two implementations: {@link CatalogKernelSizes} (docs/distribution-rules.md §9, source
 * {@value #CATALOG}) and, once an SDK has been scanned, the kernel inventory (source
 * {@value #MEASURED}). Callers never care which one they hold.
 */
public interface KernelSizes {

    String CATALOG = "catalog";
    String MEASURED = "measured";

    /** {@value #CATALOG} or {@value #MEASURED}: shown beside every estimate. */
    String source();

    /** Bytes of every file of {@code library} that belongs to {@code arch}; 0 when it has none. */
    long archBytes(KernelLibrary library, String arch);

    /** Bytes of the files of {@code library} that belong to no architecture (always shipped with it). */
    long archlessBytes(KernelLibrary library);

    /** Whether {@code library} ships kernels for {@code arch} (a lazy index and code objects). */
    boolean hasKernels(KernelLibrary library, String arch);

    /** True when {@link #archBytes} was split out of a total rather than measured (show it as approximate). */
    default boolean archDerived(KernelLibrary library, String arch) {
        return false;
    }

    /** True when {@link #archlessBytes} is an approximation. */
    default boolean archlessDerived(KernelLibrary library) {
        return false;
    }

    /** Where these figures come from, for messages: "ROCm 7.1 (catalog)" or the scanned SDK folder. */
    String describe();
}
