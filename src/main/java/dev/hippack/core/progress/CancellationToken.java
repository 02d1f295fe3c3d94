package dev.hippack.core.progress;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Asks a running operation to stop. Operations poll {@link #throwIfCancelled()} between units of
 * work, and register callbacks for things that block (a child process, a socket).
 */
public final class CancellationToken {

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final List<Runnable> callbacks = new CopyOnWriteArrayList<>();

    /** A token that is never cancelled. */
    public static CancellationToken none() {
        return new CancellationToken();
    }

    public void cancel() {
        if (cancelled.compareAndSet(false, true)) {
            callbacks.forEach(Runnable::run);
        }
    }

    public boolean isCancelled() {
        return cancelled.get();
    }

    public void throwIfCancelled() throws OperationCancelledException {
        if (cancelled.get()) {
            throw new OperationCancelledException();
        }
    }

    /** Runs {@code callback} on cancel, or at once if the token is already cancelled. */
    public void onCancel(Runnable callback) {
        callbacks.add(callback);
        if (cancelled.get() && callbacks.remove(callback)) {
            callback.run();
        }
    }

    public void removeOnCancel(Runnable callback) {
        callbacks.remove(callback);
    }
}
