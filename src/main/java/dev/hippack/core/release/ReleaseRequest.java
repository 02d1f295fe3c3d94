package dev.hippack.core.release;

import dev.hippack.core.archive.ZipRequest;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.Release;
import dev.hippack.core.sign.SigningRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A release to cut.
 *
 * @param release        the packages, in order
 * @param profileLabel   where they came from (the profile file), for messages
 * @param host           the build machine
 * @param outputDir      the folder that receives each package's staged folder and zip, {@code SHA256SUMS}
 *                       and {@code RELEASE-NOTES.md} (a local path)
 * @param mode           build and stage every package, use binaries already built, or take zips made
 *                       elsewhere from {@code outputDir}
 * @param skipStartCheck the user turned the start check off
 * @param force          replace existing zips, {@code SHA256SUMS} and notes in {@code outputDir}
 * @param previous       the previous release: folders holding its zips, or the zips (empty: none)
 * @param zipTimestamp   the time every zip entry gets ({@code SOURCE_DATE_EPOCH} or the fixed epoch)
 * @param standInPace    the stand-in build's pace where the real script cannot run
 * @param signing        sign each package's own executables in its staged folder before it is verified
 *                       (empty: no signing)
 */
public record ReleaseRequest(Release release, String profileLabel, Host host, Path outputDir,
                             Mode mode, boolean skipStartCheck, boolean force, List<Path> previous, Instant zipTimestamp,
                             Duration standInPace, Optional<SigningRequest> signing) {

    /** How each package's zip comes about. */
    public enum Mode {
        /** Build, stage, verify and zip each package. */
        BUILD,
        /** Stage, verify and zip the binaries already in each build folder. */
        SKIP_BUILD,
        /** Take each package's zip from the output folder (built elsewhere, e.g. by CI jobs) and audit it in place. */
        FROM_ZIPS
    }

    public ReleaseRequest {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(profileLabel, "profileLabel");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(outputDir, "outputDir");
        Objects.requireNonNull(mode, "mode");
        previous = List.copyOf(previous);
        Objects.requireNonNull(zipTimestamp, "zipTimestamp");
        Objects.requireNonNull(standInPace, "standInPace");
        Objects.requireNonNull(signing, "signing");
    }

    /** A request with the defaults: build, start check on, no force, no previous release, fixed zip time. */
    public static ReleaseRequest of(Release release, String profileLabel, Host host, Path outputDir) {
        return new ReleaseRequest(release, profileLabel, host, outputDir, Mode.BUILD, false, false, List.of(),
                ZipRequest.FIXED_EPOCH, Duration.ZERO, Optional.empty());
    }

    public ReleaseRequest withMode(Mode v) { return new ReleaseRequest(release, profileLabel, host, outputDir, v, skipStartCheck, force, previous, zipTimestamp, standInPace, signing); }
    public ReleaseRequest withSkipStartCheck(boolean v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, v, force, previous, zipTimestamp, standInPace, signing); }
    public ReleaseRequest withForce(boolean v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, skipStartCheck, v, previous, zipTimestamp, standInPace, signing); }
    public ReleaseRequest withPrevious(List<Path> v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, skipStartCheck, force, v, zipTimestamp, standInPace, signing); }
    public ReleaseRequest withZipTimestamp(Instant v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, skipStartCheck, force, previous, v, standInPace, signing); }
    public ReleaseRequest withSigning(Optional<SigningRequest> v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, skipStartCheck, force, previous, zipTimestamp, standInPace, v); }
    public ReleaseRequest withStandInPace(Duration v) { return new ReleaseRequest(release, profileLabel, host, outputDir, mode, skipStartCheck, force, previous, zipTimestamp, v, signing); }
}
