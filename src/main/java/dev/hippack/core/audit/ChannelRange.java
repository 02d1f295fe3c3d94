package dev.hippack.core.audit;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The bytes {@code [start, start + length)} of a file, read with positional reads so that many
 * ranges of one open channel can be read at once; closing the range leaves the channel open.
 */
final class ChannelRange extends InputStream {

    private final FileChannel channel;
    private final long end;
    private long at;

    ChannelRange(FileChannel channel, long start, long length) {
        this.channel = channel;
        this.at = start;
        this.end = start + length;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (at >= end) {
            return -1;
        }
        int n = channel.read(ByteBuffer.wrap(b, off, (int) Math.min(len, end - at)), at);
        if (n < 0) {
            throw new EOFException("the file ends inside the entry's data, at byte " + at);
        }
        at += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, end - at));
        at += k;
        return k;
    }

    /** A stream cut at {@code limit} bytes: an entry never yields more than its declared size. */
    static final class Limited extends FilterInputStream {
        private long left;

        Limited(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long k = super.skip(Math.min(n, left));
            left -= k;
            return k;
        }
    }
}
