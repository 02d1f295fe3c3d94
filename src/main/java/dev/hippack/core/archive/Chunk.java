package dev.hippack.core.archive;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The buffers of one piece of a file on its way into the zip: the 32 KiB before it (the deflate
 * dictionary), up to {@link #SIZE} bytes of the file, and the compressed result. Direct buffers,
 * made once per run and reused from chunk to chunk, so memory does not grow with the package.
 */
final class Chunk {

    /** How much of a file one chunk holds. */
    static final int SIZE = 1 << 20;
    /** Deflate's worst case for {@link #SIZE} bytes is about 0.03% more; this leaves ample room. */
    private static final int OUTPUT = SIZE + SIZE / 64 + 4096;

    private final ByteBuffer input = ByteBuffer.allocateDirect(ChunkDeflater.DICTIONARY + SIZE);
    private ByteBuffer output = ByteBuffer.allocateDirect(OUTPUT);
    private int dictionaryLength;
    private int length;
    private boolean last;

    /**
     * Fills the chunk from {@code in}: the dictionary from {@code carry} (the end of the chunk
     * before, or empty), then up to {@link #SIZE} bytes. Returns the number of file bytes read.
     */
    int fill(FileChannel in, ByteBuffer carry) throws IOException {
        dictionaryLength = carry.remaining();
        input.clear();
        input.position(ChunkDeflater.DICTIONARY - dictionaryLength);
        input.put(carry.duplicate());
        while (input.hasRemaining()) {
            if (in.read(input) < 0) {
                break;
            }
        }
        length = input.position() - ChunkDeflater.DICTIONARY;
        return length;
    }

    /** Keeps the last 32 KiB of this chunk's data in {@code carry} (cleared first), for the next chunk. */
    void keepTail(ByteBuffer carry) {
        carry.clear();
        int n = Math.min(ChunkDeflater.DICTIONARY, length);
        ByteBuffer tail = input.duplicate();
        tail.limit(ChunkDeflater.DICTIONARY + length).position(ChunkDeflater.DICTIONARY + length - n);
        carry.put(tail).flip();
    }

    void last(boolean v) {
        last = v;
    }

    boolean last() {
        return last;
    }

    int length() {
        return length;
    }

    int dictionaryLength() {
        return dictionaryLength;
    }

    /** The file bytes of this chunk, as a fresh view. */
    ByteBuffer data() {
        ByteBuffer d = input.duplicate();
        d.limit(ChunkDeflater.DICTIONARY + length).position(ChunkDeflater.DICTIONARY);
        return d;
    }

    ByteBuffer dictionary() {
        ByteBuffer d = input.duplicate();
        d.limit(ChunkDeflater.DICTIONARY).position(ChunkDeflater.DICTIONARY - dictionaryLength);
        return d;
    }

    ByteBuffer output() {
        return output;
    }

    /** Doubles the output buffer, keeping what is in it; for input that deflate cannot shrink at all. */
    ByteBuffer growOutput() {
        ByteBuffer bigger = ByteBuffer.allocateDirect(output.capacity() * 2);
        output.flip();
        bigger.put(output);
        output = bigger;
        return bigger;
    }
}
