package dev.hippack.core.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes zip files byte by byte, so a test can give the local header and the central directory
 * different names, sizes or CRCs: what no zip library will write, and what a hostile archive
 * holds. Each entry's data is deflated (or stored) for real; everything else is as the test says.
 */
final class RawZip {

    /** One entry; the {@code local*} and {@code central*} fields start out equal and true to the data. */
    static final class Entry {
        final byte[] data;
        String localName;
        String centralName;
        int method = 8;
        long localCrc;
        long centralCrc;
        long localSize;
        long centralSize;
        long localCompressed = -1;
        long centralCompressed = -1;
        int localFlags = 0x0800;
        int centralFlags = 0x0800;
        /** Unix 3.0 by default; the high byte names the host system. */
        int versionMadeBy = 0x031E;
        int localVersionNeeded = 20;
        int centralVersionNeeded = 20;
        long externalAttributes = 0100644L << 16;
        byte[] localExtra = new byte[0];
        byte[] centralExtra = new byte[0];
        /** The raw name bytes when they are not the UTF-8 of the name (a legacy code page). */
        byte[] rawName;

        Entry(String name, byte[] data) {
            this.data = data;
            this.localName = name;
            this.centralName = name;
            CRC32 crc = new CRC32();
            crc.update(data);
            this.localCrc = crc.getValue();
            this.centralCrc = crc.getValue();
            this.localSize = data.length;
            this.centralSize = data.length;
        }
    }

    private final List<Entry> entries = new ArrayList<>();

    Entry add(String name, byte[] data) {
        Entry e = new Entry(name, data);
        entries.add(e);
        return e;
    }

    /** Every file below {@code dir}, named {@code root/<relative path>}, in sorted order. */
    static RawZip of(Path dir, String root) throws IOException {
        RawZip z = new RawZip();
        try (var files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                z.add(root + "/" + dir.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        }
        return z;
    }

    Entry entry(String name) {
        return entries.stream().filter(e -> e.centralName.equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no entry " + name));
    }

    Path write(Path file) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Long> offsets = new ArrayList<>();
        List<byte[]> payloads = new ArrayList<>();
        for (Entry e : entries) {
            byte[] payload = e.method == 8 ? deflate(e.data) : e.data;
            payloads.add(payload);
            offsets.add((long) out.size());
            byte[] name = e.rawName != null ? e.rawName : e.localName.getBytes(StandardCharsets.UTF_8);
            ByteBuffer h = le(30 + name.length + e.localExtra.length);
            h.putInt(0x04034b50).putShort((short) e.localVersionNeeded).putShort((short) e.localFlags).putShort((short) e.method)
                    .putShort((short) 0).putShort((short) 0x21)
                    .putInt((int) e.localCrc).putInt((int) (e.localCompressed >= 0 ? e.localCompressed : payload.length))
                    .putInt((int) e.localSize).putShort((short) name.length).putShort((short) e.localExtra.length).put(name)
                    .put(e.localExtra);
            out.write(h.array());
            out.write(payload);
        }
        long cdStart = out.size();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            byte[] name = e.rawName != null ? e.rawName : e.centralName.getBytes(StandardCharsets.UTF_8);
            ByteBuffer h = le(46 + name.length + e.centralExtra.length);
            h.putInt(0x02014b50).putShort((short) e.versionMadeBy).putShort((short) e.centralVersionNeeded)
                    .putShort((short) e.centralFlags)
                    .putShort((short) e.method).putShort((short) 0).putShort((short) 0x21).putInt((int) e.centralCrc)
                    .putInt((int) (e.centralCompressed >= 0 ? e.centralCompressed : payloads.get(i).length))
                    .putInt((int) e.centralSize).putShort((short) name.length).putShort((short) e.centralExtra.length)
                    .putShort((short) 0).putShort((short) 0).putShort((short) 0).putInt((int) e.externalAttributes)
                    .putInt((int) (long) offsets.get(i)).put(name).put(e.centralExtra);
            out.write(h.array());
        }
        long cdSize = out.size() - cdStart;
        ByteBuffer end = le(22);
        end.putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries.size())
                .putShort((short) entries.size()).putInt((int) cdSize).putInt((int) cdStart).putShort((short) 0);
        out.write(end.array());
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.write(file, out.toByteArray());
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(6, true);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }
}
