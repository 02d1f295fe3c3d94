package dev.hippack.core.plan;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What happens to rocBLAS's Tensile kernels ({@code <sdk>\bin\rocblas\library}).
 * <ul>
 *   <li>{@code filtered}: the files of the target architectures plus the arch-less files
 *       ({@code *_fallback.dat}, {@code TensileManifest.txt}) are shipped in {@code rocblas\library}.</li>
 *   <li>{@code drop}: the package has no {@code rocblas\library} folder at all, not even the
 *       arch-less files; {@code rocblas.dll} still ships because {@code hipblas.dll} imports it.
 *       The arch-less files are only metadata for the per-arch {@code *_fallback_<gfx>.hsaco}
 *       kernels, and rocBLAS opens {@code TensileLibrary_lazy_<gfx>.dat} first, so keeping them
 *       alone would give rocBLAS nothing it can load. Staging copies nothing from it, the audit
 *       expects the folder to be absent, and the estimate counts 0 bytes for it.</li>
 * </ul>
 * hipBLASLt's library is always filtered: it is the GEMM path.
 */
public enum KernelPolicy {
    @JsonProperty("filtered") FILTERED,
    @JsonProperty("drop") DROP
}
