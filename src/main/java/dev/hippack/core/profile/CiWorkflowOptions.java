package dev.hippack.core.profile;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a CI workflow export needs besides the release profile.
 *
 * @param tracks             for a profile of one package: the catalog tracks to release, one package
 *                           each; empty means the profile's own track
 * @param packager           where the runner gets HIP Packager; null when nobody said, which the
 *                           exporter refuses (a workflow that cannot run is worse than none)
 * @param audiocppRepository the audio.cpp repository (owner/name) to check out, or null for the
 *                           repository the workflow itself lives in
 * @param profileLabel       where the plan came from, named in the workflow's header (a file name)
 */
public record CiWorkflowOptions(
        List<String> tracks,
        PackagerSource packager,
        String audiocppRepository,
        String profileLabel) {

    /** Where the runner gets HIP Packager from. */
    public sealed interface PackagerSource permits FromRepository, FromBundle { }

    /**
     * Built from its sources on the runner: a GitHub repository and a tag, branch or commit, always
     * named by the user (a guessed tag such as {@code v<this version>} may not exist there).
     */
    public record FromRepository(String repository, String ref) implements PackagerSource {
        public FromRepository {
            requireRepository(repository, "packagerRepository");
            if (ref == null || !REF.matcher(ref).matches() || ref.contains("..")) {
                throw new IllegalArgumentException("packagerRef '" + ref
                        + "' is not a git tag, branch or commit name (letters, digits, '.', '_', '-', '/')");
            }
        }
    }

    /**
     * A released bundle ({@code hip-packager-windows-x64.zip}, the app image with
     * {@code hip-packager.exe}) downloaded over HTTPS and checked against its SHA-256 before use.
     */
    public record FromBundle(String url, String sha256) implements PackagerSource {
        public FromBundle {
            if (url == null || !HTTPS_URL.matcher(url).matches() || url.contains("${{")) {
                throw new IllegalArgumentException("packagerBundle '" + url + "' is not an https:// URL (no spaces or quotes)");
            }
            if (sha256 == null || !SHA256.matcher(sha256).matches()) {
                throw new IllegalArgumentException("packagerSha256 '" + sha256 + "' is not a SHA-256 (64 hexadecimal digits)");
            }
            sha256 = sha256.toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
    private static final Pattern REF = Pattern.compile("[A-Za-z0-9_./-]+");
    private static final Pattern HTTPS_URL = Pattern.compile("https://[A-Za-z0-9._~:/?#\\[\\]@!$&()*+,;=%-]+");
    private static final Pattern SHA256 = Pattern.compile("[0-9A-Fa-f]{64}");

    public CiWorkflowOptions {
        tracks = List.copyOf(tracks);
        if (audiocppRepository != null) {
            requireRepository(audiocppRepository, "audiocppRepository");
        }
        if (profileLabel == null || profileLabel.isBlank()) {
            throw new IllegalArgumentException("profileLabel must name the profile");
        }
    }

    /**
     * The profile's own track, audio.cpp from the workflow's repository, and no HIP Packager
     * source yet: {@link #withPackager} must name one before export.
     */
    public static CiWorkflowOptions defaults(String profileLabel) {
        return new CiWorkflowOptions(List.of(), null, null, profileLabel);
    }

    public CiWorkflowOptions withTracks(List<String> v) { return new CiWorkflowOptions(v, packager, audiocppRepository, profileLabel); }
    public CiWorkflowOptions withPackager(PackagerSource v) { return new CiWorkflowOptions(tracks, v, audiocppRepository, profileLabel); }
    public CiWorkflowOptions withAudiocppRepository(String v) { return new CiWorkflowOptions(tracks, packager, v, profileLabel); }

    private static void requireRepository(String value, String field) {
        if (value == null || !REPOSITORY.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " '" + value + "' is not a GitHub repository such as owner/name");
        }
    }
}
