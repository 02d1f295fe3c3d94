package dev.hippack.core.profile;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What a CI workflow export needs besides the release profile.
 *
 * @param tracks             the catalog tracks to release, one matrix entry each; empty means the
 *                           profile's own track
 * @param packagerRepository the GitHub repository (owner/name) HIP Packager is built from on the runner
 * @param packagerRef        the tag, branch or commit of HIP Packager to build
 * @param audiocppRepository the audio.cpp repository (owner/name) to check out, or null for the
 *                           repository the workflow itself lives in
 * @param profileLabel       where the plan came from, named in the workflow's header (a file name)
 */
public record CiWorkflowOptions(
        List<String> tracks,
        String packagerRepository,
        String packagerRef,
        String audiocppRepository,
        String profileLabel) {

    /** Where HIP Packager's sources are published; override with {@code --packager-repo}. */
    public static final String DEFAULT_PACKAGER_REPOSITORY = "hip-packager/hip-packager";

    private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
    private static final Pattern REF = Pattern.compile("[A-Za-z0-9_./-]+");

    public CiWorkflowOptions {
        tracks = List.copyOf(tracks);
        requireRepository(packagerRepository, "packagerRepository");
        if (audiocppRepository != null) {
            requireRepository(audiocppRepository, "audiocppRepository");
        }
        if (packagerRef == null || !REF.matcher(packagerRef).matches() || packagerRef.contains("..")) {
            throw new IllegalArgumentException("packagerRef '" + packagerRef
                    + "' is not a git tag, branch or commit name (letters, digits, '.', '_', '-', '/')");
        }
        if (profileLabel == null || profileLabel.isBlank()) {
            throw new IllegalArgumentException("profileLabel must name the profile");
        }
    }

    /** The profile's own track, HIP Packager built from the tag of this version, audio.cpp from the workflow's repository. */
    public static CiWorkflowOptions defaults(String packagerVersion, String profileLabel) {
        return new CiWorkflowOptions(List.of(), DEFAULT_PACKAGER_REPOSITORY, "v" + packagerVersion, null, profileLabel);
    }

    public CiWorkflowOptions withTracks(List<String> v) { return new CiWorkflowOptions(v, packagerRepository, packagerRef, audiocppRepository, profileLabel); }
    public CiWorkflowOptions withPackagerRepository(String v) { return new CiWorkflowOptions(tracks, v, packagerRef, audiocppRepository, profileLabel); }
    public CiWorkflowOptions withPackagerRef(String v) { return new CiWorkflowOptions(tracks, packagerRepository, v, audiocppRepository, profileLabel); }
    public CiWorkflowOptions withAudiocppRepository(String v) { return new CiWorkflowOptions(tracks, packagerRepository, packagerRef, v, profileLabel); }

    private static void requireRepository(String value, String field) {
        if (value == null || !REPOSITORY.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " '" + value + "' is not a GitHub repository such as owner/name");
        }
    }
}
