package dev.hippack.core.release;

import dev.hippack.core.plan.ReleasePlan;
import java.util.Objects;
import java.util.Optional;

/**
 * One package of a release with what the build machine says about it: the audio.cpp version of
 * its checkout and the package name that gives ({@code archiveName} with {@code {version}}
 * replaced). {@link #plan()} is the profile's plan with that name, so the stage folder, the zip
 * and {@code SHA256SUMS} all use it.
 *
 * @param plan     the package plan, its archiveName resolved
 * @param template the archiveName as the profile writes it (with {@code {version}} when used)
 * @param version  the audio.cpp version of its checkout ({@code git describe}); empty when not known
 */
public record ResolvedPackage(ReleasePlan plan, String template, Optional<String> version) {

    public ResolvedPackage {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(version, "version");
    }

    /** The package name: the staged folder's and, with {@code .zip}, the zip's. */
    public String name() {
        return plan.archiveName();
    }

    /** The zip's file name. */
    public String zipName() {
        return name() + ".zip";
    }
}
