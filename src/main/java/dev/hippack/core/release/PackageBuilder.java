package dev.hippack.core.release;

import dev.hippack.core.PackagerException;
import dev.hippack.core.build.BuildRequest;
import dev.hippack.core.build.BuildResult;
import dev.hippack.core.build.BuildService;
import dev.hippack.core.detect.CheckoutInspector;
import dev.hippack.core.host.Host;
import dev.hippack.core.plan.ReleasePlan;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.time.Duration;

/** Builds one package's binaries; the release runs it for each package, one after the other. */
@FunctionalInterface
public interface PackageBuilder {

    BuildResult build(ReleasePlan plan, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException;

    /**
     * The build as {@code build} and the wizard run it on {@code host}: the checkout's script in
     * the plan's MSVC environment on a local Windows machine, the stand-in build elsewhere.
     */
    static PackageBuilder forHost(Host host, Duration standInPace) {
        CheckoutInspector checkout = new CheckoutInspector();
        return (plan, listener, token) -> BuildService.forHost(host, standInPace)
                .run(new BuildRequest(plan, checkout.scriptFacts(host, plan), checkout.revision(host, plan.source())), listener, token);
    }
}
