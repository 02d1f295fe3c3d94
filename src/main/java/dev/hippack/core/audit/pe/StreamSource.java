package dev.hippack.core.audit.pe;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A file that can only be streamed from its start, such as a compressed zip entry. Reads go
 * through a small cache of windows; a miss re-opens the stream and skips to the window, so
 * memory stays at a few MiB however large the file is. The import tables usually sit in one
 * section, so a file costs two or three passes at most. A window after the last one read goes on
 * from the stream still open, so reading front to back (the offload bundle scan) is one pass;
 * whoever reads that way closes the source.
 */
final class StreamSource implements ByteSource, Closeable {

    static final int WINDOW = 1 << 20;
    private static final int MAX_WINDOWS = 8;

    private final PeReader.Opener opener;
    private final long size;
    private final Map<Long, byte[]> windows = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
            return size() > MAX_WINDOWS;
        }
    };

    /** The stream left open by the last window read, and where it stands; null when none is. */
    private InputStream open;
    private long openAt;

    StreamSource(PeReader.Opener opener, long size) {
        this.opener = opener;
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long pos, byte[] dst, int len) throws IOException {
        int done = 0;
        while (done < len) {
            long at = pos + done;
            long index = at / WINDOW;
            byte[] window = window(index);
            int inWindow = (int) (at - index * WINDOW);
            int n = Math.min(len - done, window.length - inWindow);
            if (n <= 0) {
                throw new EOFException("the content ended at byte " + at + " of " + size + " declared");
            }
            System.arraycopy(window, inWindow, dst, done, n);
            done += n;
        }
    }

    private byte[] window(long index) throws IOException {
        byte[] cached = windows.get(index);
        if (cached != null) {
            return cached;
        }
        long start = index * WINDOW;
        int want = (int) Math.min(WINDOW, size - start);
        byte[] window = new byte[want];
        if (open == null || openAt > start) {
            close();
            open = opener.open();
            openAt = 0;
        }
        skipFully(open, start - openAt);
        int got = 0;
        while (got < want) {
            int n = open.read(window, got, want - got);
            if (n < 0) {
                break;
            }
            got += n;
        }
        openAt = start + got;
        if (got < want) {
            window = Arrays.copyOf(window, got);
        }
        windows.put(index, window);
        return window;
    }

    @Override
    public void close() throws IOException {
        if (open != null) {
            InputStream in = open;
            open = null;
            in.close();
        }
    }

    private static void skipFully(InputStream in, long n) throws IOException {
        long left = n;
        byte[] scratch = null;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped > 0) {
                left -= skipped;
                continue;
            }
            // skip() may return 0 without being at the end; reading tells the two apart.
            if (scratch == null) {
                scratch = new byte[8192];
            }
            int r = in.read(scratch, 0, (int) Math.min(scratch.length, left));
            if (r < 0) {
                throw new EOFException("the content ended " + left + " bytes before byte " + n);
            }
            left -= r;
        }
    }
}
