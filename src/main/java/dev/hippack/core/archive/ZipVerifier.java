package dev.hippack.core.archive;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Reads a zip back and compares it with what it should hold: the same entry names in the same
 * order, each file's size and CRC-32 in the central directory, in its local header, and in the
 * bytes that actually inflate out of it. Files are inflated on all threads of the given pool.
 */
public final class ZipVerifier {

    private static final int LOCAL_HEADER_SIGNATURE = 0x04034b50;
    private static final long ZIP64_MARKER = 0xFFFFFFFFL;

    /** Checks {@code zip} on its own threads; returns the first problem found, or null when it matches. */
    public String check(Path zip, List<ExpectedEntry> expected, CancellationToken token)
            throws OperationCancelledException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            return check(zip, expected, pool, token);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Checks {@code zip} on {@code pool}; returns the first problem found, or null when it matches. */
    public String check(Path zip, List<ExpectedEntry> expected, ExecutorService pool, CancellationToken token)
            throws OperationCancelledException, InterruptedException {
        try (ZipFile zf = ZipFile.builder().setPath(zip).get();
             FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
            List<ZipArchiveEntry> actual = Collections.list(zf.getEntries());
            for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
                if (!actual.get(i).getName().equals(expected.get(i).name())) {
                    return "entry " + (i + 1) + " is '" + actual.get(i).getName() + "' where '" + expected.get(i).name()
                            + "' was expected";
                }
            }
            if (actual.size() != expected.size()) {
                return "it holds " + actual.size() + " entries instead of " + expected.size();
            }
            List<Future<String>> inflated = new ArrayList<>();
            for (int i = 0; i < actual.size(); i++) {
                token.throwIfCancelled();
                ZipArchiveEntry entry = actual.get(i);
                ExpectedEntry want = expected.get(i);
                String problem = checkHeaders(channel, entry, want);
                if (problem != null) {
                    return problem;
                }
                if (!want.directory()) {
                    inflated.add(pool.submit(() -> checkContent(zf, entry, want, token)));
                }
            }
            for (Future<String> f : inflated) {
                token.throwIfCancelled();
                String problem = f.get();
                if (problem != null) {
                    inflated.forEach(x -> x.cancel(true));
                    return problem;
                }
            }
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof OperationCancelledException c) {
                throw c;
            }
            return "reading it back failed: " + e.getCause();
        } catch (IOException e) {
            return "it cannot be read back as a zip (" + SourceTree.message(e) + ")";
        }
    }

    private static String checkHeaders(FileChannel channel, ZipArchiveEntry entry, ExpectedEntry want) throws IOException {
        String name = want.name();
        if (entry.isDirectory() != want.directory()) {
            return "'" + name + "' is " + (entry.isDirectory() ? "a folder" : "a file") + " in the zip";
        }
        if (entry.getSize() != want.size() || entry.getCrc() != want.crc()) {
            return "'" + name + "' is recorded with size " + entry.getSize() + " and CRC " + hex(entry.getCrc())
                    + " in the central directory; the staged file has size " + want.size() + " and CRC " + hex(want.crc());
        }
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        ByteBuffer header = ByteBuffer.allocate(30 + nameBytes.length).order(ByteOrder.LITTLE_ENDIAN);
        long at = entry.getLocalHeaderOffset();
        while (header.hasRemaining()) {
            if (channel.read(header, at + header.position()) < 0) {
                return "the local header of '" + name + "' is cut off";
            }
        }
        header.flip();
        if (header.getInt(0) != LOCAL_HEADER_SIGNATURE) {
            return "the local header of '" + name + "' is damaged";
        }
        long crc = Integer.toUnsignedLong(header.getInt(14));
        long compressed = Integer.toUnsignedLong(header.getInt(18));
        long size = Integer.toUnsignedLong(header.getInt(22));
        int nameLength = Short.toUnsignedInt(header.getShort(26));
        byte[] localName = Arrays.copyOfRange(header.array(), 30, 30 + nameBytes.length);
        if (nameLength != nameBytes.length || !Arrays.equals(localName, nameBytes)) {
            return "the local header of '" + name + "' names another file";
        }
        if (crc != want.crc() || (size != ZIP64_MARKER && size != want.size())
                || (compressed != ZIP64_MARKER && compressed != entry.getCompressedSize())) {
            return "the local header of '" + name + "' disagrees with the central directory";
        }
        return null;
    }

    private static String checkContent(ZipFile zf, ZipArchiveEntry entry, ExpectedEntry want, CancellationToken token)
            throws OperationCancelledException {
        CRC32 crc = new CRC32();
        long size = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = zf.getInputStream(entry)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                size += n;
                if ((size & ((1 << 24) - 1)) < n) {
                    token.throwIfCancelled();
                }
            }
        } catch (IOException | RuntimeException e) {
            return "'" + want.name() + "' cannot be decompressed (" + e.getMessage() + ")";
        }
        if (size != want.size() || crc.getValue() != want.crc()) {
            return "'" + want.name() + "' decompresses to " + size + " bytes with CRC " + hex(crc.getValue())
                    + " instead of " + want.size() + " bytes with CRC " + hex(want.crc());
        }
        return null;
    }

    private static String hex(long crc) {
        return String.format(Locale.ROOT, "%08x", crc);
    }
}
