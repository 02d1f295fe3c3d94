/**
 * The stand-in build: a small program of ours that the build runs, as a real child process,
 * in place of {@code scripts\build_windows_hip.ps1} on a machine without Windows PowerShell
 * (the sample environment, Linux CI). It takes the script's parameters, prints a CMake and
 * ninja log at a set pace, writes the CMake cache its flags imply and the sample PE binaries,
 * each with a clang offload bundle for the targets given ({@code OffloadBundleWriter}).
 * Uses host, catalog (the executables' sizes), io (its outputs are written through
 * AtomicFile) and the PE reader (to find the bundle's place in the sample executable); must not
 * depend on the rest of build, nor on the CLI or UI.
 */
package dev.hippack.core.build.standin;
