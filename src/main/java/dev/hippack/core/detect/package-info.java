/**
 * Detection of a build machine: HIP SDKs (with their kernel inventories), Visual Studio and MSVC
 * toolsets, tools, the local GPUs and the audio.cpp checkout. The entry point is
 * {@link dev.hippack.core.detect.MachineDetector}; everything is read through a
 * {@link dev.hippack.core.host.Host}. Uses catalog, host, inventory, plan (for the facts it hands
 * to the rules), findings, progress and {@code core.json}; never build, stage, audit or the UI.
 */
package dev.hippack.core.detect;
