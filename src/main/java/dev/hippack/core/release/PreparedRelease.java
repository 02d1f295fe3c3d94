package dev.hippack.core.release;

import dev.hippack.core.archive.Sha256Sums;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A release checked and resolved before any work: each package's version and name, the output
 * folder, and the previous release read and matched to the packages. Everything that could
 * refuse the release has refused by the time one exists.
 *
 * @param request   what was asked
 * @param outputDir the output folder, absolute
 * @param packages  the packages, resolved, in order
 * @param zips      in {@link ReleaseRequest.Mode#FROM_ZIPS}, each package's zip in the output folder, by package name
 * @param previous  the previous release (none when not given)
 * @param matches   the previous package each package replaces, by package name
 */
public record PreparedRelease(ReleaseRequest request, Path outputDir, List<ResolvedPackage> packages, Map<String, Path> zips,
                              PreviousRelease previous, Map<String, PreviousRelease.Package> matches) {

    public PreparedRelease {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(outputDir, "outputDir");
        packages = List.copyOf(packages);
        zips = Map.copyOf(zips);
        Objects.requireNonNull(previous, "previous");
        matches = Map.copyOf(matches);
    }

    /** The zip a package has or will have in the output folder. */
    public Path zipOf(ResolvedPackage pkg) {
        return Optional.ofNullable(zips.get(pkg.name())).orElse(outputDir.resolve(pkg.zipName()));
    }

    public Path checksums() {
        return outputDir.resolve(Sha256Sums.FILE_NAME);
    }

    public Path notes() {
        return outputDir.resolve(ReleaseNotes.FILE_NAME);
    }
}
