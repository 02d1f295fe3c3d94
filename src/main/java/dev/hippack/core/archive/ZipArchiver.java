package dev.hippack.core.archive;

import dev.hippack.core.ByteSize;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.FreeSpace;
import dev.hippack.core.io.OutputLock;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * Writes a package zip. Files are read in sorted order, cut into 1 MiB {@link Chunk}s that the
 * deflate threads compress at once ({@link ChunkDeflater}), and written in that same order by one
 * writer ({@link ZipWriter}) straight into the file. Every entry gets the same time, permissions
 * and no extra fields, so the same tree always gives the same bytes.
 *
 * <p>The zip is written beside its final name under an unpredictable temporary name
 * ({@link AtomicFile}), while one reader follows the writer through the file and checks every
 * entry as soon as it is complete ({@link ReadBack}: headers, inflated size and CRC-32 against
 * what was read from the folder, then the central directory), computing the SHA-256 from the same
 * bytes. Only a zip that passed is moved to its final name, together with its line in
 * {@code SHA256SUMS}. A failure or cancel removes the temporary file; refusals (an existing zip
 * without overwrite, a link in the tree, another run writing to the same folder) come before
 * anything is written.
 *
 * <p>Memory does not grow with the package or the thread count: at most
 * {@link #MAX_CHUNKS_IN_FLIGHT} chunks exist, and the threads are capped at the cores.
 */
public final class ZipArchiver {

    /** Chunks between reading and writing at once, whatever the thread count: about 2 MiB of buffers each. */
    static final int MAX_CHUNKS_IN_FLIGHT = 16;

    private final SourceTree tree;
    private final Sha256Sums sums;
    private final WriteChannels channels;
    private final FreeSpace freeSpace;

    public ZipArchiver(SourceTree tree, Sha256Sums sums, WriteChannels channels, FreeSpace freeSpace) {
        this.tree = tree;
        this.sums = sums;
        this.channels = channels;
        this.freeSpace = freeSpace;
    }

    public ZipArchiver(SourceTree tree, Sha256Sums sums, WriteChannels channels) {
        this(tree, sums, channels, FreeSpace.SYSTEM);
    }

    public ZipArchiver() {
        this(new SourceTree(), new Sha256Sums(), WriteChannels.DEFAULT);
    }

    /**
     * The most a zip of {@code contentBytes} in {@code files} files can take: the content (stored
     * where deflate would not shrink it), a little for deflate's worst case, and each entry's
     * local header, data descriptor and central directory record with its name.
     */
    static long bytesNeeded(long contentBytes, int files) {
        return contentBytes + contentBytes / 512 + 1024L * (files + 1);
    }

    /** Zips under the output folder's own {@link OutputLock}. */
    @SuppressWarnings("try") // the lock is held for the block's length and needs no call
    public ZipResult run(ZipRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        checkOutput(request);
        List<TreeEntry> entries = tree.list(request.source(), request.rootFolder());
        Path output = output(request);
        try (OutputLock lock = OutputLock.acquire(output.getParent(), "zip " + output.getFileName())) {
            return write(request, entries, listener, token);
        }
    }

    /** Zips for a caller that already holds the lock of the output's folder (as {@code package} does). */
    public ZipResult run(ZipRequest request, OutputLock lock, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        if (!lock.covers(output(request))) {
            throw new IllegalArgumentException("the lock on " + lock.folder() + " does not cover " + request.output());
        }
        checkOutput(request);
        List<TreeEntry> entries = tree.list(request.source(), request.rootFolder());
        return write(request, entries, listener, token);
    }

    /**
     * Every refusal about the output that needs nothing written: the zip inside the folder it
     * zips, a zip that exists (without overwrite), an output or SHA256SUMS that is a folder or a
     * link. {@code package} calls it before it builds or stages anything.
     */
    public void checkOutput(ZipRequest request) throws PackagerException {
        Path source = request.source().toAbsolutePath().normalize();
        Path output = output(request);
        if (output.startsWith(source)) {
            throw new PackagerException("The zip " + output + " would be written inside the folder it zips ("
                    + source + "). Choose an output outside that folder.");
        }
        if (Files.isDirectory(output, LinkOption.NOFOLLOW_LINKS)) {
            throw new PackagerException(output + " is a folder. Give the zip's file name, e.g. " + output.resolve("package.zip"));
        }
        refuseUnsafe(output);
        if (Files.exists(output, LinkOption.NOFOLLOW_LINKS) && !request.overwrite()) {
            throw new PackagerException(output + " already exists. Choose another name, or pass --force to replace it.");
        }
        refuseUnsafe(output.resolveSibling(Sha256Sums.FILE_NAME));
    }

    private static void refuseUnsafe(Path p) throws PackagerException {
        try {
            AtomicFile.refuseUnsafeTarget(p);
        } catch (UnsafeTargetException e) {
            throw new PackagerException(p + " " + e.reason() + ". Nothing was written; remove it or choose another --out.");
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write " + p + ": " + SourceTree.message(e)
                    + ". Nothing was written; check that its folder is a folder you can write to, or choose another --out.", e);
        }
    }

    private static Path output(ZipRequest request) {
        return request.output().toAbsolutePath().normalize();
    }

    /** The deflate threads for {@code chunks} chunks: as asked, but never more than the cores or the chunks. */
    static int threadsFor(int requested, long chunks) {
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        return (int) Math.max(1, Math.min(Math.min(requested, cores), chunks));
    }

    private ZipResult write(ZipRequest request, List<TreeEntry> entries, OperationListener listener,
                            CancellationToken token) throws PackagerException, OperationCancelledException {
        Path output = output(request);
        // Under the lock: the zip may have appeared meanwhile, and a killed run may have left temporary files.
        checkOutput(request);
        removeLeftovers(output);
        removeLeftovers(output.resolveSibling(Sha256Sums.FILE_NAME));

        long total = 0;
        long chunks = 0;
        int fileCount = 0;
        for (TreeEntry e : entries) {
            if (!e.directory()) {
                total += e.size();
                chunks += Math.max(1, (e.size() + Chunk.SIZE - 1) / Chunk.SIZE);
                fileCount++;
            }
        }
        freeSpace.require(output.getParent(), bytesNeeded(total, fileCount), "the zip " + output.getFileName());
        boolean stored = request.level() == 0;
        int threads = stored ? 1 : threadsFor(request.threads(), chunks);
        listener.status("Compressing " + fileCount + " files (" + ByteSize.of(total) + ") on " + threads
                + (threads == 1 ? " thread" : " threads")
                + (threads < request.threads() ? " (" + request.threads() + " asked; capped at the cores and the work)" : "")
                + ", checking each entry as it is written");

        ExecutorService pool = stored ? null : Executors.newFixedThreadPool(threads, daemonThreads());
        ChunkDeflater deflater = stored ? null : new ChunkDeflater(request.level(), threads);
        try (AtomicFile zip = create(output)) {
            Checked checked = writeAndCheck(request, entries, zip, pool, deflater, threads, listener, total, token);
            long zipBytes = zip.channel().size();
            try (Sha256Sums.Pending newSums = sums.prepare(output, checked.sha256())) {
                // The old zip's line goes first, the new line last: a kill in between leaves a zip
                // without a line, never beside a line that disagrees with it.
                newSums.withdrawOldLine();
                commit(zip, output, request.overwrite());
                Path checksums = newSums.commit();
                int dirs = entries.size() - fileCount;
                listener.log(LogLine.info("Wrote " + output + ": " + fileCount + " files, " + ByteSize.of(total) + " -> "
                        + ByteSize.of(zipBytes) + ", read back and verified"));
                return new ZipResult(output, checksums, checked.sha256(), fileCount, dirs, total, zipBytes);
            }
        } catch (IOException e) {
            throw new OperationFailedException("Could not finish " + output + ": " + SourceTree.message(e)
                    + ". Nothing was put in its place.", e);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
                awaitQuietly(pool);
            }
            // Only once no task can still be using them.
            if (deflater != null) {
                deflater.close();
            }
        }
    }

    /** A zip that was read back and matched: its SHA-256, from the bytes read. */
    private record Checked(String sha256) { }

    /**
     * Writes the zip into {@code zip} while a second thread reads it back behind the writer;
     * returns once both are done and the zip matched.
     */
    private Checked writeAndCheck(ZipRequest request, List<TreeEntry> entries, AtomicFile zip, ExecutorService pool,
                                  ChunkDeflater deflater, int threads, OperationListener listener, long total,
                                  CancellationToken token) throws PackagerException, OperationCancelledException, IOException {
        try (FileChannel readChannel = FileChannel.open(zip.temporary(), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return writeAndCheck(request, entries, zip, readChannel, pool, deflater, threads, listener, total, token);
        }
    }

    private Checked writeAndCheck(ZipRequest request, List<TreeEntry> entries, AtomicFile zip, FileChannel readChannel,
                                  ExecutorService pool, ChunkDeflater deflater, int threads, OperationListener listener,
                                  long total, CancellationToken token)
            throws PackagerException, OperationCancelledException, IOException {
        WrittenSoFar written = new WrittenSoFar();
        Thread checker = null;
        try {
            ReadBack readBack = new ReadBack(readChannel, written, zip.channel());
            FutureTask<ReadBack.Outcome> check = new FutureTask<>(() -> readBack.run(token));
            checker = new Thread(check, "zip-read-back");
            checker.setDaemon(true);
            checker.start();
            Pipeline pipeline = new Pipeline(new ZipWriter(zip.channel(), request.timestamp()), pool, deflater,
                    request.level() == 0, Math.min(2 * threads + 2, MAX_CHUNKS_IN_FLIGHT), written, check, listener, total);
            List<ExpectedEntry> expected;
            try {
                expected = pipeline.run(entries, token);
            } catch (IOException e) {
                throw writeFailure(zip.temporary(), e);
            }
            listener.status("Checking the last entries and the central directory of " + request.output().getFileName());
            ReadBack.Outcome outcome;
            try {
                outcome = check.get();
            } catch (ExecutionException e) {
                throw unwrap(e);
            }
            String problem = outcome.problem();
            if (problem == null) {
                problem = ZipVerifier.independentCheck(zip.temporary(), expected);
            }
            if (problem != null) {
                throw new OperationFailedException("The zip " + zip.temporary() + " does not match "
                        + request.source() + " after writing: " + problem
                        + ". The disk or memory may be faulty, or the folder changed while zipping; the partial file was removed.");
            }
            token.throwIfCancelled();
            return new Checked(outcome.sha256());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationCancelledException();
        } finally {
            // Stop the reader before its channel closes; it ends by itself when the zip was complete.
            written.abandon();
            if (checker != null) {
                checker.interrupt();
                joinQuietly(checker);
            }
        }
    }

    private AtomicFile create(Path output) throws OperationFailedException, PackagerException {
        try {
            return AtomicFile.create(output, channels);
        } catch (UnsafeTargetException e) {
            throw new PackagerException(output + " " + e.reason() + ". Nothing was written; remove it or choose another --out.");
        } catch (IOException e) {
            throw writeFailure(output, e);
        }
    }

    private static void commit(AtomicFile zip, Path output, boolean overwrite) throws PackagerException {
        try {
            zip.commit(overwrite);
        } catch (FileAlreadyExistsException e) {
            throw new PackagerException(output + " appeared while zipping. It was left as it is; pass --force to replace it.");
        } catch (UnsafeTargetException e) {
            throw new PackagerException(output + " " + e.reason() + ". The zip was not put in its place.");
        } catch (IOException e) {
            if (isDiskFull(e)) {
                throw writeFailure(zip.temporary(), e);
            }
            throw new OperationFailedException("Could not rename " + zip.temporary() + " to " + output + ": "
                    + SourceTree.message(e) + ". Close any program that has " + output.getFileName()
                    + " open and run again.", e);
        }
    }

    /** Temporary files of {@code target} left by a killed run; only called under the folder's lock. */
    private static void removeLeftovers(Path target) {
        try {
            for (Path p : AtomicFile.leftovers(target)) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a leftover keeps its .partial name and never looks finished
        }
    }

    private static PackagerException unwrap(ExecutionException e) throws OperationCancelledException {
        Throwable cause = e.getCause();
        if (cause instanceof OperationCancelledException c) {
            throw c;
        }
        if (cause instanceof WrittenSoFar.Abandoned) {
            throw new OperationCancelledException();
        }
        return new OperationFailedException("Reading the zip back failed: " + cause, cause);
    }

    /** The reading, compressing and writing of one run; used by one thread, the caller's. */
    private static final class Pipeline {

        /** One unit in zip order: a folder, or a chunk of a file. */
        private record Piece(TreeEntry entry, FileInProgress file, Chunk chunk, Future<?> compressed, boolean first,
                             boolean last) { }

        /** A file whose chunks are on their way; one zip entry when the last is written. */
        private static final class FileInProgress {
            final int method;
            final CRC32 crc = new CRC32();
            long read;
            long compressed;
            ZipWriter.Open open;

            FileInProgress(int method) {
                this.method = method;
            }
        }

        private final ZipWriter writer;
        private final ExecutorService pool;
        private final ChunkDeflater deflater;
        private final boolean stored;
        private final int maxChunks;
        private final WrittenSoFar written;
        private final Future<ReadBack.Outcome> check;
        private final OperationListener listener;
        private final long total;
        private final Deque<Piece> inFlight = new ArrayDeque<>();
        private final Deque<Chunk> free = new ArrayDeque<>();
        private final List<ExpectedEntry> expected = new ArrayList<>();
        private final ByteBuffer carry = ByteBuffer.allocateDirect(ChunkDeflater.DICTIONARY);
        private final ByteBuffer probe = ByteBuffer.allocate(1);
        private int chunksMade;
        private long done;
        private CancellationToken token = CancellationToken.none();

        Pipeline(ZipWriter writer, ExecutorService pool, ChunkDeflater deflater, boolean stored, int maxChunks,
                 WrittenSoFar written, Future<ReadBack.Outcome> check, OperationListener listener, long total) {
            this.writer = writer;
            this.pool = pool;
            this.deflater = deflater;
            this.stored = stored;
            this.maxChunks = maxChunks;
            this.written = written;
            this.check = check;
            this.listener = listener;
            this.total = total;
        }

        /** Writes every entry and the central directory; returns what the zip must hold. */
        List<ExpectedEntry> run(List<TreeEntry> entries, CancellationToken token)
                throws IOException, PackagerException, OperationCancelledException, InterruptedException {
            this.token = token;
            for (TreeEntry entry : entries) {
                token.throwIfCancelled();
                if (entry.directory()) {
                    enqueue(new Piece(entry, null, null, null, true, true));
                    continue;
                }
                FileInProgress file = new FileInProgress(stored || entry.size() == 0 ? ZipWriter.STORED : ZipWriter.DEFLATED);
                try (FileChannel in = openSource(entry.path())) {
                    carry.clear().flip();
                    boolean first = true;
                    boolean last = false;
                    while (!last) {
                        token.throwIfCancelled();
                        Chunk chunk = freeChunk();
                        int n;
                        try {
                            n = chunk.fill(in, carry);
                        } catch (IOException e) {
                            throw readFailure(entry.path(), e);
                        }
                        file.crc.update(chunk.data());
                        file.read += n;
                        last = file.read >= entry.size();
                        if (n < Chunk.SIZE && !last || last && file.read > entry.size() || last && grew(in, entry)) {
                            throw changed(entry);
                        }
                        chunk.last(last);
                        if (!last) {
                            chunk.keepTail(carry);
                        }
                        Future<?> compressed = file.method == ZipWriter.STORED ? null : pool.submit(() -> {
                            deflater.deflate(chunk);
                            return null;
                        });
                        enqueue(new Piece(entry, file, chunk, compressed, first, last));
                        first = false;
                    }
                }
            }
            while (!inFlight.isEmpty()) {
                token.throwIfCancelled();
                writeHead();
            }
            writer.finish();
            written.finish(writer.position());
            return expected;
        }

        private boolean grew(FileChannel in, TreeEntry entry) throws PackagerException {
            probe.clear();
            try {
                return in.read(probe) > 0;
            } catch (IOException e) {
                throw readFailure(entry.path(), e);
            }
        }

        private Chunk freeChunk() throws IOException, InterruptedException, PackagerException, OperationCancelledException {
            while (free.isEmpty()) {
                if (chunksMade < maxChunks) {
                    chunksMade++;
                    return new Chunk();
                }
                writeHead();
            }
            return free.pop();
        }

        /** Queues a piece, then writes every piece at the head that is ready, without waiting. */
        private void enqueue(Piece piece)
                throws IOException, InterruptedException, PackagerException, OperationCancelledException {
            inFlight.addLast(piece);
            while (!inFlight.isEmpty() && (inFlight.peekFirst().compressed() == null || inFlight.peekFirst().compressed().isDone())) {
                writeHead();
            }
        }

        private void writeHead() throws IOException, InterruptedException, PackagerException, OperationCancelledException {
            Piece p = inFlight.removeFirst();
            String name = p.entry().name();
            if (p.entry().directory()) {
                writer.directory(name);
                finished(ExpectedEntry.directory(name), 0);
                return;
            }
            FileInProgress file = p.file();
            if (p.first()) {
                file.open = writer.begin(name, false, file.method, p.entry().size());
            }
            if (p.compressed() != null) {
                try {
                    p.compressed().get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof InterruptedException ie) {
                        throw ie;
                    }
                    throw new IllegalStateException("compressing " + p.entry().path() + " failed", e.getCause());
                }
            }
            ByteBuffer data = file.method == ZipWriter.STORED ? p.chunk().data() : p.chunk().output();
            file.compressed += data.remaining();
            writer.data(data);
            free.push(p.chunk());
            if (p.last()) {
                long crc = file.crc.getValue();
                writer.end(file.open, crc, file.read, file.compressed);
                finished(ExpectedEntry.file(name, file.read, crc), file.read);
            }
        }

        private void finished(ExpectedEntry entry, long bytes) throws PackagerException, OperationCancelledException {
            expected.add(entry);
            written.entry(entry, writer.position());
            done += bytes;
            if (bytes > 0) {
                listener.progress(done, total);
            }
            if (check.isDone()) {
                // The read-back ends early only when cancelled or when it found a problem; stop writing.
                token.throwIfCancelled();
                throw new OperationFailedException("Reading the zip back stopped at '" + entry.name() + "': "
                        + earlyOutcome());
            }
        }

        private String earlyOutcome() {
            try {
                ReadBack.Outcome o = check.get();
                return o.problem() == null ? "it ended before the zip did" : o.problem();
            } catch (ExecutionException e) {
                return String.valueOf(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "interrupted";
            }
        }

        private static PackagerException changed(TreeEntry entry) {
            return new OperationFailedException(entry.path() + " changed while it was being zipped (it had "
                    + entry.size() + " bytes when the folder was listed). Make sure nothing writes to the package folder "
                    + "while it is zipped, and run again.");
        }
    }

    private static FileChannel openSource(Path path) throws PackagerException {
        try {
            return FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw readFailure(path, e);
        }
    }

    private static PackagerException readFailure(Path path, IOException e) {
        if (e instanceof NoSuchFileException) {
            return vanished(path);
        }
        return new PackagerException("Could not read " + path + ": " + SourceTree.message(e)
                + ". Check that the file is readable and not locked by another program.", e);
    }

    /** A file listed, then gone before it was read: the work failed (as a file that changed does), the input was fine. */
    static OperationFailedException vanished(Path path) {
        return new OperationFailedException(path + " was removed while the folder was being zipped (it was there when the folder"
                + " was listed). Make sure nothing changes the package folder while it is zipped, and run again.");
    }

    static boolean isDiskFull(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null) {
                String lower = m.toLowerCase(Locale.ROOT);
                if (lower.contains("no space left") || lower.contains("not enough space") || lower.contains("disk full")
                        || lower.contains("disk quota exceeded")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static OperationFailedException writeFailure(Path partial, IOException e) {
        if (isDiskFull(e)) {
            return new OperationFailedException("The disk is full: could not write " + partial + ". The partial zip was "
                    + "removed; free space on that drive (the zip needs roughly the size of the package) or choose another "
                    + "--out, then run again.", e);
        }
        return new OperationFailedException("Could not write " + partial + ": " + SourceTree.message(e)
                + ". Check that the folder is writable; the partial zip was removed.", e);
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(TimeUnit.MINUTES.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(ExecutorService pool) {
        try {
            pool.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "zip-deflate-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
