package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.Version;
import java.util.List;

/**
 * A release track: one ROCm version, its default targets, build folder and package name.
 * {@code buildDir} is a Windows path relative to the audio.cpp checkout.
 */
public record Track(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String rocmVersion,
        @JsonProperty(required = true) int generation,
        @JsonProperty(required = true) List<String> targets,
        @JsonProperty(required = true) String buildDir,
        @JsonProperty(required = true) String packageName,
        @JsonProperty(required = true) String sdkInstaller) {

    public Track {
        Require.text(id, "id");
        Require.text(rocmVersion, "rocmVersion");
        Version version = Version.tryParse(rocmVersion).filter(v -> v.size() == 2).orElseThrow(() ->
                new IllegalArgumentException("field 'rocmVersion' is '" + rocmVersion + "', expected major.minor such as 6.4"));
        int major = version.major();
        if (generation != major) {
            throw new IllegalArgumentException("field 'generation' is " + generation
                    + " but rocmVersion " + rocmVersion + " belongs to generation " + major);
        }
        targets = Require.nonEmpty(targets, "targets");
        for (String t : targets) {
            Require.archId(t, "targets");
        }
        if (targets.stream().distinct().count() != targets.size()) {
            throw new IllegalArgumentException("field 'targets' lists an architecture twice: " + targets);
        }
        Require.text(buildDir, "buildDir");
        Require.text(packageName, "packageName");
        Require.text(sdkInstaller, "sdkInstaller");
    }

    /** The default SDK folder of this track on a Windows machine, e.g. {@code C:\Program Files\AMD\ROCm\6.4}. */
    public String defaultSdkPath() {
        return "C:\\Program Files\\AMD\\ROCm\\" + rocmVersion;
    }
}
