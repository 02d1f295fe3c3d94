package dev.hippack.core.progress;

import java.util.Objects;

/**
 * A listener that passes every call on to the next one; a subclass overrides only what it adds
 * (a log file, a log reader), so no call is dropped when the listener interface grows.
 */
public abstract class ForwardingListener implements OperationListener {

    private final OperationListener next;

    protected ForwardingListener(OperationListener next) {
        this.next = Objects.requireNonNull(next, "next");
    }

    /** The listener every call goes on to. */
    protected final OperationListener next() {
        return next;
    }

    @Override
    public void progress(long done, long total) {
        next.progress(done, total);
    }

    @Override
    public void status(String text) {
        next.status(text);
    }

    @Override
    public void log(LogLine line) {
        next.log(line);
    }

    @Override
    public void part(String name, PartState state) {
        next.part(name, state);
    }
}
