package dev.hippack.ui.steps.environment;

import dev.hippack.core.PackagerException;
import dev.hippack.core.host.Host;

/**
 * Gives the build machine to detect on: this one, a described one, or a freshly written sample.
 * Called on a worker thread (writing the sample takes a moment).
 */
@FunctionalInterface
public interface HostSource {
    Host open() throws PackagerException;
}
