package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.Version;
import java.util.List;
import java.util.Optional;

/**
 * A release track: one ROCm version, its default targets, build folder and package name.
 * {@code buildDir} is a Windows path relative to the audio.cpp checkout; {@code windows} the
 * Windows releases AMD's system requirements list for that HIP SDK ("10", "11"), which its
 * packages then need too (docs/distribution-rules.md §2). {@code unverified} lists, one sentence
 * each, the facts the track's packages rest on that were inferred rather than read or reported
 * (marked [I] in the sources): the package README, the release notes and the wizard say "not
 * verified on hardware" for the track through {@link #hardwareCaveat()}, and an empty list (the
 * default when the JSON leaves the field out) says nothing.
 */
public record Track(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String rocmVersion,
        @JsonProperty(required = true) int generation,
        @JsonProperty(required = true) List<String> targets,
        @JsonProperty(required = true) String buildDir,
        @JsonProperty(required = true) String packageName,
        @JsonProperty(required = true) String sdkInstaller,
        @JsonProperty(required = true) List<String> windows,
        List<String> unverified) {

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
        windows = Require.nonEmpty(windows, "windows");
        for (String w : windows) {
            if (!WINDOWS_RELEASES.contains(w)) {
                throw new IllegalArgumentException("field 'windows' lists '" + w + "', expected some of " + WINDOWS_RELEASES);
            }
        }
        if (unverified == null) {
            unverified = List.of();
        } else {
            for (String u : unverified) {
                Require.text(u, "unverified");
            }
            unverified = List.copyOf(unverified);
        }
    }

    /** A track whose packages rest only on facts read in code or reported by users. */
    public Track(String id, String rocmVersion, int generation, List<String> targets, String buildDir, String packageName,
                 String sdkInstaller, List<String> windows) {
        this(id, rocmVersion, generation, targets, buildDir, packageName, sdkInstaller, windows, List.of());
    }

    /** What the README, the release notes and the wizard say above this track's packages is unverified; how they all word it. */
    public static final String NOT_VERIFIED = "Not verified on hardware";

    /**
     * The one sentence the package README, the release notes and the wizard show for this track's
     * inferred facts ("Not verified on hardware: ..."); empty when it has none.
     */
    public Optional<String> hardwareCaveat() {
        return unverified.isEmpty() ? Optional.empty()
                : Optional.of(NOT_VERIFIED + " (ROCm " + rocmVersion + "): " + String.join(" ", unverified));
    }

    /** The Windows releases a track may name: AMD's HIP SDK system requirements list these. */
    public static final List<String> WINDOWS_RELEASES = List.of("10", "11");

    /**
     * What the track's packages need of Windows, as users read it: "64-bit Windows 10 or 11", or
     * for a track whose HIP SDK AMD supports on fewer releases (ROCm 7.1 and later: Windows 11
     * only) that release with the reason.
     */
    public String windowsRequirement() {
        String releases = windows.size() == 1 ? windows.get(0)
                : String.join(", ", windows.subList(0, windows.size() - 1)) + " or " + windows.get(windows.size() - 1);
        String text = "64-bit Windows " + releases;
        return windows.size() == WINDOWS_RELEASES.size() ? text
                : text + " (AMD's system requirements for ROCm " + rocmVersion + " on Windows list Windows " + releases + " only)";
    }

    /** The default SDK folder of this track on a Windows machine, e.g. {@code C:\Program Files\AMD\ROCm\6.4}. */
    public String defaultSdkPath() {
        return "C:\\Program Files\\AMD\\ROCm\\" + rocmVersion;
    }
}
