package dev.hippack.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Channels that accept {@code limit} bytes and then fail every write the way a full drive does
 * ("No space left on device"), for tests of what a failed write leaves behind. The file itself
 * is real: what was written before the failure is on disk.
 */
public final class FailingChannels {

    private FailingChannels() { }

    /** Opens real files, whose writes fail once {@code limit} bytes went through. */
    public static WriteChannels failingAfter(long limit) {
        return (path, options) -> new Failing(FileChannel.open(path, options), limit);
    }

    private static final class Failing extends FileChannel {
        private final FileChannel real;
        private long left;

        Failing(FileChannel real, long limit) {
            this.real = real;
            this.left = limit;
        }

        private int take(ByteBuffer src) throws IOException {
            if (src.remaining() > left) {
                throw new IOException("No space left on device");
            }
            left -= src.remaining();
            return src.remaining();
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            take(src);
            return real.write(src);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            take(src);
            return real.write(src, position);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return real.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return real.read(dsts, offset, length);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return real.read(dst, position);
        }

        @Override
        public long position() throws IOException {
            return real.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            real.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return real.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            real.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            real.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return real.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            throw new IOException("not supported by this test channel");
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return real.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return real.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            real.close();
        }
    }
}
