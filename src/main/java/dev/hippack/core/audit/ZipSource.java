package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A finished zip, read in place and treated as untrusted: nothing is extracted, entries with
 * unsafe names, links, encryption or impossible sizes are reported and left out, and every read
 * is bounded by the entry's declared size and the PE reader's caps.
 */
final class ZipSource implements PackageSource {

    /** Larger than any file of a real package (comgr is ~120 MB) by far. */
    static final long MAX_ENTRY_BYTES = 8L << 30;
    /** A real package is ~1.3 GB unpacked. */
    static final long MAX_TOTAL_BYTES = 64L << 30;
    /** Deflate cannot compress better than about 1032:1; a higher declared ratio is a lie. */
    static final long MAX_RATIO = 1100;
    static final int MAX_ENTRIES = 200_000;
    /** The central directory of a package is ~200 KB; this bounds the memory the zip library spends on it. */
    static final long MAX_CENTRAL_DIRECTORY_BYTES = 16L << 20;
    /** A local file header is at least 30 bytes. */
    private static final int LOCAL_HEADER = 30;

    private final Path zipPath;
    private final ZipFile zip;
    private final List<PackageEntry> entries = new ArrayList<>();
    private final Map<String, ZipArchiveEntry> byPath = new HashMap<>();
    private final List<Finding> problems = new ArrayList<>();
    /** Every entry the listing accepted (folders too): their local headers and data are checked. */
    private final List<ZipArchiveEntry> accepted = new ArrayList<>();
    private long declaredTotal;
    private String topFolder = "";

    ZipSource(Path zipPath) throws PackagerException {
        this.zipPath = zipPath;
        if (!Files.isRegularFile(zipPath)) {
            throw new PackagerException(zipPath + " does not exist or is not a file.");
        }
        checkCentralDirectorySize(zipPath);
        try {
            this.zip = ZipFile.builder().setPath(zipPath).get();
        } catch (IOException | RuntimeException e) {
            throw new PackagerException(zipPath + " is not a readable zip archive (" + e.getMessage()
                    + "); it may be truncated or not a zip at all. Download or build it again.");
        }
        try {
            scan();
        } catch (PackagerException | RuntimeException e) {
            close();
            if (e instanceof PackagerException pe) {
                throw pe;
            }
            throw new PackagerException(zipPath + " has a damaged central directory (" + e.getMessage()
                    + "). Download or build it again.");
        }
    }

    /**
     * Refuses an archive whose central directory is far larger than a package's (about 200 KB
     * for a thousand entries) before the zip library reads it all into memory. An archive
     * without an end record is left to the zip library, which rejects it.
     */
    static void checkCentralDirectorySize(Path zipPath) throws PackagerException {
        try (SeekableByteChannel ch = Files.newByteChannel(zipPath)) {
            long size = ch.size();
            int tail = (int) Math.min(size, 22 + 65535);
            ByteBuffer buf = ByteBuffer.allocate(tail).order(ByteOrder.LITTLE_ENDIAN);
            ch.position(size - tail);
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // read the whole tail
            }
            for (int i = tail - 22; i >= 0; i--) {
                if (buf.getInt(i) != 0x06054b50) {
                    continue;
                }
                long eocd = size - tail + i;
                long cdSize = buf.getInt(i + 12) & 0xFFFFFFFFL;
                long cdOffset = buf.getInt(i + 16) & 0xFFFFFFFFL;
                if ((cdSize == 0xFFFFFFFFL || cdOffset == 0xFFFFFFFFL) && eocd >= 20) {
                    // Zip64: the real values sit in the zip64 end record the locator points at.
                    ByteBuffer loc = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
                    ch.position(eocd - 20);
                    ch.read(loc);
                    if (loc.getInt(0) == 0x07064b50) {
                        long rec = loc.getLong(8);
                        ByteBuffer z = ByteBuffer.allocate(56).order(ByteOrder.LITTLE_ENDIAN);
                        if (rec >= 0 && rec + 56 <= size) {
                            ch.position(rec);
                            ch.read(z);
                            if (z.getInt(0) == 0x06064b50) {
                                cdSize = z.getLong(40);
                                cdOffset = z.getLong(48);
                            }
                        }
                    }
                }
                long span = cdOffset >= 0 && cdOffset <= eocd ? eocd - cdOffset : 0;
                long declared = Math.max(cdSize < 0 ? Long.MAX_VALUE : cdSize, span);
                if (declared > MAX_CENTRAL_DIRECTORY_BYTES) {
                    throw new PackagerException(zipPath + " declares a central directory of " + declared
                            + " bytes, far more than a package's; refusing to read it (a zip bomb or not a package).");
                }
                return;
            }
        } catch (IOException e) {
            throw new PackagerException("Could not read " + zipPath + ": " + e.getMessage());
        }
    }

    private void scan() throws PackagerException {
        Map<String, ZipArchiveEntry> files = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        List<ZipArchiveEntry> all = new ArrayList<>();
        long total = 0;
        Enumeration<ZipArchiveEntry> en = zip.getEntriesInPhysicalOrder();
        while (en.hasMoreElements()) {
            ZipArchiveEntry e = en.nextElement();
            all.add(e);
            if (all.size() > MAX_ENTRIES) {
                throw new PackagerException(zipPath + " holds more than " + MAX_ENTRIES
                        + " entries; a package has about a thousand. It is not a package zip.");
            }
            String name = e.getName();
            String norm = name.replace('\\', '/');
            if (unsafe(norm)) {
                problems.add(error(ContainerFindings.ZIP_UNSAFE_PATH, name, "The entry name " + quote(name)
                        + " is absolute or climbs out of the folder with '..'; extracting it would write outside the target.",
                        "Rebuild the zip from the staged folder with 'hip-packager zip'."));
                continue;
            }
            if (!seen.add(norm.toLowerCase(Locale.ROOT))) {
                problems.add(error(ContainerFindings.ZIP_DUPLICATE, name, "The name " + quote(name)
                        + " appears more than once (Windows names ignore case); which copy an unzip tool keeps is undefined.",
                        "Rebuild the zip from the staged folder with 'hip-packager zip'."));
                continue;
            }
            if (e.isUnixSymlink()) {
                problems.add(error(ContainerFindings.ZIP_SYMLINK, name,
                        quote(name) + " is a symbolic link; Windows users would get a broken file.",
                        "Stage the real file instead of a link and zip again."));
                continue;
            }
            if (e.isDirectory()) {
                accepted.add(e);
                continue;
            }
            if (e.getGeneralPurposeBit().usesEncryption()) {
                problems.add(error(ContainerFindings.ZIP_ENCRYPTED, name,
                        quote(name) + " is encrypted; it cannot be checked and users need a password.",
                        "Zip the package without encryption."));
                continue;
            }
            long size = e.getSize();
            long compressed = e.getCompressedSize();
            if (size > MAX_ENTRY_BYTES) {
                problems.add(error(ContainerFindings.ZIP_BOMB, name, quote(name) + " declares " + size
                        + " bytes unpacked, more than the " + MAX_ENTRY_BYTES + " any package file may have.",
                        "Do not publish this zip; rebuild it."));
                continue;
            }
            if (size > (1 << 20) && (compressed <= 0 || size / compressed > MAX_RATIO)) {
                problems.add(error(ContainerFindings.ZIP_BOMB, name, quote(name) + " declares " + size + " bytes from "
                        + compressed + " compressed, a ratio no real compression reaches.", "Do not publish this zip; rebuild it."));
                continue;
            }
            if (!zip.canReadEntryData(e)) {
                problems.add(error(ContainerFindings.ZIP_UNSUPPORTED, name, quote(name)
                        + " uses a compression method that cannot be read (method " + e.getMethod() + ").",
                        "Zip the package with deflate or store."));
                continue;
            }
            total += Math.max(0, size);
            files.put(norm, e);
            accepted.add(e);
        }
        declaredTotal = total;
        if (total > MAX_TOTAL_BYTES) {
            problems.add(error(ContainerFindings.ZIP_BOMB, zipPath.getFileName().toString(), "The entries declare " + total
                    + " bytes unpacked in all, far more than a package (~1.3 GB).", "Do not publish this zip; rebuild it."));
        }
        checkOverlaps(all);
        String prefix = commonRoot(files.keySet());
        topFolder = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
        for (Map.Entry<String, ZipArchiveEntry> f : files.entrySet()) {
            String rel = f.getKey().substring(prefix.length());
            if (rel.isEmpty()) {
                continue;
            }
            PackageEntry entry = new PackageEntry(rel, Math.max(0, f.getValue().getSize()));
            entries.add(entry);
            byPath.put(rel, f.getValue());
        }
        entries.sort(Comparator.comparing(PackageEntry::path));
    }

    @Override
    public String topFolder() {
        return topFolder;
    }

    /** Entries whose compressed data overlap: the trick of "better zip bombs", never made by a real zip tool. */
    private void checkOverlaps(List<ZipArchiveEntry> all) {
        List<ZipArchiveEntry> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingLong(ZipArchiveEntry::getLocalHeaderOffset));
        for (int i = 0; i + 1 < sorted.size(); i++) {
            ZipArchiveEntry a = sorted.get(i);
            ZipArchiveEntry b = sorted.get(i + 1);
            long aEnd = a.getLocalHeaderOffset() + LOCAL_HEADER + Math.max(0, a.getCompressedSize());
            if (b.getLocalHeaderOffset() < aEnd) {
                problems.add(error(ContainerFindings.ZIP_BOMB, b.getName(), quote(a.getName()) + " and " + quote(b.getName())
                        + " share their compressed data (overlapping entries, a zip-bomb construction).",
                        "Do not publish this zip; rebuild it."));
                return;
            }
        }
    }

    static boolean unsafe(String norm) {
        if (norm.isEmpty() || norm.startsWith("/") || norm.matches("^[A-Za-z]:.*") || norm.indexOf('\0') >= 0) {
            return true;
        }
        for (String seg : norm.split("/")) {
            if (seg.equals("..")) {
                return true;
            }
        }
        return false;
    }

    /** "name/" when every file lies below one top-level folder (how 'hip-packager zip' writes), else "". */
    private static String commonRoot(Set<String> paths) {
        String root = null;
        for (String p : paths) {
            int slash = p.indexOf('/');
            if (slash <= 0) {
                return "";
            }
            String first = p.substring(0, slash + 1);
            if (root == null) {
                root = first;
            } else if (!root.equals(first)) {
                return "";
            }
        }
        return root == null ? "" : root;
    }

    private static String quote(String name) {
        return "'" + name + "'";
    }

    private static Finding error(String id, String file, String message, String fix) {
        return new Finding(id, Severity.ERROR, message, fix, file);
    }

    @Override
    public List<PackageEntry> entries() {
        return entries;
    }

    @Override
    public List<Finding> problems() {
        return problems;
    }

    /**
     * Reads every accepted entry's local header and compares it with the central directory (name,
     * flags, method, CRC, sizes; a data descriptor when the local header defers to one), and
     * decompresses every file to check its size and CRC-32. Tools that extract by the local
     * headers (streaming unzippers, some installers) would otherwise write another name or other
     * bytes than the ones audited. Bounded like the listing: each entry is read only up to its
     * declared size plus one byte, and a zip already reported as a bomb is not decompressed at all.
     */
    @Override
    public void checkIntegrity(OperationListener listener, CancellationToken cancel) throws OperationCancelledException {
        if (declaredTotal > MAX_TOTAL_BYTES || problems.stream().anyMatch(f -> f.id().equals(ContainerFindings.ZIP_BOMB))) {
            // Already refused as a bomb; decompressing it is what the bomb wants.
            return;
        }
        listener.status("Checking the local header and the data of every entry in " + zipPath.getFileName());
        List<ZipArchiveEntry> byOffset = new ArrayList<>(accepted);
        byOffset.sort(Comparator.comparingLong(ZipArchiveEntry::getLocalHeaderOffset));
        long done = 0;
        byte[] buffer = new byte[1 << 16];
        try (FileChannel ch = FileChannel.open(zipPath, StandardOpenOption.READ)) {
            for (ZipArchiveEntry e : byOffset) {
                cancel.throwIfCancelled();
                String mismatch = compareLocalHeader(ch, e);
                if (mismatch != null) {
                    problems.add(error(ContainerFindings.ZIP_HEADER_MISMATCH, e.getName(), "The local header of " + quote(e.getName())
                            + " disagrees with the central directory: " + mismatch + ". Tools that extract by the local "
                            + "headers would write something other than what was audited.",
                            "Do not publish this zip; rebuild it from the staged folder with 'hip-packager zip'."));
                }
                if (!e.isDirectory()) {
                    String damage = checkData(e, buffer, cancel);
                    if (damage != null) {
                        problems.add(error(ContainerFindings.ZIP_CORRUPT, e.getName(), quote(e.getName()) + " is damaged: " + damage + ".",
                                "Do not publish this zip; build or download it again."));
                    }
                    done += Math.max(0, e.getSize());
                    listener.progress(done, declaredTotal);
                }
            }
        } catch (IOException e) {
            problems.add(error(ContainerFindings.ZIP_CORRUPT, zipPath.getFileName().toString(), zipPath + " could not be read to the end ("
                    + e.getMessage() + ").", "Download or build it again."));
        }
    }

    /** What the local header says differently from the central directory; null when they agree. */
    private static String compareLocalHeader(FileChannel ch, ZipArchiveEntry e) throws IOException {
        long at = e.getLocalHeaderOffset();
        ByteBuffer h = read(ch, at, LOCAL_HEADER);
        if (h == null || h.getInt(0) != 0x04034b50) {
            return "there is no local header where the central directory points (byte " + at + ")";
        }
        int flags = Short.toUnsignedInt(h.getShort(6));
        int method = Short.toUnsignedInt(h.getShort(8));
        long crc = Integer.toUnsignedLong(h.getInt(14));
        long compressed = Integer.toUnsignedLong(h.getInt(18));
        long size = Integer.toUnsignedLong(h.getInt(22));
        int nameLength = Short.toUnsignedInt(h.getShort(26));
        int extraLength = Short.toUnsignedInt(h.getShort(28));
        ByteBuffer rest = read(ch, at + LOCAL_HEADER, nameLength + extraLength);
        if (rest == null) {
            return "the local header is cut off";
        }
        byte[] name = new byte[nameLength];
        rest.get(0, name);
        List<String> diffs = new ArrayList<>();
        if (!Arrays.equals(name, e.getRawName())) {
            diffs.add("it names " + quote(new String(name, (flags & 0x0800) != 0 ? StandardCharsets.UTF_8
                    : StandardCharsets.ISO_8859_1)));
        }
        if (flags != e.getRawFlag()) {
            diffs.add("its flags are " + hex(flags, 4) + " instead of " + hex(e.getRawFlag(), 4));
        }
        if (method != e.getMethod()) {
            diffs.add("its compression method is " + method + " instead of " + e.getMethod());
        }
        long zip64Size = -1;
        long zip64Compressed = -1;
        for (int p = nameLength; p + 4 <= nameLength + extraLength; ) {
            int id = Short.toUnsignedInt(rest.getShort(p));
            int len = Short.toUnsignedInt(rest.getShort(p + 2));
            if (id == 0x0001 && len >= 16 && p + 4 + 16 <= nameLength + extraLength) {
                zip64Size = rest.getLong(p + 4);
                zip64Compressed = rest.getLong(p + 12);
            }
            p += 4 + len;
        }
        if ((flags & 0x0008) != 0) {
            // CRC and sizes follow the data, in a data descriptor (optionally with its signature).
            long dataEnd = at + LOCAL_HEADER + nameLength + extraLength + e.getCompressedSize();
            boolean wide = zip64Size >= 0;
            ByteBuffer d = read(ch, dataEnd, 4 + 4 + (wide ? 16 : 8));
            if (d == null) {
                diffs.add("its data descriptor is missing");
            } else {
                int p = d.getInt(0) == 0x08074b50 ? 4 : 0;
                if (p == 0) {
                    d = read(ch, dataEnd, 4 + (wide ? 16 : 8));
                }
                crc = Integer.toUnsignedLong(d.getInt(p));
                compressed = wide ? d.getLong(p + 4) : Integer.toUnsignedLong(d.getInt(p + 4));
                size = wide ? d.getLong(p + 12) : Integer.toUnsignedLong(d.getInt(p + 8));
            }
        } else {
            if (compressed == 0xFFFFFFFFL && zip64Compressed >= 0) {
                compressed = zip64Compressed;
            }
            if (size == 0xFFFFFFFFL && zip64Size >= 0) {
                size = zip64Size;
            }
        }
        if (crc != e.getCrc()) {
            diffs.add("its CRC is " + hex(crc, 8) + " instead of " + hex(e.getCrc(), 8));
        }
        if (size != e.getSize() || compressed != e.getCompressedSize()) {
            diffs.add("its sizes are " + size + " (" + compressed + " compressed) instead of " + e.getSize() + " ("
                    + e.getCompressedSize() + " compressed)");
        }
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }

    /** Decompresses the entry up to one byte past its declared size; what is wrong, or null. */
    private String checkData(ZipArchiveEntry e, byte[] buffer, CancellationToken cancel) throws OperationCancelledException {
        long declared = e.getSize();
        CRC32 crc = new CRC32();
        long n = 0;
        try (InputStream in = open(e)) {
            for (int k; n <= declared && (k = in.read(buffer, 0, (int) Math.min(buffer.length, declared + 1 - n))) > 0; ) {
                crc.update(buffer, 0, k);
                n += k;
                if ((n & ((1 << 24) - 1)) < k) {
                    cancel.throwIfCancelled();
                }
            }
        } catch (IOException | RuntimeException ex) {
            return "its data cannot be decompressed (" + ex.getMessage() + ")";
        }
        if (n > declared) {
            return "its data decompresses to more than the " + declared + " bytes the archive records";
        }
        if (n != declared || crc.getValue() != e.getCrc()) {
            return "its data decompresses to " + n + " bytes with CRC " + hex(crc.getValue(), 8) + ", but the archive records "
                    + declared + " bytes with CRC " + hex(e.getCrc(), 8);
        }
        return null;
    }

    /** {@code length} bytes at {@code at}, little-endian; null when the file ends first. */
    private static ByteBuffer read(FileChannel ch, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                return null;
            }
        }
        return b;
    }

    private static String hex(long v, int digits) {
        return String.format(Locale.ROOT, "%0" + digits + "x", v);
    }

    @Override
    public PeInfo readPe(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipArchiveEntry ze = byPath.get(entry.path());
        PeInfo info = reader.read(zipPath.getFileName() + "!/" + ze.getName(), ze.getSize(), () -> open(ze));
        return new PeInfo(entry.path(), info.format(), info.machine(), info.imports(), info.delayImports());
    }

    @Override
    public OffloadBundles readOffloadBundles(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipArchiveEntry ze = byPath.get(entry.path());
        OffloadBundles o = reader.offloadBundles(zipPath.getFileName() + "!/" + ze.getName(), ze.getSize(), () -> open(ze));
        return new OffloadBundles(entry.path(), o.foundBy(), o.registrations(), o.bundles());
    }

    @Override
    public Optional<String> readVersion(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipArchiveEntry ze = byPath.get(entry.path());
        return reader.fileVersion(zipPath.getFileName() + "!/" + ze.getName(), ze.getSize(), () -> open(ze));
    }

    /** The entry's content; the archive library's unchecked exceptions on damaged data become IOExceptions. */
    private InputStream open(ZipArchiveEntry ze) throws IOException {
        InputStream in;
        try {
            in = zip.getInputStream(ze);
        } catch (RuntimeException e) {
            throw new IOException("damaged entry: " + e.getMessage(), e);
        }
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                try {
                    return super.read();
                } catch (RuntimeException e) {
                    throw new IOException("damaged entry: " + e.getMessage(), e);
                }
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (RuntimeException e) {
                    throw new IOException("damaged entry: " + e.getMessage(), e);
                }
            }

            @Override
            public long skip(long n) throws IOException {
                try {
                    return super.skip(n);
                } catch (RuntimeException e) {
                    throw new IOException("damaged entry: " + e.getMessage(), e);
                }
            }
        };
    }

    @Override
    public long crc32(PackageEntry entry) {
        return byPath.get(entry.path()).getCrc();
    }

    @Override
    public String readText(PackageEntry entry, int maxBytes) throws PackagerException {
        ZipArchiveEntry ze = byPath.get(entry.path());
        try (InputStream in = open(ze)) {
            return new String(in.readNBytes(maxBytes), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new PackagerException(zipPath + "!/" + ze.getName() + " could not be read (" + e.getMessage()
                    + "); the zip is damaged. Build it again.");
        }
    }

    @Override
    public void close() {
        ZipFile.closeQuietly(zip);
    }
}
