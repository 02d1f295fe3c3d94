package dev.hippack.core.archive;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads a zip front to back, once, and checks every byte of it against what it must hold: each
 * local header (name, flags, method, CRC and sizes), each entry's data inflated and its size and
 * CRC-32 computed, then the central directory entry by entry against the local headers, and the
 * end records. The SHA-256 of the file is computed from the same bytes as they are read.
 *
 * <p>It can follow a zip that is still being written ({@link WrittenSoFar} says how far the file
 * is final), so the check runs beside the compression instead of after it. Memory is one read
 * buffer and one inflate buffer whatever the zip's size.
 */
final class ReadBack {

    /** The first problem found (null when none), and the SHA-256 of the bytes read. */
    record Outcome(String problem, String sha256) { }

    /** What a local header said, to compare with the central directory. */
    private record Local(byte[] name, int flags, int method, int time, int date, long crc, long compressedSize,
                         long size, long offset, boolean directory) { }

    private static final int BUFFER = 1 << 20;
    /** While following a zip being written, its pages are flushed to disk this often so the final flush is short. */
    private static final long FLUSH_EVERY = 64L << 20;

    private final FileChannel in;
    private final WrittenSoFar written;
    private final FileChannel flushTarget;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer inflated = ByteBuffer.allocateDirect(256 * 1024);
    private final MessageDigest sha;
    private final CRC32 crc = new CRC32();
    /** File offset of the next byte to read from the channel. */
    private long filePos;
    private long flushedAt;
    /** Why the last {@link #inflate} returned null. */
    private String lastInflateProblem;

    /**
     * @param flushTarget the writer's channel, forced to disk as the read-back passes; null for
     *                    a zip that is already complete
     */
    ReadBack(FileChannel in, WrittenSoFar written, FileChannel flushTarget) {
        this.in = in;
        this.written = written;
        this.flushTarget = flushTarget;
        try {
            this.sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        buf.limit(0);
    }

    /** File offset of the next byte to be parsed. */
    private long consumed() {
        return filePos - buf.remaining();
    }

    Outcome run(CancellationToken token)
            throws OperationCancelledException, InterruptedException, WrittenSoFar.Abandoned {
        Inflater inflater = new Inflater(true);
        try {
            List<Local> locals = new ArrayList<>();
            for (int i = 0; ; i++) {
                token.throwIfCancelled();
                ExpectedEntry want = written.awaitEntry(i);
                if (want == null) {
                    break;
                }
                String problem = entry(want, locals, inflater, token);
                if (problem != null) {
                    return new Outcome(problem, null);
                }
                long end = written.end(i);
                if (end >= 0 && consumed() != end) {
                    return new Outcome("'" + want.name() + "' ends at byte " + consumed() + " of the zip, where " + end
                            + " bytes were written", null);
                }
            }
            String problem = centralDirectory(locals);
            if (problem != null) {
                return new Outcome(problem, null);
            }
            return new Outcome(null, HexFormat.of().formatHex(sha.digest()));
        } catch (IOException e) {
            return new Outcome("it cannot be read back (" + SourceTree.message(e) + ")", null);
        } finally {
            inflater.end();
        }
    }

    private String entry(ExpectedEntry want, List<Local> locals, Inflater inflater, CancellationToken token)
            throws IOException, InterruptedException, WrittenSoFar.Abandoned, OperationCancelledException {
        String name = want.name();
        long offset = consumed();
        if (!ensure(30) || buf.getInt(buf.position()) != ZipWriter.LOCAL_HEADER) {
            return "the local header of '" + name + "' is missing or damaged (at byte " + offset + ")";
        }
        int p = buf.position();
        int flags = u16(p + 6);
        int method = u16(p + 8);
        int time = u16(p + 10);
        int date = u16(p + 12);
        long crc32 = u32(p + 14);
        long compressed = u32(p + 18);
        long size = u32(p + 22);
        int nameLength = u16(p + 26);
        int extraLength = u16(p + 28);
        if (!ensure(30 + nameLength + extraLength)) {
            return "the local header of '" + name + "' is cut off";
        }
        p = buf.position();
        byte[] localName = new byte[nameLength];
        buf.get(p + 30, localName);
        if (!Arrays.equals(localName, name.getBytes(StandardCharsets.UTF_8))) {
            return "the local header of '" + name + "' names '" + new String(localName, StandardCharsets.UTF_8) + "'";
        }
        if (flags != ZipWriter.FLAG_UTF8) {
            return "the local header of '" + name + "' has the flags " + hex(flags) + " instead of " + hex(ZipWriter.FLAG_UTF8);
        }
        if (compressed == ZipWriter.MAX32 || size == ZipWriter.MAX32) {
            long[] z = zip64(p + 30 + nameLength, extraLength, size == ZipWriter.MAX32, compressed == ZipWriter.MAX32, false);
            if (z == null) {
                return "the local header of '" + name + "' lacks its Zip64 sizes";
            }
            size = z[0];
            compressed = z[1];
        }
        buf.position(p + 30 + nameLength + extraLength);
        if (want.directory()) {
            if (method != ZipWriter.STORED || crc32 != 0 || size != 0 || compressed != 0) {
                return "the folder entry '" + name + "' is not an empty stored entry";
            }
        } else if (crc32 != want.crc() || size != want.size()) {
            return "the local header of '" + name + "' records size " + size + " and CRC " + hex(crc32)
                    + "; the staged file has size " + want.size() + " and CRC " + hex(want.crc());
        }
        long[] got;
        if (method == ZipWriter.STORED) {
            if (compressed != size) {
                return "the stored entry '" + name + "' records " + compressed + " bytes of data for " + size + " bytes";
            }
            got = stored(compressed, token);
        } else if (method == ZipWriter.DEFLATED) {
            got = inflate(name, compressed, want.size(), inflater, token);
            if (got == null) {
                return lastInflateProblem;
            }
        } else {
            return "'" + name + "' uses compression method " + method + ", which this zip should not contain";
        }
        if (got[0] != want.size() || got[1] != want.crc()) {
            return "'" + name + "' decompresses to " + got[0] + " bytes with CRC " + hex(got[1]) + " instead of "
                    + want.size() + " bytes with CRC " + hex(want.crc());
        }
        locals.add(new Local(localName, flags, method, time, date, crc32, compressed, size, offset, want.directory()));
        return null;
    }

    /** Size and CRC of {@code length} stored bytes. */
    private long[] stored(long length, CancellationToken token)
            throws IOException, InterruptedException, WrittenSoFar.Abandoned, OperationCancelledException {
        crc.reset();
        long left = length;
        while (left > 0) {
            if (!buf.hasRemaining() && !refill()) {
                return new long[] {length - left, crc.getValue()};
            }
            int n = (int) Math.min(left, buf.remaining());
            crc.update(buf.slice(buf.position(), n));
            buf.position(buf.position() + n);
            left -= n;
            token.throwIfCancelled();
        }
        return new long[] {length, crc.getValue()};
    }

    /** Size and CRC of what {@code compressed} bytes inflate to; null with {@link #lastInflateProblem} set. */
    private long[] inflate(String name, long compressed, long expectedSize, Inflater inflater, CancellationToken token)
            throws IOException, InterruptedException, WrittenSoFar.Abandoned, OperationCancelledException {
        inflater.reset();
        crc.reset();
        long left = compressed;
        long out = 0;
        try {
            while (!inflater.finished()) {
                if (inflater.needsInput()) {
                    if (left == 0) {
                        lastInflateProblem = "the compressed data of '" + name + "' ends before its deflate stream does";
                        return null;
                    }
                    if (!buf.hasRemaining() && !refill()) {
                        lastInflateProblem = "the zip ends inside the data of '" + name + "'";
                        return null;
                    }
                    int n = (int) Math.min(left, buf.remaining());
                    inflater.setInput(buf.slice(buf.position(), n));
                    buf.position(buf.position() + n);
                    left -= n;
                }
                inflated.clear();
                int k = inflater.inflate(inflated);
                inflated.flip();
                crc.update(inflated);
                out += k;
                if (out > expectedSize) {
                    lastInflateProblem = "'" + name + "' decompresses to more than its " + expectedSize + " bytes";
                    return null;
                }
                if (k == 0 && inflater.needsDictionary()) {
                    lastInflateProblem = "'" + name + "' asks for a preset dictionary, which zip entries never have";
                    return null;
                }
                if ((out & ((1 << 24) - 1)) < k) {
                    token.throwIfCancelled();
                }
            }
        } catch (DataFormatException e) {
            lastInflateProblem = "'" + name + "' cannot be decompressed (" + e.getMessage() + ")";
            return null;
        }
        if (left > 0 || inflater.getRemaining() > 0) {
            lastInflateProblem = "'" + name + "' has " + (left + inflater.getRemaining())
                    + " bytes after the end of its deflate stream";
            return null;
        }
        return new long[] {out, crc.getValue()};
    }

    private String centralDirectory(List<Local> locals)
            throws IOException, InterruptedException, WrittenSoFar.Abandoned {
        long cdStart = consumed();
        for (Local l : locals) {
            String name = new String(l.name(), StandardCharsets.UTF_8);
            if (!ensure(46) || buf.getInt(buf.position()) != ZipWriter.CENTRAL_HEADER) {
                return "the central directory entry of '" + name + "' is missing or damaged";
            }
            int p = buf.position();
            int flags = u16(p + 8);
            int method = u16(p + 10);
            int time = u16(p + 12);
            int date = u16(p + 14);
            long crc32 = u32(p + 16);
            long compressed = u32(p + 20);
            long size = u32(p + 24);
            int nameLength = u16(p + 28);
            int extraLength = u16(p + 30);
            int commentLength = u16(p + 32);
            long attributes = u32(p + 38);
            long offset = u32(p + 42);
            if (!ensure(46 + nameLength + extraLength + commentLength)) {
                return "the central directory entry of '" + name + "' is cut off";
            }
            p = buf.position();
            byte[] cdName = new byte[nameLength];
            buf.get(p + 46, cdName);
            if (!Arrays.equals(cdName, l.name())) {
                return "the central directory names '" + new String(cdName, StandardCharsets.UTF_8) + "' where the entry is '"
                        + name + "'";
            }
            if (size == ZipWriter.MAX32 || compressed == ZipWriter.MAX32 || offset == ZipWriter.MAX32) {
                long[] z = zip64(p + 46 + nameLength, extraLength, size == ZipWriter.MAX32, compressed == ZipWriter.MAX32,
                        offset == ZipWriter.MAX32);
                if (z == null) {
                    return "the central directory entry of '" + name + "' lacks its Zip64 fields";
                }
                size = size == ZipWriter.MAX32 ? z[0] : size;
                compressed = compressed == ZipWriter.MAX32 ? z[1] : compressed;
                offset = offset == ZipWriter.MAX32 ? z[2] : offset;
            }
            long mode = attributes >>> 16;
            if (flags != l.flags() || method != l.method() || time != l.time() || date != l.date() || crc32 != l.crc()
                    || compressed != l.compressedSize() || size != l.size() || offset != l.offset()
                    || mode != (l.directory() ? ZipWriter.DIR_MODE : ZipWriter.FILE_MODE) || commentLength != 0) {
                return "the central directory entry of '" + name + "' disagrees with its local header";
            }
            buf.position(p + 46 + nameLength + extraLength);
        }
        long cdSize = consumed() - cdStart;
        long count = locals.size();
        if (!ensure(4)) {
            return "the zip ends without its end of central directory record";
        }
        int sig = buf.getInt(buf.position());
        if (sig == ZipWriter.CENTRAL_HEADER) {
            return "the central directory holds more entries than the " + count + " written";
        }
        if (sig == ZipWriter.ZIP64_END) {
            long zip64End = consumed();
            if (!ensure(56 + 20)) {
                return "the Zip64 end records are cut off";
            }
            int p = buf.position();
            if (buf.getLong(p + 4) != 44 || buf.getLong(p + 24) != count || buf.getLong(p + 32) != count
                    || buf.getLong(p + 40) != cdSize || buf.getLong(p + 48) != cdStart
                    || buf.getInt(p + 56) != ZipWriter.ZIP64_LOCATOR || buf.getLong(p + 64) != zip64End
                    || buf.getInt(p + 72) != 1) {
                return "the Zip64 end records disagree with the central directory";
            }
            buf.position(p + 76);
        } else if (count >= ZipWriter.MAX16) {
            return "the zip holds " + count + " entries but has no Zip64 end record";
        }
        if (!ensure(22) || buf.getInt(buf.position()) != ZipWriter.END) {
            return "the end of central directory record is missing or damaged";
        }
        int p = buf.position();
        if (u16(p + 8) != Math.min(count, ZipWriter.MAX16) || u16(p + 10) != Math.min(count, ZipWriter.MAX16)
                || u32(p + 12) != Math.min(cdSize, ZipWriter.MAX32) || u32(p + 16) != Math.min(cdStart, ZipWriter.MAX32)
                || u16(p + 20) != 0) {
            return "the end of central directory record disagrees with the central directory";
        }
        buf.position(p + 22);
        if (ensure(1)) {
            return "the zip has " + (buf.remaining()) + " or more bytes after its end record";
        }
        return null;
    }

    /** The Zip64 extra's values (size, compressed size, offset) for the fields flagged; null when absent or short. */
    private long[] zip64(int at, int length, boolean size, boolean compressed, boolean offset) {
        int p = at;
        int end = at + length;
        while (p + 4 <= end) {
            int id = u16(p);
            int len = u16(p + 2);
            if (id == ZipWriter.ZIP64_EXTRA) {
                int need = (size ? 8 : 0) + (compressed ? 8 : 0) + (offset ? 8 : 0);
                if (len < need || p + 4 + len > end) {
                    return null;
                }
                long[] v = new long[3];
                int q = p + 4;
                if (size) {
                    v[0] = buf.getLong(q);
                    q += 8;
                }
                if (compressed) {
                    v[1] = buf.getLong(q);
                    q += 8;
                }
                if (offset) {
                    v[2] = buf.getLong(q);
                }
                return v;
            }
            p += 4 + len;
        }
        return null;
    }

    /** At least {@code n} unread bytes in the buffer; false when the zip ends first. */
    private boolean ensure(int n) throws IOException, InterruptedException, WrittenSoFar.Abandoned {
        while (buf.remaining() < n) {
            if (!refill()) {
                return false;
            }
        }
        return true;
    }

    /** Reads more of the file into the buffer, digesting it; false at the end of the zip. */
    private boolean refill() throws IOException, InterruptedException, WrittenSoFar.Abandoned {
        long readable = written.awaitReadable(filePos);
        if (readable <= filePos) {
            return false;
        }
        buf.compact();
        int room = (int) Math.min(buf.remaining(), readable - filePos);
        if (room == 0) {
            buf.flip();
            throw new IOException("a header larger than the read buffer");
        }
        int start = buf.position();
        ByteBuffer target = buf.duplicate();
        target.limit(start + room);
        int n = in.read(target, filePos);
        if (n < 0) {
            buf.flip();
            throw new IOException("the file is shorter than the " + readable + " bytes written");
        }
        sha.update(buf.slice(start, n));
        buf.position(start + n);
        buf.flip();
        filePos += n;
        if (flushTarget != null && filePos - flushedAt >= FLUSH_EVERY) {
            flushedAt = filePos;
            try {
                flushTarget.force(false);
            } catch (IOException e) {
                // The final flush before the rename reports it.
            }
        }
        return true;
    }

    private int u16(int at) {
        return Short.toUnsignedInt(buf.getShort(at));
    }

    private long u32(int at) {
        return Integer.toUnsignedLong(buf.getInt(at));
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "%08x", v);
    }
}
