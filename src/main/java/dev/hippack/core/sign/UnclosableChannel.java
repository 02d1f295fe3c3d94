package dev.hippack.core.sign;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/** A channel whose close() leaves the underlying channel open: the caller that opened it closes it. */
final class UnclosableChannel implements SeekableByteChannel {

    private final SeekableByteChannel channel;

    UnclosableChannel(SeekableByteChannel channel) {
        this.channel = channel;
    }

    @Override public int read(ByteBuffer dst) throws IOException { return channel.read(dst); }
    @Override public int write(ByteBuffer src) throws IOException { return channel.write(src); }
    @Override public long position() throws IOException { return channel.position(); }
    @Override public SeekableByteChannel position(long p) throws IOException { channel.position(p); return this; }
    @Override public long size() throws IOException { return channel.size(); }
    @Override public SeekableByteChannel truncate(long size) throws IOException { channel.truncate(size); return this; }
    @Override public boolean isOpen() { return channel.isOpen(); }
    @Override public void close() { /* the caller's channel */ }
}
