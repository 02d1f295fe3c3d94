package dev.hippack.core.plan;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What happens to rocBLAS's Tensile kernels: filtered to the targets, or dropped (rocblas.dll still ships). */
public enum KernelPolicy {
    @JsonProperty("filtered") FILTERED,
    @JsonProperty("drop") DROP
}
