package dev.hippack.core.archive;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.Deflater;

/**
 * Deflates one file as independent chunks that concatenate into a single valid deflate stream
 * (the pigz technique), so one large DLL keeps every core busy. Each chunk is primed with the
 * last 32 KiB of the chunk before it, which keeps the size within a few bytes per chunk of a
 * one-piece deflate; every chunk but the last ends on a byte boundary with a sync flush. The
 * output depends only on the bytes, the level and the chunk size, never on which thread ran it.
 *
 * <p>Input and output live in {@link Chunk}s, direct buffers allocated once per run and reused,
 * so zlib reads and writes them in place: no per-chunk allocation, no copies through the heap.
 */
final class ChunkDeflater implements AutoCloseable {

    /** Deflate's window: the most a chunk can refer back into the one before it. */
    static final int DICTIONARY = 32 * 1024;

    private final BlockingQueue<Deflater> idle;
    private final List<Deflater> all = new ArrayList<>();

    ChunkDeflater(int level, int threads) {
        idle = new ArrayBlockingQueue<>(threads);
        for (int i = 0; i < threads; i++) {
            // nowrap: raw deflate, as zip entries hold it.
            Deflater d = new Deflater(level, true);
            all.add(d);
            idle.add(d);
        }
    }

    /** Compresses the chunk's data into its output buffer, which is left flipped for reading. */
    void deflate(Chunk chunk) throws InterruptedException {
        Deflater d = idle.take();
        try {
            d.reset();
            if (chunk.dictionaryLength() > 0) {
                d.setDictionary(chunk.dictionary());
            }
            d.setInput(chunk.data());
            if (chunk.last()) {
                d.finish();
            }
            ByteBuffer out = chunk.output();
            out.clear();
            int flush = chunk.last() ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH;
            while (true) {
                d.deflate(out, flush);
                // A sync flush is complete when it returns with room to spare; the last chunk when the stream ends.
                boolean done = chunk.last() ? d.finished() : out.hasRemaining();
                if (done) {
                    break;
                }
                if (!out.hasRemaining()) {
                    out = chunk.growOutput();
                }
            }
            out.flip();
        } finally {
            idle.add(d);
        }
    }

    @Override
    public void close() {
        for (Deflater d : all) {
            d.end();
        }
    }
}
