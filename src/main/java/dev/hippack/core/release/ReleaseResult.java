package dev.hippack.core.release;

import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.diff.PackageDiff;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A finished release: every package's outcome, the one {@code SHA256SUMS} for all zips (none
 * when no package was zipped), and {@code RELEASE-NOTES.md}, written in every case (an
 * incomplete release's notes say which package failed and why).
 *
 * @param packages     each package's outcome, in the release's order
 * @param checksums    {@code SHA256SUMS}, listing exactly the zips of this release
 * @param notes        {@code RELEASE-NOTES.md}
 * @param notesText    its text
 * @param comparisons  each zipped package against its previous one, when a previous release was given
 * @param notReleased  previous packages that no package of this release replaces
 * @param removedStale zips of failed packages left by an earlier run and removed ({@code force}), so the
 *                     folder holds only this release
 */
public record ReleaseResult(List<PackageOutcome> packages, Optional<Path> checksums, Path notes, String notesText,
                            List<Comparison> comparisons, List<String> notReleased, List<Path> removedStale) {

    /** A package of this release against the previous one it replaces. */
    public record Comparison(String packageName, PackageSnapshot previous, PackageDiff diff) { }

    public ReleaseResult {
        packages = List.copyOf(packages);
        comparisons = List.copyOf(comparisons);
        notReleased = List.copyOf(notReleased);
        removedStale = List.copyOf(removedStale);
    }

    /** True when every package was zipped. */
    public boolean complete() {
        return packages.stream().allMatch(PackageOutcome::zipped);
    }

    public Optional<Comparison> comparison(String packageName) {
        return comparisons.stream().filter(c -> c.packageName().equals(packageName)).findFirst();
    }
}
