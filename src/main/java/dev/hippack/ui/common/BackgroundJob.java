package dev.hippack.ui.common;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationListener;

/**
 * A piece of work for a background thread, in the engine's one shape: it reports through the
 * listener and stops when the token is cancelled (by throwing
 * {@link dev.hippack.core.progress.OperationCancelledException}).
 */
@FunctionalInterface
public interface BackgroundJob<T> {
    T run(OperationListener listener, CancellationToken token) throws Exception;
}
