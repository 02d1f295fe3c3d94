package dev.hippack.core.archive;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.Deflater;

/**
 * Deflates one file as independent chunks that concatenate into a single valid deflate stream
 * (the pigz technique), so one large DLL keeps every core busy. Each chunk is primed with the
 * last 32 KiB of the chunk before it, which keeps the size within a few bytes per chunk of a
 * one-piece deflate; every chunk but the last ends on a byte boundary with a sync flush. The
 * output depends only on the bytes, the level and the chunk size, never on which thread ran it.
 */
final class ChunkDeflater implements AutoCloseable {

    /** Deflate's window: the most a chunk can refer back into the one before it. */
    static final int DICTIONARY = 32 * 1024;

    private final BlockingQueue<Deflater> deflaters;
    private final Deflater[] all;

    ChunkDeflater(int level, int threads) {
        all = new Deflater[threads];
        deflaters = new ArrayBlockingQueue<>(threads);
        for (int i = 0; i < threads; i++) {
            // nowrap: raw deflate, as zip entries hold it.
            all[i] = new Deflater(level, true);
            deflaters.add(all[i]);
        }
    }

    /**
     * Compresses {@code data[0, length)}. {@code previous} is the chunk before it in the same file
     * (null for the first); {@code last} finishes the stream.
     */
    byte[] deflate(byte[] data, int length, byte[] previous, int previousLength, boolean last)
            throws InterruptedException {
        Deflater d = deflaters.take();
        try {
            d.reset();
            if (previous != null && previousLength > 0) {
                int n = Math.min(DICTIONARY, previousLength);
                d.setDictionary(previous, previousLength - n, n);
            }
            d.setInput(data, 0, length);
            if (last) {
                d.finish();
            }
            byte[] out = new byte[Math.max(64, length + length / 1000 + 64)];
            int pos = 0;
            while (true) {
                int space = out.length - pos;
                int n = last ? d.deflate(out, pos, space, Deflater.NO_FLUSH) : d.deflate(out, pos, space, Deflater.SYNC_FLUSH);
                pos += n;
                boolean done = last ? d.finished() : n < space;
                if (done) {
                    return pos == out.length ? out : Arrays.copyOf(out, pos);
                }
                if (pos == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
            }
        } finally {
            deflaters.add(d);
        }
    }

    @Override
    public void close() {
        for (Deflater d : all) {
            d.end();
        }
    }
}
