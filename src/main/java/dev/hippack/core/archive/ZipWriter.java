package dev.hippack.core.archive;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of a zip, written front to back into a channel: each entry's local header, its data
 * as it arrives, and at the end the central directory and end records. The local header is
 * written before the data with the sizes and CRC still unknown, and filled in when the entry is
 * complete, so no entry is ever held in memory or copied to a scratch file, and no data
 * descriptors are needed.
 *
 * <p>Everything that could vary is fixed: one entry time, Unix mode 0644 for files and 0755 for
 * folders, the UTF-8 name flag, no extra fields except Zip64 sizes where a file needs them. Zip64
 * end records are written only when the entry count or the offsets need them.
 */
final class ZipWriter {

    static final int LOCAL_HEADER = 0x04034b50;
    static final int CENTRAL_HEADER = 0x02014b50;
    static final int END = 0x06054b50;
    static final int ZIP64_END = 0x06064b50;
    static final int ZIP64_LOCATOR = 0x07064b50;
    static final int ZIP64_EXTRA = 0x0001;
    static final int FLAG_UTF8 = 0x0800;
    static final int STORED = 0;
    static final int DEFLATED = 8;
    static final long MAX32 = 0xFFFFFFFFL;
    static final int MAX16 = 0xFFFF;
    /**
     * A file this large gets Zip64 sizes in its local header. Chosen below 4 GiB by more than
     * deflate can ever add (5 bytes per stored block of 16 KiB, 5 per chunk), so a file below it
     * always fits the classic 32-bit fields, compressed or not.
     */
    static final long ZIP64_FROM = 0xFF000000L;
    static final int FILE_MODE = 0100644;
    static final int DIR_MODE = 040755;
    private static final int UNIX = 3;
    private static final int MSDOS_DIRECTORY = 0x10;

    /** An entry whose local header is written and whose data is coming. */
    static final class Open {
        final String name;
        final byte[] nameBytes;
        final int method;
        final boolean zip64;
        final boolean directory;
        final long offset;

        Open(String name, byte[] nameBytes, int method, boolean zip64, boolean directory, long offset) {
            this.name = name;
            this.nameBytes = nameBytes;
            this.method = method;
            this.zip64 = zip64;
            this.directory = directory;
            this.offset = offset;
        }
    }

    /** What the central directory says about one finished entry. */
    record Entry(byte[] nameBytes, int method, boolean zip64, boolean directory, long offset, long crc,
                 long compressedSize, long size) { }

    private final FileChannel out;
    private final int dosTime;
    private final int dosDate;
    private final List<Entry> entries = new ArrayList<>();
    private long position;

    ZipWriter(FileChannel out, Instant timestamp) {
        this.out = out;
        LocalDateTime t = LocalDateTime.ofInstant(clamp(timestamp), ZoneOffset.UTC);
        // The DOS fields are a wall-clock time without a zone: they hold the UTC time of the
        // timestamp, so the zip is the same whatever zone it is made in.
        this.dosTime = (t.getHour() << 11) | (t.getMinute() << 5) | (t.getSecond() / 2);
        this.dosDate = ((t.getYear() - 1980) << 9) | (t.getMonthValue() << 5) | t.getDayOfMonth();
    }

    private static Instant clamp(Instant t) {
        Instant last = Instant.parse("2107-12-31T23:59:58Z");
        if (t.isBefore(ZipRequest.FIXED_EPOCH)) {
            return ZipRequest.FIXED_EPOCH;
        }
        return t.isAfter(last) ? last : t;
    }

    /** Bytes written so far: the offset the next header or data lands at. */
    long position() {
        return position;
    }

    /** Writes a folder entry: stored, empty, complete at once. */
    void directory(String name) throws IOException {
        Open e = begin(name, true, STORED, 0);
        end(e, 0, 0, 0);
    }

    /**
     * Writes the local header of a file whose size was {@code listedSize} when the tree was
     * listed; CRC and sizes are filled in by {@link #end}.
     */
    Open begin(String name, boolean directory, int method, long listedSize) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        if (nameBytes.length > MAX16) {
            throw new IOException("the entry name is longer than a zip allows: " + name);
        }
        boolean zip64 = listedSize >= ZIP64_FROM;
        Open e = new Open(name, nameBytes, method, zip64, directory, position);
        ByteBuffer h = header(30 + nameBytes.length + (zip64 ? 20 : 0));
        h.putInt(LOCAL_HEADER);
        h.putShort((short) versionNeeded(e));
        h.putShort((short) FLAG_UTF8);
        h.putShort((short) method);
        h.putShort((short) dosTime);
        h.putShort((short) dosDate);
        h.putInt(0); // CRC, filled in by end()
        h.putInt(zip64 ? -1 : 0);
        h.putInt(zip64 ? -1 : 0);
        h.putShort((short) nameBytes.length);
        h.putShort((short) (zip64 ? 20 : 0));
        h.put(nameBytes);
        if (zip64) {
            h.putShort((short) ZIP64_EXTRA);
            h.putShort((short) 16);
            h.putLong(0);
            h.putLong(0);
        }
        write(h.flip());
        return e;
    }

    /** Appends entry data (compressed or stored, as the entry's method says). */
    void data(ByteBuffer src) throws IOException {
        write(src);
    }

    /** Fills in the entry's local header and records it for the central directory. */
    void end(Open e, long crc, long size, long compressedSize) throws IOException {
        if (!e.zip64 && (size >= MAX32 || compressedSize >= MAX32)) {
            // Cannot happen below ZIP64_FROM; a file that grew while being read is refused earlier.
            throw new IOException(e.name + " grew past 4 GiB while it was being zipped");
        }
        if (crc != 0 || size != 0 || compressedSize != 0) {
            ByteBuffer h = header(e.zip64 ? 4 : 12);
            h.putInt((int) crc);
            if (!e.zip64) {
                h.putInt((int) compressedSize);
                h.putInt((int) size);
            }
            writeAt(h.flip(), e.offset + 14);
            if (e.zip64) {
                ByteBuffer z = header(16);
                z.putLong(size);
                z.putLong(compressedSize);
                writeAt(z.flip(), e.offset + 30 + e.nameBytes.length + 4);
            }
        }
        entries.add(new Entry(e.nameBytes, e.method, e.zip64, e.directory, e.offset, crc, compressedSize, size));
    }

    /** Writes the central directory and the end records; the zip is complete after this. */
    void finish() throws IOException {
        long cdOffset = position;
        ByteBuffer buf = header(1 << 16);
        for (Entry e : entries) {
            boolean bigSizes = e.zip64;
            boolean bigOffset = e.offset >= MAX32;
            int extra = (bigSizes ? 16 : 0) + (bigOffset ? 8 : 0);
            int length = 46 + e.nameBytes.length + (extra > 0 ? 4 + extra : 0);
            if (buf.remaining() < length) {
                write(buf.flip());
                buf = header(Math.max(1 << 16, length));
            }
            buf.putInt(CENTRAL_HEADER);
            int needed = versionNeeded(e.directory, e.method, bigSizes || bigOffset);
            buf.putShort((short) ((UNIX << 8) | Math.max(20, needed)));
            buf.putShort((short) needed);
            buf.putShort((short) FLAG_UTF8);
            buf.putShort((short) e.method);
            buf.putShort((short) dosTime);
            buf.putShort((short) dosDate);
            buf.putInt((int) e.crc);
            buf.putInt(bigSizes ? -1 : (int) e.compressedSize);
            buf.putInt(bigSizes ? -1 : (int) e.size);
            buf.putShort((short) e.nameBytes.length);
            buf.putShort((short) (extra > 0 ? 4 + extra : 0));
            buf.putShort((short) 0); // comment
            buf.putShort((short) 0); // disk
            buf.putShort((short) 0); // internal attributes
            buf.putInt(e.directory ? (DIR_MODE << 16) | MSDOS_DIRECTORY : FILE_MODE << 16);
            buf.putInt(bigOffset ? -1 : (int) e.offset);
            buf.put(e.nameBytes);
            if (extra > 0) {
                buf.putShort((short) ZIP64_EXTRA);
                buf.putShort((short) extra);
                if (bigSizes) {
                    buf.putLong(e.size);
                    buf.putLong(e.compressedSize);
                }
                if (bigOffset) {
                    buf.putLong(e.offset);
                }
            }
        }
        write(buf.flip());
        long cdSize = position - cdOffset;
        long count = entries.size();
        boolean zip64End = count >= MAX16 || cdSize >= MAX32 || cdOffset >= MAX32;
        ByteBuffer end = header(56 + 20 + 22);
        if (zip64End) {
            long zip64EndOffset = position;
            end.putInt(ZIP64_END);
            end.putLong(44);
            end.putShort((short) ((UNIX << 8) | 45));
            end.putShort((short) 45);
            end.putInt(0);
            end.putInt(0);
            end.putLong(count);
            end.putLong(count);
            end.putLong(cdSize);
            end.putLong(cdOffset);
            end.putInt(ZIP64_LOCATOR);
            end.putInt(0);
            end.putLong(zip64EndOffset);
            end.putInt(1);
        }
        end.putInt(END);
        end.putShort((short) 0);
        end.putShort((short) 0);
        end.putShort((short) Math.min(count, MAX16));
        end.putShort((short) Math.min(count, MAX16));
        end.putInt((int) Math.min(cdSize, MAX32));
        end.putInt((int) Math.min(cdOffset, MAX32));
        end.putShort((short) 0);
        write(end.flip());
    }

    /** The entries written so far, in order. */
    List<Entry> entries() {
        return entries;
    }

    private static int versionNeeded(Open e) {
        return versionNeeded(e.directory, e.method, e.zip64);
    }

    /** 1.0 for stored entries and folders, 2.0 for deflate, 4.5 with Zip64 fields. */
    static int versionNeeded(boolean directory, int method, boolean zip64) {
        if (zip64) {
            return 45;
        }
        return directory || method == STORED ? 10 : 20;
    }

    private static ByteBuffer header(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            position += out.write(b, position);
        }
    }

    private void writeAt(ByteBuffer b, long at) throws IOException {
        long p = at;
        while (b.hasRemaining()) {
            p += out.write(b, p);
        }
    }
}
