package dev.hippack.core.audit.pe;

import java.io.IOException;

/** Random access to the bytes of one file; the reader asks only for small ranges. */
interface ByteSource {

    long size();

    /**
     * Copies {@code len} bytes starting at {@code pos} into {@code dst}. The caller has checked
     * that the range lies inside {@link #size()}; fewer bytes than promised means the content
     * is shorter than declared, which the source reports as an {@link java.io.EOFException}.
     */
    void read(long pos, byte[] dst, int len) throws IOException;
}
