package dev.hippack.core.plan;

import dev.hippack.core.PackagerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A release: the packages cut together, in order, each a {@link ReleasePlan} (its own track,
 * SDK, build folder and package name). The guide's release is two packages, rocm6 built in
 * {@code build\hip} and rocm7 in {@code build\hip71}; a profile of the old form is a release of
 * one package.
 *
 * @param packages the package plans, at least one, in the order they are built and listed
 */
public record Release(List<ReleasePlan> packages) {

    /**
     * GitHub refuses a release asset of 2 GiB or more (HTTP 422): {@code release} warns of such a
     * zip and the exported workflow stops before publishing it.
     */
    public static final long GITHUB_ASSET_LIMIT = 2L * 1024 * 1024 * 1024;

    public Release {
        Objects.requireNonNull(packages, "packages");
        packages = List.copyOf(packages);
        if (packages.isEmpty()) {
            throw new IllegalArgumentException("a release has at least one package");
        }
    }

    /** The release of one package (what an old-form profile is). */
    public static Release of(ReleasePlan plan) {
        return new Release(List.of(plan));
    }

    /** True for a release of one package. */
    public boolean single() {
        return packages.size() == 1;
    }

    /** The package names as the profile writes them ({@code archiveName}, placeholders unresolved). */
    public List<String> names() {
        return packages.stream().map(ReleasePlan::archiveName).toList();
    }

    /**
     * The package called {@code name}: its {@code archiveName} as the profile writes it (ignoring
     * case, as Windows names files), or its track when exactly one package has that track.
     *
     * @throws PackagerException naming the packages there are, when none or several match
     */
    public ReleasePlan select(String name) throws PackagerException {
        for (ReleasePlan p : packages) {
            if (p.archiveName().equalsIgnoreCase(name)) {
                return p;
            }
        }
        List<ReleasePlan> byTrack = new ArrayList<>();
        for (ReleasePlan p : packages) {
            if (p.track().equalsIgnoreCase(name)) {
                byTrack.add(p);
            }
        }
        if (byTrack.size() == 1) {
            return byTrack.get(0);
        }
        String known = describe();
        if (byTrack.size() > 1) {
            throw new PackagerException("--package " + name + " matches " + byTrack.size() + " packages of track " + name
                    + "; name one by its archiveName: " + known + ".");
        }
        throw new PackagerException("The profile has no package '" + name + "'. Its packages: " + known
                + ". Give --package with one of these names (or its track).");
    }

    /** "audiocpp-windows-hip-rocm6 (rocm6), audiocpp-windows-hip-rocm7 (rocm7)". */
    public String describe() {
        return String.join(", ", packages.stream().map(p -> p.archiveName() + " (" + p.track() + ")").toList());
    }

    /** The package names, lower-case: two that differ only in case are the same file on Windows. */
    static String nameKey(String archiveName) {
        return archiveName.toLowerCase(Locale.ROOT);
    }
}
