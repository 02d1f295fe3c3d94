package dev.hippack.core;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.List;

/**
 * The parts of a package, in the order an estimate and a comparison list them. The estimate
 * sizes them before anything is built and the audit's snapshot sorts a finished package's files
 * into them, so both speak of one set of parts; the ids are what JSON output and notes show.
 */
public enum PackagePart {
    /** audiocpp_cli.exe and audiocpp_server.exe. */
    @JsonProperty("executables") EXECUTABLES("executables"),
    /** amdhip64_N.dll and amd_comgr_N.dll. */
    @JsonProperty("hip-runtime") HIP_RUNTIME("hip-runtime"),
    /** hipBLAS, rocBLAS and hipBLASLt DLLs. */
    @JsonProperty("math-dlls") MATH_DLLS("math-dlls"),
    /** MSVCP140, VCRUNTIME140, VCRUNTIME140_1. */
    @JsonProperty("crt") CRT("crt"),
    /** rocblas/library: target architectures plus arch-less files (none under policy drop). */
    @JsonProperty("rocblas-kernels") ROCBLAS_KERNELS("rocblas-kernels"),
    /** hipblaslt/library: target architectures plus arch-less files. */
    @JsonProperty("hipblaslt-kernels") HIPBLASLT_KERNELS("hipblaslt-kernels"),
    /** The package's text files: README.md, server.json, LICENSE, THIRD-PARTY-NOTICES.txt, sbom.cdx.json. */
    @JsonProperty("readme") README("readme"),
    /** Anything else a finished package holds; the estimate plans none of it. */
    @JsonProperty("other") OTHER("other");

    /** The parts an estimate sizes, in its order: all but {@link #OTHER}. */
    public static final List<PackagePart> ESTIMATED = Arrays.stream(values()).filter(p -> p != OTHER).toList();

    private final String id;

    PackagePart(String id) {
        this.id = id;
    }

    /** The id JSON output and notes show, e.g. {@code rocblas-kernels}. */
    public String id() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }
}
