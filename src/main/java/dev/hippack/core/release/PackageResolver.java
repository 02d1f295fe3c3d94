package dev.hippack.core.release;

import dev.hippack.core.PackagerException;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.plan.ReleasePlan;
import java.util.Optional;

/**
 * Reads each package's audio.cpp version from its checkout ({@code git describe}, by
 * {@link CheckoutInspector}) and names the package with it ({@link PackageName}): before
 * anything is built, so that a name that cannot be made (the placeholder used and no version
 * known, a version that cannot be a file name) stops the run at once.
 */
public final class PackageResolver {

    private final CheckoutInspector checkout;

    public PackageResolver(CheckoutInspector checkout) {
        this.checkout = checkout;
    }

    public PackageResolver() {
        this(new CheckoutInspector());
    }

    /** The audio.cpp version of the plan's checkout; empty when it names none or it has none. */
    public Optional<String> version(ReleasePlan plan, Host host) {
        return plan.source() == null ? Optional.empty() : checkout.version(host, plan.source());
    }

    /** {@code plan} with its version and name; {@code where} names the package in messages (e.g. the profile). */
    public ResolvedPackage resolve(ReleasePlan plan, Host host, String where) throws PackagerException {
        Optional<String> version = version(plan, host);
        String name = PackageName.resolve(plan.archiveName(), version, where);
        return new ResolvedPackage(plan.withArchiveName(name), plan.archiveName(), version);
    }
}
