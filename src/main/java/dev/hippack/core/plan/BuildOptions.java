package dev.hippack.core.plan;

/**
 * The audio.cpp build switches a release cares about. The defaults are the release's
 * (docs/distribution-rules.md §4.4 and §4.5): hipBLASLt
 * on, HIP VMM off, graphs off, native CPU off (-NoNativeCpu), deployment build on.
 */
public record BuildOptions(boolean hipblaslt, boolean vmm, boolean graphs, boolean nativeCpu, boolean deploymentBuild) {

    public static BuildOptions releaseDefaults() {
        return new BuildOptions(true, false, false, false, true);
    }

    public BuildOptions withHipblaslt(boolean v) { return new BuildOptions(v, vmm, graphs, nativeCpu, deploymentBuild); }
    public BuildOptions withVmm(boolean v) { return new BuildOptions(hipblaslt, v, graphs, nativeCpu, deploymentBuild); }
    public BuildOptions withGraphs(boolean v) { return new BuildOptions(hipblaslt, vmm, v, nativeCpu, deploymentBuild); }
    public BuildOptions withNativeCpu(boolean v) { return new BuildOptions(hipblaslt, vmm, graphs, v, deploymentBuild); }
    public BuildOptions withDeploymentBuild(boolean v) { return new BuildOptions(hipblaslt, vmm, graphs, nativeCpu, v); }
}
