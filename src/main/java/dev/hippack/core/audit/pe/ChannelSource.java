package dev.hippack.core.audit.pe;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** A file on disk, read in place: only the header and the import tables are ever read. */
final class ChannelSource implements ByteSource {

    private final FileChannel channel;
    private final long size;

    ChannelSource(FileChannel channel) throws IOException {
        this.channel = channel;
        this.size = channel.size();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void read(long pos, byte[] dst, int len) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(dst, 0, len);
        long at = pos;
        while (buf.hasRemaining()) {
            int n = channel.read(buf, at);
            if (n < 0) {
                throw new EOFException("the file ended at byte " + at);
            }
            at += n;
        }
    }
}
