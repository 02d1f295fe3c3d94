package dev.hippack.core.estimate;

import java.util.List;

/**
 * The bytes one part of the package takes. {@code derived} is true when a figure behind it was
 * split out of a total or guessed (show it as approximate).
 */
public record ComponentSize(String id, long bytes, boolean derived) {

    /** audiocpp_cli.exe and audiocpp_server.exe. */
    public static final String EXECUTABLES = "executables";
    /** amdhip64_N.dll and amd_comgr_N.dll. */
    public static final String HIP_RUNTIME = "hip-runtime";
    /** hipBLAS, rocBLAS and hipBLASLt DLLs. */
    public static final String MATH_DLLS = "math-dlls";
    /** MSVCP140, VCRUNTIME140, VCRUNTIME140_1. */
    public static final String CRT = "crt";
    /** rocblas/library: target architectures plus arch-less files (0 under policy drop). */
    public static final String ROCBLAS_KERNELS = "rocblas-kernels";
    /** hipblaslt/library: target architectures plus arch-less files. */
    public static final String HIPBLASLT_KERNELS = "hipblaslt-kernels";
    /** The package's text files: README.md, server.json, LICENSE, THIRD-PARTY-NOTICES.txt (an allowance). */
    public static final String README = "readme";

    /** Every id, in the order an estimate lists them. */
    public static final List<String> IDS = List.of(EXECUTABLES, HIP_RUNTIME, MATH_DLLS, CRT, ROCBLAS_KERNELS, HIPBLASLT_KERNELS, README);
}
