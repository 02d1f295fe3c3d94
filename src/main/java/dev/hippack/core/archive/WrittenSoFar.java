package dev.hippack.core.archive;

import java.util.ArrayList;
import java.util.List;

/**
 * What the writer has finished so far, for the read-back that follows it through the same file:
 * each complete entry (its local header filled in) with the offset where it ends, and at last
 * the size of the whole zip. The read-back never reads past what is listed here, so it sees only
 * bytes that will not change again.
 */
final class WrittenSoFar {

    /** The writer stopped (failure or cancel); the read-back ends too. */
    static final class Abandoned extends Exception {
        private static final long serialVersionUID = 1L;
    }

    private final List<ExpectedEntry> entries = new ArrayList<>();
    private final List<Long> ends = new ArrayList<>();
    private long readable;
    private long size = -1;
    private boolean abandoned;

    /** A zip that is already complete on disk: every entry expected, nothing more coming. */
    static WrittenSoFar complete(List<ExpectedEntry> expected, long size) {
        WrittenSoFar w = new WrittenSoFar();
        for (ExpectedEntry e : expected) {
            w.entries.add(e);
            w.ends.add(-1L);
        }
        w.size = size;
        w.readable = size;
        return w;
    }

    /** Entry {@code e} is complete and the zip is final up to {@code end}. */
    synchronized void entry(ExpectedEntry e, long end) {
        entries.add(e);
        ends.add(end);
        readable = end;
        notifyAll();
    }

    /** The zip is complete: {@code size} bytes, central directory and end records included. */
    synchronized void finish(long size) {
        this.size = size;
        this.readable = size;
        notifyAll();
    }

    synchronized void abandon() {
        abandoned = true;
        notifyAll();
    }

    /** Entry {@code index}, once written; null when the zip is finished with fewer entries. */
    synchronized ExpectedEntry awaitEntry(int index) throws InterruptedException, Abandoned {
        while (index >= entries.size() && size < 0) {
            check();
            wait();
        }
        check();
        return index < entries.size() ? entries.get(index) : null;
    }

    /** Where entry {@code index} ends in the zip, or -1 when not known (a zip checked after the fact). */
    synchronized long end(int index) {
        return ends.get(index);
    }

    /** How far the zip may be read, once it is more than {@code position}; the size at the end. */
    synchronized long awaitReadable(long position) throws InterruptedException, Abandoned {
        while (readable <= position && size < 0) {
            check();
            wait();
        }
        check();
        return readable;
    }

    private void check() throws Abandoned {
        if (abandoned) {
            throw new Abandoned();
        }
    }
}
