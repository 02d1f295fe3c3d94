package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A GPU architecture amdgpu-arch reported for this machine.
 *
 * @param family  RDNA3 etc. from the catalog; null for an architecture the catalog does not list
 * @param example example hardware from the catalog
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DetectedGpu(String arch, String family, String example) { }
