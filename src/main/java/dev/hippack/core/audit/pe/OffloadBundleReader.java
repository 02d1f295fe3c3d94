package dev.hippack.core.audit.pe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Finds the clang offload bundles in a PE image and reads their entry ids, bounded like the rest
 * of the PE reader: every read is checked against its section and the file, every count and
 * length has a cap, and a compressed bundle is inflated only as far as its header.
 *
 * <p><b>Where.</b> clang's HIP code generation ({@code clang/lib/CodeGen/CGCUDANV.cpp},
 * {@code makeModuleCtorFunction}) puts a translation unit's fat binary into section
 * {@code .hip_fatbin} (for {@code -fgpu-rdc}, the symbol {@code __hip_fatbin} that the device link
 * fills), and a wrapper {@code {int magic = 0x48495046 ("HIPF"), int version = 1, void *binary,
 * void *unused = null}} into {@code .hipFatBinSegment}; the module constructor passes the wrapper's
 * address to {@code __hipRegisterFatBinary}, and ROCm's runtime reads the same struct
 * ({@code __CudaFatBinaryWrapper} in HIP's {@code hip_fatbin.h}). A PE image keeps eight characters
 * of a section name ({@code .hip_fat}, {@code .hipFatB}) and a linker may merge sections, so this
 * reader goes by content, never by name: it scans the data of every section that is not code for
 * wrappers and follows their pointers, as the runtime does. Only a file without any wrapper has
 * its bundles taken by their magic instead.
 *
 * <p><b>Format.</b> LLVM's ClangOffloadBundler documentation ({@code clang/docs/ClangOffloadBundler.rst},
 * "Bundled Code Object Layout"): the 24-byte magic {@code __CLANG_OFFLOAD_BUNDLE__}, a 64-bit number
 * of entries, then per entry its 64-bit offset (from the bundle's start), size and id length, and
 * the id; little-endian. The compressed form ({@code clang-offload-bundler --compress}, clang's
 * {@code --offload-compress}; {@code CompressedOffloadBundle} in
 * {@code clang/include/clang/Driver/OffloadBundler.h}, since LLVM 21 also
 * {@code llvm/include/llvm/Object/OffloadBundle.h}): {@code CCOB}, a 16-bit version, a 16-bit method
 * ({@code llvm::compression::Format}: 0 zlib, 1 zstd), the total size (version 2: 32 bits, 3: 64
 * bits; version 1 has none), the uncompressed size (32 bits, 64 in version 3), a 64-bit hash, then
 * the uncompressed form, compressed. Checked against {@code clang-offload-bundler} 19, which writes
 * version 2.
 */
final class OffloadBundleReader {

    /** The most bundles (and registrations) read from one file: audio.cpp's executables have one per HIP source, about 150. */
    static final int MAX_BUNDLES = 4096;
    /** The most entries one bundle may declare: a host entry and one per target. */
    static final int MAX_ENTRIES = 1024;
    static final int MAX_ID_LENGTH = 256;
    /** The most of a compressed bundle that is inflated: enough for the largest header allowed above. */
    static final int MAX_INFLATED_HEADER = 1 << 20;
    /** Candidate markers kept while scanning; more is data full of look-alikes. */
    static final int MAX_MARKS = 4 * MAX_BUNDLES;

    static final long HIP_FAT_MAGIC = 0x48495046L;
    static final int ZLIB = 0;
    static final int ZSTD = 1;

    private static final byte[] MAGIC = "__CLANG_OFFLOAD_BUNDLE__".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COMPRESSED_MAGIC = "CCOB".getBytes(StandardCharsets.US_ASCII);
    private static final int CHUNK = 1 << 16;
    private static final long SCN_CNT_CODE = 0x20;
    private static final long SCN_MEM_EXECUTE = 0x20000000L;

    /** One section of the image: where its data is in memory and in the file. */
    record Section(long virtualSize, long rva, long rawSize, long rawOffset, long characteristics) {

        boolean code() {
            return (characteristics & (SCN_CNT_CODE | SCN_MEM_EXECUTE)) != 0;
        }
    }

    private final String name;
    private final ByteSource src;
    private final long size;
    private final List<Section> sections;
    private final long imageBase;
    private final int pointerSize;

    OffloadBundleReader(String name, ByteSource src, List<Section> sections, long imageBase, int pointerSize) {
        this.name = name;
        this.src = src;
        this.size = src.size();
        this.sections = List.copyOf(sections);
        this.imageBase = imageBase;
        this.pointerSize = pointerSize;
    }

    OffloadBundles read() throws PeFormatException, IOException {
        List<Long> wrappers = new ArrayList<>();
        List<Long> magics = new ArrayList<>();
        for (Section s : sections) {
            if (!s.code()) {
                scan(s, wrappers, magics);
            }
        }
        Set<Long> registered = new LinkedHashSet<>();
        List<long[]> strays = new ArrayList<>();
        int registrations = 0;
        for (long w : wrappers) {
            long[] r = registration(w);
            if (r == null) {
                continue;
            }
            if (r[1] >= 0) {
                registrations++;
                registered.add(r[1]);
            } else {
                strays.add(r);
            }
        }
        List<OffloadBundle> bundles = new ArrayList<>();
        String foundBy;
        if (!registered.isEmpty()) {
            foundBy = OffloadBundles.REGISTRATION;
            for (long at : registered) {
                bundles.add(bundle(at));
            }
        } else {
            foundBy = OffloadBundles.MAGIC;
            long skipUntil = -1;
            for (long at : magics) {
                if (at < skipUntil) {
                    continue;
                }
                try {
                    OffloadBundle b = bundle(at);
                    bundles.add(b);
                    skipUntil = at + Math.max(b.length(), 1);
                } catch (PeFormatException e) {
                    // Without a registration pointing at it, a marker that does not parse is a look-alike.
                }
            }
            if (bundles.isEmpty()) {
                foundBy = OffloadBundles.NONE;
            }
        }
        // A wrapper whose pointer leads nowhere is damage, unless it is only bytes inside a bundle's code.
        for (long[] stray : strays) {
            if (bundles.stream().noneMatch(b -> stray[0] >= b.fileOffset() && stray[0] < b.fileOffset() + b.length())) {
                throw bad("is damaged: the HIP fat binary registration at file offset 0x" + hex(stray[0])
                        + " points at address 0x" + hex(stray[2]) + ", where the file holds no offload bundle");
            }
        }
        return new OffloadBundles(name, foundBy, registrations, bundles);
    }

    /** Collects, at every 4-byte boundary of the section's data, the offsets of wrapper and bundle magics. */
    private void scan(Section s, List<Long> wrappers, List<Long> magics) throws PeFormatException, IOException {
        long start = s.rawOffset();
        long len = s.rawSize();
        if (len == 0) {
            return;
        }
        if (start < 0 || start > size || len > size - start) {
            throw bad("is truncated: a section's data (" + len + " bytes at offset 0x" + hex(start)
                    + ") runs past the end of the file (" + size + " bytes)");
        }
        byte[] buf = new byte[(int) Math.min(CHUNK, len)];
        for (long pos = 0; pos < len; pos += CHUNK) {
            int n = (int) Math.min(CHUNK, len - pos);
            src.read(start + pos, buf, n);
            for (int i = 0; i + 4 <= n; i += 4) {
                byte b = buf[i];
                if (b == 'F' && buf[i + 1] == 'P' && buf[i + 2] == 'I' && buf[i + 3] == 'H') {
                    mark(wrappers, start + pos + i);
                } else if ((b == '_' && buf[i + 1] == '_' && buf[i + 2] == 'C' && buf[i + 3] == 'L')
                        || (b == 'C' && buf[i + 1] == 'C' && buf[i + 2] == 'O' && buf[i + 3] == 'B')) {
                    mark(magics, start + pos + i);
                }
            }
        }
    }

    private void mark(List<Long> marks, long at) throws PeFormatException {
        if (marks.size() >= MAX_MARKS) {
            throw bad("is damaged or not a HIP executable: its data holds more than " + MAX_MARKS
                    + " offload bundle markers, more than any HIP build makes");
        }
        marks.add(at);
    }

    /**
     * Reads the wrapper at {@code at}: null when it is not one (other data that starts with the
     * magic), else {at, bundle offset or -1 when the pointer leads to no bundle, pointer}.
     */
    private long[] registration(long at) throws PeFormatException, IOException {
        long recordSize = 2L * 4 + 2L * pointerSize;
        long end = sectionEnd(at);
        if (end < 0 || at + recordSize > end) {
            return null;
        }
        if (u32(at + 4) != 1) {
            return null;
        }
        long pointer = pointerSize == 8 ? u64(at + 8) : u32(at + 8);
        long unused = pointerSize == 8 ? u64(at + 16) : u32(at + 12);
        if (unused != 0) {
            return null;
        }
        long target = -1;
        if (Long.compareUnsigned(pointer, imageBase) >= 0 && pointer - imageBase <= 0xFFFFFFFFL) {
            long offset = fileOffset(pointer - imageBase);
            if (offset >= 0 && (startsWith(offset, MAGIC) || startsWith(offset, COMPRESSED_MAGIC))) {
                target = offset;
            }
        }
        return new long[] {at, target, pointer};
    }

    /** Reads the bundle at file offset {@code at}: its header, or a compressed bundle's header inflated. */
    private OffloadBundle bundle(long at) throws PeFormatException, IOException {
        long end = sectionEnd(at);
        if (end < 0) {
            throw bad("is damaged: the offload bundle at file offset 0x" + hex(at) + " lies in no section");
        }
        long room = end - at;
        if (startsWith(at, MAGIC)) {
            Header h = header(new SourceInput(at, end), room, "the offload bundle at file offset 0x" + hex(at));
            return new OffloadBundle(at, h.extent(), room, OffloadBundle.UNCOMPRESSED, true, h.ids());
        }
        if (!startsWith(at, COMPRESSED_MAGIC)) {
            throw bad("is damaged: no offload bundle magic at file offset 0x" + hex(at));
        }
        return compressed(at, room);
    }

    private OffloadBundle compressed(long at, long room) throws PeFormatException, IOException {
        String where = "the compressed offload bundle at file offset 0x" + hex(at);
        if (room < 8) {
            throw bad("is damaged: " + where + " ends before its header does");
        }
        int version = u16(at + 4);
        int method = u16(at + 6);
        long headerSize;
        long total;
        long inflated;
        switch (version) {
            case 1 -> {
                headerSize = 20;
                total = -1;
                inflated = headerSize <= room ? u32(at + 8) : 0;
            }
            case 2 -> {
                headerSize = 24;
                total = headerSize <= room ? u32(at + 8) : 0;
                inflated = headerSize <= room ? u32(at + 12) : 0;
            }
            case 3 -> {
                headerSize = 32;
                total = headerSize <= room ? u64(at + 8) : 0;
                inflated = headerSize <= room ? u64(at + 16) : 0;
            }
            default -> {
                return new OffloadBundle(at, Math.min(room, 8), room, "version " + version, false, List.of());
            }
        }
        if (headerSize > room) {
            throw bad("is damaged: " + where + " ends before its " + headerSize + "-byte header does");
        }
        if (total >= 0 && (total < headerSize || total > room)) {
            throw bad("is damaged: " + where + " declares " + Long.toUnsignedString(total) + " bytes, but its section holds "
                    + room + " from there");
        }
        long length = total >= 0 ? total : room;
        String compression = switch (method) {
            case ZLIB -> "zlib";
            case ZSTD -> "zstd";
            default -> "method " + method;
        };
        if (method != ZLIB) {
            // zstd needs a decoder no kept library provides in pure Java (docs/design.md §5, binaries.gpu-targets).
            return new OffloadBundle(at, length, room, compression, false, List.of());
        }
        if (inflated < MAGIC.length + 8) {
            throw bad("is damaged: " + where + " declares " + Long.toUnsignedString(inflated)
                    + " uncompressed bytes, too few for a bundle header");
        }
        Inflater inflater = new Inflater();
        try (InputStream in = new InflaterInputStream(new RangeStream(at + headerSize, at + length), inflater, 8192)) {
            Header h = header(new StreamInput(in, Math.min(inflated, MAX_INFLATED_HEADER), where), inflated, where);
            return new OffloadBundle(at, length, room, compression, true, h.ids());
        } finally {
            inflater.end();
        }
    }

    /** The ids and extent of an uncompressed bundle read from {@code in}; offsets are checked against {@code length}. */
    private Header header(Input in, long length, String where) throws PeFormatException, IOException {
        if (!Arrays.equals(in.bytes(MAGIC.length), MAGIC)) {
            throw bad("is damaged: " + where + " does not start with __CLANG_OFFLOAD_BUNDLE__");
        }
        long count = in.u64();
        if (count == 0 || Long.compareUnsigned(count, MAX_ENTRIES) > 0) {
            throw bad("is damaged: " + where + " declares " + Long.toUnsignedString(count) + " entries (expected 1 to "
                    + MAX_ENTRIES + ")");
        }
        List<String> ids = new ArrayList<>();
        long extent = 0;
        for (int i = 0; i < count; i++) {
            long offset = in.u64();
            long bytes = in.u64();
            long idLength = in.u64();
            if (idLength == 0 || Long.compareUnsigned(idLength, MAX_ID_LENGTH) > 0) {
                throw bad("is damaged: entry " + i + " of " + where + " has an id of " + Long.toUnsignedString(idLength)
                        + " bytes (expected 1 to " + MAX_ID_LENGTH + ")");
            }
            String id = id(in.bytes((int) idLength), i, where);
            if (Long.compareUnsigned(offset, length) > 0 || Long.compareUnsigned(bytes, length - offset) > 0) {
                throw bad("is damaged: entry " + i + " (" + id + ") of " + where + " holds " + Long.toUnsignedString(bytes)
                        + " bytes at offset " + Long.toUnsignedString(offset) + ", past the bundle's " + length + " bytes");
            }
            ids.add(id);
            extent = Math.max(extent, offset + bytes);
        }
        return new Header(ids, Math.max(extent, in.position()));
    }

    private String id(byte[] b, int entry, String where) throws PeFormatException {
        for (byte c : b) {
            if (c < 0x21 || c > 0x7E) {
                throw bad("is damaged: the id of entry " + entry + " of " + where + " holds the byte 0x" + hex(c & 0xFF));
            }
        }
        return new String(b, StandardCharsets.US_ASCII);
    }

    private record Header(List<String> ids, long extent) { }

    /** Little-endian reads, one after the other, with the position reached. */
    private interface Input {
        byte[] bytes(int n) throws PeFormatException, IOException;

        long position();

        default long u64() throws PeFormatException, IOException {
            byte[] b = bytes(8);
            long v = 0;
            for (int i = 7; i >= 0; i--) {
                v = v << 8 | (b[i] & 0xFF);
            }
            return v;
        }
    }

    /** The file from {@code at}, not past {@code end}. */
    private final class SourceInput implements Input {
        private final long start;
        private final long end;
        private long at;

        SourceInput(long start, long end) {
            this.start = start;
            this.end = end;
            this.at = start;
        }

        @Override
        public byte[] bytes(int n) throws PeFormatException, IOException {
            if (n > end - at) {
                throw bad("is damaged: the offload bundle at file offset 0x" + hex(start) + " ends (with its section, at 0x"
                        + hex(end) + ") before its header does");
            }
            byte[] b = new byte[n];
            src.read(at, b, n);
            at += n;
            return b;
        }

        @Override
        public long position() {
            return at - start;
        }
    }

    /** Inflated bytes, at most {@code limit} of them. */
    private final class StreamInput implements Input {
        private final InputStream in;
        private final long limit;
        private final String where;
        private long at;

        StreamInput(InputStream in, long limit, String where) {
            this.in = in;
            this.limit = limit;
            this.where = where;
        }

        @Override
        public byte[] bytes(int n) throws PeFormatException, IOException {
            if (n > limit - at) {
                throw bad("is damaged: " + where + " ends (after " + limit + " uncompressed bytes) before its header does");
            }
            byte[] b;
            try {
                b = in.readNBytes(n);
            } catch (ZipException e) {
                throw bad("is damaged: the zlib data of " + where + " is corrupt (" + e.getMessage() + ")");
            }
            if (b.length < n) {
                throw bad("is damaged: the zlib data of " + where + " ends before the bundle header does");
            }
            at += n;
            return b;
        }

        @Override
        public long position() {
            return at;
        }
    }

    /** The file's bytes from {@code start} to {@code end}, for the inflater. */
    private final class RangeStream extends InputStream {
        private long at;
        private final long end;

        RangeStream(long start, long end) {
            this.at = start;
            this.end = end;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (at >= end) {
                return -1;
            }
            int n = (int) Math.min(len, Math.min(end - at, CHUNK));
            byte[] tmp = off == 0 ? b : new byte[n];
            src.read(at, tmp, n);
            if (tmp != b) {
                System.arraycopy(tmp, 0, b, off, n);
            }
            at += n;
            return n;
        }
    }

    /** The file offset where the data of the section holding file offset {@code at} ends; -1 outside every section. */
    private long sectionEnd(long at) {
        for (Section s : sections) {
            if (at >= s.rawOffset() && at - s.rawOffset() < s.rawSize()) {
                return Math.min(s.rawOffset() + s.rawSize(), size);
            }
        }
        return -1;
    }

    /** The file offset of {@code rva}, or -1 when no section holds file data for it. */
    private long fileOffset(long rva) {
        for (Section s : sections) {
            if (rva >= s.rva() && rva - s.rva() < s.rawSize()) {
                long at = s.rawOffset() + (rva - s.rva());
                return at < size ? at : -1;
            }
        }
        return -1;
    }

    private boolean startsWith(long at, byte[] magic) throws IOException {
        long end = sectionEnd(at);
        if (end < 0 || magic.length > end - at) {
            return false;
        }
        byte[] b = new byte[magic.length];
        src.read(at, b, magic.length);
        return Arrays.equals(b, magic);
    }

    private int u16(long at) throws PeFormatException, IOException {
        return (int) le(at, 2);
    }

    private long u32(long at) throws PeFormatException, IOException {
        return le(at, 4);
    }

    private long u64(long at) throws PeFormatException, IOException {
        return le(at, 8);
    }

    private long le(long at, int n) throws PeFormatException, IOException {
        if (at < 0 || at + n > size) {
            throw bad("is truncated: a field at offset 0x" + hex(at) + " runs past the end of the file (" + size + " bytes)");
        }
        byte[] b = new byte[n];
        src.read(at, b, n);
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[i] & 0xFF);
        }
        return v;
    }

    private PeFormatException bad(String problem) {
        return new PeFormatException(name, problem);
    }

    private static String hex(long v) {
        return Long.toHexString(v).toUpperCase(Locale.ROOT);
    }
}
