package dev.hippack.core.archive;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.zip.Zip64Mode;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.parallel.FileBasedScatterGatherBackingStore;

/**
 * Writes a package zip. Files are read in sorted order and cut into chunks that all cores
 * deflate at once ({@link ChunkDeflater}); a single writer puts the finished entries into the zip
 * in that same order through Commons Compress, with Zip64 records only where sizes need them.
 * Every entry gets the same time, permissions and no extra fields, so the same tree always gives
 * the same bytes.
 *
 * <p>Commons Compress's own {@code ParallelScatterZipCreator} is not used: it groups entries by
 * the thread that happened to compress them, so its entry order (and the bytes) change from run
 * to run, and it cannot spread one large file over several cores.
 *
 * <p>The zip is written as {@code NAME.zip.partial}, read back and checked entry by entry
 * ({@link ZipVerifier}), and only then moved to its final name; {@code SHA256SUMS} beside it gets
 * the zip's line. A failure or cancel deletes the partial file.
 */
public final class ZipArchiver {

    static final int CHUNK = 1 << 20;
    /** Above this a file's compressed data waits in a temporary file instead of memory. */
    static final long SPILL_THRESHOLD = 128L << 20;
    static final int FILE_MODE = 0100644;
    static final int DIR_MODE = 040755;

    private final SourceTree tree;
    private final ZipVerifier verifier;
    private final Sha256Sums sums;

    public ZipArchiver(SourceTree tree, ZipVerifier verifier, Sha256Sums sums) {
        this.tree = tree;
        this.verifier = verifier;
        this.sums = sums;
    }

    public ZipArchiver() {
        this(new SourceTree(), new ZipVerifier(), new Sha256Sums());
    }

    /** The temporary name a zip is written under until it has been verified. */
    public static Path partialPath(Path zip) {
        return zip.resolveSibling(zip.getFileName() + ".partial");
    }

    public ZipResult run(ZipRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        Path source = request.source().toAbsolutePath().normalize();
        Path output = request.output().toAbsolutePath().normalize();
        if (output.startsWith(source)) {
            throw new PackagerException("The zip " + output + " would be written inside the folder it zips ("
                    + source + "). Choose an output outside that folder.");
        }
        if (Files.exists(output) && !request.overwrite()) {
            throw new PackagerException(output + " already exists. Choose another name, or pass --force to replace it.");
        }
        if (Files.isDirectory(output)) {
            throw new PackagerException(output + " is a folder. Give the zip's file name, e.g. " + output.resolve("package.zip"));
        }
        List<TreeEntry> entries = tree.list(source, request.rootFolder());
        long total = entries.stream().mapToLong(TreeEntry::size).sum();
        int fileCount = (int) entries.stream().filter(e -> !e.directory()).count();
        Path partial = partialPath(output);
        try {
            Files.createDirectories(output.getParent());
        } catch (IOException e) {
            throw new OperationFailedException("Could not create the folder " + output.getParent() + ": "
                    + SourceTree.message(e) + ". Check that it is writable.", e);
        }
        listener.status("Compressing " + fileCount + " files (" + megabytes(total) + ") on " + request.threads()
                + (request.threads() == 1 ? " thread" : " threads"));
        ExecutorService pool = Executors.newFixedThreadPool(request.threads(), daemonThreads());
        ChunkDeflater deflater = new ChunkDeflater(Math.max(1, request.level()), request.threads());
        boolean finished = false;
        try {
            List<ExpectedEntry> expected;
            try {
                expected = write(entries, partial, request, deflater, pool, listener, token, total);
            } catch (IOException e) {
                throw writeFailure(partial, e);
            }
            listener.status("Verifying " + partial.getFileName() + " and computing its SHA-256");
            // The digest reads the file once on its own thread while the entries inflate on the others.
            Future<String> digest = pool.submit(() -> sums.digest(partial));
            String problem = verifier.check(partial, expected, pool, token);
            if (problem != null) {
                throw new OperationFailedException("The zip " + partial + " does not match " + source + " after writing: "
                        + problem + ". The disk or memory may be faulty; the partial file was removed.");
            }
            String sha256;
            try {
                sha256 = digest.get();
            } catch (ExecutionException e) {
                throw new OperationFailedException("Could not read back " + partial + ": " + e.getCause().getMessage(), e);
            }
            token.throwIfCancelled();
            long zipBytes = Files.size(partial);
            moveIntoPlace(partial, output, request.overwrite());
            finished = true;
            Path checksums = sums.record(output, sha256);
            int dirs = entries.size() - fileCount;
            listener.log(LogLine.info("Wrote " + output + ": " + fileCount + " files, " + megabytes(total) + " -> "
                    + megabytes(zipBytes)));
            return new ZipResult(output, checksums, sha256, fileCount, dirs, total, zipBytes);
        } catch (IOException e) {
            throw new OperationFailedException("Could not finish " + output + ": " + SourceTree.message(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OperationCancelledException();
        } finally {
            pool.shutdownNow();
            awaitQuietly(pool);
            // Only once no task can still be using them.
            deflater.close();
            if (!finished) {
                deleteQuietly(partial);
            }
        }
    }

    /** One unit of the pipeline: a chunk of a file (or a whole empty file or directory), in zip order. */
    private record Piece(EntryInProgress entry, Future<byte[]> data, boolean last) { }

    /** A file whose chunks are being compressed; becomes one zip entry when its last chunk is in. */
    private static final class EntryInProgress {
        final TreeEntry source;
        final CRC32 crc = new CRC32();
        long size;
        long compressedSize;
        final List<byte[]> chunks = new ArrayList<>();
        FileBasedScatterGatherBackingStore spill;
        Path spillFile;

        EntryInProgress(TreeEntry source) {
            this.source = source;
        }
    }

    private List<ExpectedEntry> write(List<TreeEntry> entries, Path partial, ZipRequest request, ChunkDeflater deflater,
                                      ExecutorService pool, OperationListener listener, CancellationToken token,
                                      long total) throws IOException, PackagerException, InterruptedException,
                                      OperationCancelledException {
        List<ExpectedEntry> expected = new ArrayList<>(entries.size());
        Deque<Piece> inFlight = new ArrayDeque<>();
        int maxInFlight = request.threads() * 3 + 2;
        long entryTime = dosTimeFor(request.timestamp());
        boolean stored = request.level() == 0;
        long[] done = {0};
        // Plain create-or-truncate: a partial file left by a killed run is ours to reuse.
        try (OutputStream file = Files.newOutputStream(partial, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
             ZipArchiveOutputStream zip = new ZipArchiveOutputStream(new BufferedOutputStream(file, 1 << 20))) {
            zip.setUseZip64(Zip64Mode.AsNeeded);
            zip.setEncoding("UTF-8");
            zip.setUseLanguageEncodingFlag(true);
            zip.setCreateUnicodeExtraFields(ZipArchiveOutputStream.UnicodeExtraFieldPolicy.NEVER);
            zip.setFallbackToUTF8(true);
            try {
                for (TreeEntry entry : entries) {
                    token.throwIfCancelled();
                    EntryInProgress e = new EntryInProgress(entry);
                    if (entry.directory()) {
                        enqueue(inFlight, new Piece(e, null, true), maxInFlight, zip, expected, entryTime, stored,
                                partial, listener, done, total);
                        continue;
                    }
                    try (FileChannel in = openSource(entry.path())) {
                        byte[] previous = null;
                        int previousLength = 0;
                        byte[] current = new byte[CHUNK];
                        int currentLength = readFully(in, current, entry.path());
                        while (true) {
                            token.throwIfCancelled();
                            byte[] next = null;
                            int nextLength = 0;
                            if (currentLength == CHUNK) {
                                next = new byte[CHUNK];
                                nextLength = readFully(in, next, entry.path());
                            }
                            boolean last = nextLength == 0;
                            e.crc.update(current, 0, currentLength);
                            e.size += currentLength;
                            Future<byte[]> data;
                            if (stored || (last && e.size == 0)) {
                                byte[] copy = currentLength == current.length ? current : java.util.Arrays.copyOf(current, currentLength);
                                data = java.util.concurrent.CompletableFuture.completedFuture(copy);
                            } else {
                                byte[] c = current;
                                int cl = currentLength;
                                byte[] p = previous;
                                int pl = previousLength;
                                data = pool.submit(() -> deflater.deflate(c, cl, p, pl, last));
                            }
                            enqueue(inFlight, new Piece(e, data, last), maxInFlight, zip, expected, entryTime, stored,
                                    partial, listener, done, total);
                            if (last) {
                                break;
                            }
                            previous = current;
                            previousLength = currentLength;
                            current = next;
                            currentLength = nextLength;
                        }
                    }
                }
                while (!inFlight.isEmpty()) {
                    token.throwIfCancelled();
                    writePiece(inFlight.removeFirst(), zip, expected, entryTime, stored, partial, listener, done, total);
                }
                zip.finish();
            } finally {
                for (Piece p : inFlight) {
                    if (p.data() != null) {
                        p.data().cancel(true);
                    }
                    closeSpill(p.entry());
                }
            }
        }
        return expected;
    }

    private static FileChannel openSource(Path path) throws PackagerException {
        try {
            return FileChannel.open(path, StandardOpenOption.READ);
        } catch (IOException e) {
            throw readFailure(path, e);
        }
    }

    private static int readFully(FileChannel in, byte[] buffer, Path path) throws PackagerException {
        ByteBuffer bb = ByteBuffer.wrap(buffer);
        try {
            while (bb.hasRemaining()) {
                if (in.read(bb) < 0) {
                    break;
                }
            }
        } catch (IOException e) {
            throw readFailure(path, e);
        }
        return bb.position();
    }

    private static PackagerException readFailure(Path path, IOException e) {
        return new PackagerException("Could not read " + path + ": " + SourceTree.message(e)
                + ". Check that the file is readable and not locked by another program.", e);
    }

    private void enqueue(Deque<Piece> inFlight, Piece piece, int maxInFlight, ZipArchiveOutputStream zip,
                         List<ExpectedEntry> expected, long entryTime, boolean stored, Path partial,
                         OperationListener listener, long[] done, long total)
            throws IOException, InterruptedException, PackagerException {
        inFlight.addLast(piece);
        while (inFlight.size() > maxInFlight || (!inFlight.isEmpty() && inFlight.peekFirst().data() != null
                && inFlight.peekFirst().data().isDone())) {
            writePiece(inFlight.removeFirst(), zip, expected, entryTime, stored, partial, listener, done, total);
        }
    }

    private void writePiece(Piece piece, ZipArchiveOutputStream zip, List<ExpectedEntry> expected, long entryTime,
                            boolean stored, Path partial, OperationListener listener, long[] done, long total)
            throws IOException, InterruptedException, PackagerException {
        EntryInProgress e = piece.entry();
        if (e.source.directory()) {
            ZipArchiveEntry ze = newEntry(e.source.name(), entryTime, DIR_MODE);
            ze.setMethod(ZipArchiveEntry.STORED);
            ze.setSize(0);
            ze.setCompressedSize(0);
            ze.setCrc(0);
            zip.addRawArchiveEntry(ze, InputStream.nullInputStream());
            expected.add(ExpectedEntry.directory(e.source.name()));
            return;
        }
        byte[] data;
        try {
            data = piece.data().get();
        } catch (ExecutionException ex) {
            throw new IllegalStateException("compressing " + e.source.path() + " failed", ex.getCause());
        }
        append(e, data, partial);
        if (!piece.last()) {
            return;
        }
        boolean storeThis = stored || e.size == 0;
        ZipArchiveEntry ze = newEntry(e.source.name(), entryTime, FILE_MODE);
        ze.setMethod(storeThis ? ZipArchiveEntry.STORED : ZipArchiveEntry.DEFLATED);
        ze.setSize(e.size);
        ze.setCompressedSize(e.compressedSize);
        ze.setCrc(e.crc.getValue());
        try (InputStream raw = rawData(e)) {
            zip.addRawArchiveEntry(ze, raw);
        } finally {
            closeSpill(e);
            e.chunks.clear();
        }
        expected.add(ExpectedEntry.file(e.source.name(), e.size, e.crc.getValue()));
        done[0] += e.size;
        listener.progress(done[0], total);
    }

    private static void append(EntryInProgress e, byte[] data, Path partial) throws IOException {
        e.compressedSize += data.length;
        if (e.spill == null && e.compressedSize > SPILL_THRESHOLD) {
            e.spillFile = Files.createTempFile(partial.getParent(), partial.getFileName() + ".", ".spill");
            e.spill = new FileBasedScatterGatherBackingStore(e.spillFile);
            for (byte[] c : e.chunks) {
                e.spill.writeOut(c, 0, c.length);
            }
            e.chunks.clear();
        }
        if (e.spill != null) {
            e.spill.writeOut(data, 0, data.length);
        } else {
            e.chunks.add(data);
        }
    }

    private static InputStream rawData(EntryInProgress e) throws IOException {
        if (e.spill != null) {
            e.spill.closeForWriting();
            return e.spill.getInputStream();
        }
        List<InputStream> parts = new ArrayList<>(e.chunks.size());
        for (byte[] c : e.chunks) {
            parts.add(new ByteArrayInputStream(c));
        }
        return new SequenceInputStream(Collections.enumeration(parts));
    }

    private static void closeSpill(EntryInProgress e) {
        if (e.spill != null) {
            try {
                e.spill.close();
            } catch (IOException ignored) {
                // best effort: the file is deleted below
            }
            deleteQuietly(e.spillFile);
            e.spill = null;
        }
    }

    /** An entry with nothing that varies between machines or runs: fixed time, fixed mode, no extra fields. */
    private static ZipArchiveEntry newEntry(String name, long entryTime, int mode) {
        ZipArchiveEntry ze = new ZipArchiveEntry(name);
        ze.setTime(entryTime);
        ze.setUnixMode(mode);
        ze.setExtraFields(new org.apache.commons.compress.archivers.zip.ZipExtraField[0]);
        return ze;
    }

    /**
     * Zip entry times are local wall-clock fields; shifting by this machine's zone offset makes
     * them show the UTC time of {@code timestamp} in every time zone.
     */
    static long dosTimeFor(Instant timestamp) {
        Instant t = timestamp.isBefore(ZipRequest.FIXED_EPOCH) ? ZipRequest.FIXED_EPOCH : timestamp;
        long utc = t.toEpochMilli();
        // DOS time has two-second resolution; round down so every run agrees.
        utc -= Math.floorMod(utc, 2000L);
        TimeZone zone = TimeZone.getDefault();
        return utc - zone.getOffset(utc - zone.getOffset(utc));
    }

    private static void moveIntoPlace(Path partial, Path output, boolean overwrite) throws PackagerException {
        try {
            if (!overwrite && Files.exists(output)) {
                throw new FileAlreadyExistsException(output.toString());
            }
            try {
                Files.move(partial, output, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, output, overwrite ? new StandardCopyOption[] {StandardCopyOption.REPLACE_EXISTING}
                        : new StandardCopyOption[0]);
            }
        } catch (FileAlreadyExistsException e) {
            throw new PackagerException(output + " appeared while zipping. It was left as it is; pass --force to replace it.");
        } catch (IOException e) {
            throw new OperationFailedException("Could not rename " + partial + " to " + output + ": " + SourceTree.message(e)
                    + ". Close any program that has " + output.getFileName() + " open and run again.", e);
        }
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

    private static PackagerException writeFailure(Path partial, IOException e) {
        deleteQuietly(partial);
        if (isDiskFull(e)) {
            return new OperationFailedException("The disk is full: could not write " + partial + ". The partial zip was removed; "
                    + "free space on that drive (the zip needs roughly the size of the package) or choose another --out, "
                    + "then run again.", e);
        }
        return new OperationFailedException("Could not write " + partial + ": " + SourceTree.message(e)
                + ". Check that the folder is writable; the partial zip was removed.", e);
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover .partial never looks finished, and the next run replaces it
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

    static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
