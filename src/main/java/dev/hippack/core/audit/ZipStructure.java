package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.ZipNames;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The layout of a zip, read by our own strict parser rather than a library's lenient one: the
 * end record, the zip64 records, every central directory record and every local header, each
 * cross-checked with the others as the strictest of {@code unzip}, 7-Zip and Python's
 * {@code zipfile} does, and the entries must tile the file with no byte left over. An archive
 * that passes here is read the same way by every common extractor; what does not pass is a
 * {@link ContainerFindings#ZIP_MALFORMED} finding (or a clearer one), never a lenient guess.
 * Memory and work are bounded before anything is read: the central directory by
 * {@link #MAX_CENTRAL_DIRECTORY_BYTES}, the entries by {@link #MAX_ENTRIES}.
 */
final class ZipStructure {

    static final int MAX_ENTRIES = 200_000;
    /** The central directory of a package is ~200 KB; this bounds the memory spent on it. */
    static final long MAX_CENTRAL_DIRECTORY_BYTES = 16L << 20;
    /** The highest "version needed to extract" whose features HIP Packager reads (4.5, zip64). */
    static final int MAX_VERSION_NEEDED = 45;
    /** Methods HIP Packager decompresses and so can check: stored and deflate. */
    static final Set<Integer> METHODS = Set.of(0, 8);

    private static final int EOCD = 0x06054b50;
    private static final int ZIP64_EOCD = 0x06064b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int CENTRAL = 0x02014b50;
    private static final int LOCAL = 0x04034b50;
    private static final int DESCRIPTOR = 0x08074b50;
    private static final int LOCAL_HEADER = 30;
    private static final int CENTRAL_HEADER = 46;
    /** Flag bits a package zip may carry: deflate options (1, 2), data descriptor (3), UTF-8 names (11). */
    private static final int KNOWN_FLAGS = 0x080E;
    /** Encryption (0), strong encryption (6), masked central directory (13). */
    private static final int ENCRYPTION_FLAGS = 0x2041;
    /**
     * One entry as its central directory record describes it, checked against its local header.
     *
     * @param name the name as stored, decoded (UTF-8 with the flag, else ISO-8859-1 for messages)
     * @param path the normalised path extraction creates ({@code /}-separated, no {@code .} or empty
     *             segments, no trailing slash); empty when the name is refused
     * @param dataOffset where the compressed data starts, after the local header
     * @param usable false when a finding already refuses the entry, so its data is not trusted
     */
    record Entry(String name, String path, boolean directory, int method, int flags, long crc, long compressedSize,
                 long size, long localHeaderOffset, long dataOffset, int descriptorLength, boolean usable) {
    }

    private final String label;
    private final List<Entry> entries;
    private final List<Finding> problems;

    private ZipStructure(String label, List<Entry> entries, List<Finding> problems) {
        this.label = label;
        this.entries = entries;
        this.problems = problems;
    }

    List<Entry> entries() {
        return entries;
    }

    List<Finding> problems() {
        return problems;
    }

    /**
     * Reads the structure of {@code ch}, the zip {@code label}. An archive without an end record,
     * or one whose central directory cannot be bounded, is a {@link PackagerException}; every
     * other flaw is a finding.
     */
    static ZipStructure read(FileChannel ch, String label) throws PackagerException, IOException {
        return new Parser(ch, label).parse();
    }

    private static final class Parser {
        private final FileChannel ch;
        private final String label;
        private final long size;
        private final List<Finding> problems = new ArrayList<>();
        /** The length of the data descriptor of the entry {@link #compareLocal} last read. */
        private int descriptorLength;

        Parser(FileChannel ch, String label) throws IOException {
            this.ch = ch;
            this.label = label;
            this.size = ch.size();
        }

        ZipStructure parse() throws PackagerException, IOException {
            int tail = (int) Math.min(size, 22 + 65535);
            ByteBuffer buf = read(size - tail, tail);
            int at = -1;
            int last = -1;
            for (int i = tail - 22; i >= 0; i--) {
                if (buf.getInt(i) == EOCD) {
                    if (last < 0) {
                        last = i;
                    }
                    if (Short.toUnsignedInt(buf.getShort(i + 20)) == tail - i - 22) {
                        at = i;
                        break;
                    }
                }
            }
            if (last < 0) {
                throw new PackagerException(label + " is not a readable zip archive (it has no end of central directory "
                        + "record); it may be truncated or not a zip at all. Download or build it again.");
            }
            if (at < 0) {
                at = last;
                malformed(label, "the end record's comment length (" + Short.toUnsignedInt(buf.getShort(at + 20))
                        + ") disagrees with the " + (tail - at - 22) + " bytes that follow it");
            }
            long eocd = size - tail + at;
            int disk = Short.toUnsignedInt(buf.getShort(at + 4));
            int cdDisk = Short.toUnsignedInt(buf.getShort(at + 6));
            long onDisk = Short.toUnsignedInt(buf.getShort(at + 8));
            long count = Short.toUnsignedInt(buf.getShort(at + 10));
            long cdSize = Integer.toUnsignedLong(buf.getInt(at + 12));
            long cdOffset = Integer.toUnsignedLong(buf.getInt(at + 16));
            if (disk != 0 || cdDisk != 0) {
                malformed(label, "the end record names disk " + disk + " and central directory disk " + cdDisk
                        + "; a zip of one file has only disk 0");
            }
            long cdEnd = eocd;
            boolean zip64 = eocd >= 20 && read(eocd - 20, 4).getInt(0) == ZIP64_LOCATOR;
            if (zip64) {
                ByteBuffer loc = read(eocd - 20, 20);
                long rec = loc.getLong(8);
                if (loc.getInt(4) != 0 || loc.getInt(16) != 1) {
                    malformed(label, "the zip64 locator names disk " + Integer.toUnsignedLong(loc.getInt(4)) + " of "
                            + Integer.toUnsignedLong(loc.getInt(16)) + "; a zip of one file has disk 0 of 1");
                }
                if (rec < 0 || rec + 56 > eocd - 20 || read(rec, 4).getInt(0) != ZIP64_EOCD) {
                    throw new PackagerException(label + " has a zip64 locator that points at no zip64 end record; "
                            + "the archive is damaged. Download or build it again.");
                }
                ByteBuffer z = read(rec, 56);
                if (rec + 12 + z.getLong(4) != eocd - 20) {
                    malformed(label, "the zip64 end record's size (" + z.getLong(4) + ") disagrees with the space before its locator");
                }
                if (z.getInt(16) != 0 || z.getInt(20) != 0) {
                    malformed(label, "the zip64 end record names disk " + Integer.toUnsignedLong(z.getInt(16))
                            + "; a zip of one file has only disk 0");
                }
                onDisk = agree("entries on this disk", onDisk, 0xFFFF, z.getLong(24));
                count = agree("entries", count, 0xFFFF, z.getLong(32));
                cdSize = agree("central directory size", cdSize, 0xFFFFFFFFL, z.getLong(40));
                cdOffset = agree("central directory offset", cdOffset, 0xFFFFFFFFL, z.getLong(48));
                cdEnd = rec;
            }
            if (onDisk != count) {
                malformed(label, "the end record counts " + onDisk + " entries on this disk but " + count + " in all");
            }
            if (count < 0 || count > MAX_ENTRIES) {
                throw new PackagerException(label + " declares " + Long.toUnsignedString(count) + " entries, more than the "
                        + MAX_ENTRIES + " HIP Packager reads; a package has about a thousand. It is not a package zip.");
            }
            long span = cdOffset >= 0 && cdOffset <= cdEnd ? cdEnd - cdOffset : 0;
            long declared = Math.max(cdSize < 0 ? Long.MAX_VALUE : cdSize, span);
            if (declared > MAX_CENTRAL_DIRECTORY_BYTES) {
                throw new PackagerException(label + " declares a central directory of " + Long.toUnsignedString(declared)
                        + " bytes, far more than a package's; refusing to read it (a zip bomb or not a package).");
            }
            if (cdOffset < 0 || cdOffset > cdEnd) {
                throw new PackagerException(label + " records its central directory at byte " + Long.toUnsignedString(cdOffset)
                        + ", past its end record; the archive is damaged or truncated. Download or build it again.");
            }
            if (cdOffset + cdSize != cdEnd) {
                malformed(label, "the central directory is recorded as " + cdSize + " bytes at byte " + cdOffset
                        + ", but " + (cdEnd - cdOffset) + " bytes lie between it and the end record");
            }
            ByteBuffer cd = read(cdOffset, (int) span);
            List<Entry> entries = new ArrayList<>();
            int p = 0;
            for (long i = 0; i < count; i++) {
                if (p + CENTRAL_HEADER > span || cd.getInt(p) != CENTRAL) {
                    malformed(label, "the end record counts " + count + " entries but the central directory holds " + i);
                    break;
                }
                int n = Short.toUnsignedInt(cd.getShort(p + 28));
                int m = Short.toUnsignedInt(cd.getShort(p + 30));
                int k = Short.toUnsignedInt(cd.getShort(p + 32));
                if (p + CENTRAL_HEADER + n + m + k > span) {
                    malformed(label, "central directory record " + (i + 1) + " runs past the end of the central directory");
                    break;
                }
                entries.add(central(cd, p));
                p += CENTRAL_HEADER + n + m + k;
            }
            if (entries.size() == count && p != span) {
                malformed(label, "the central directory holds " + (span - p) + " bytes after its " + count
                        + " records that no record owns" + (p + 4 <= span && cd.getInt(p) == CENTRAL ? " (more entries than the end record counts)" : ""));
            }
            checkNames(entries);
            checkTiling(entries, cdOffset);
            return new ZipStructure(label, entries, problems);
        }

        /** The zip64 value, checked against the classic field unless that holds the "see zip64" marker. */
        private long agree(String what, long classic, long marker, long wide) {
            if (classic != marker && classic != wide) {
                malformed(label, "the end record's " + what + " (" + classic + ") disagrees with the zip64 end record's ("
                        + Long.toUnsignedString(wide) + ")");
            }
            return wide;
        }

        private Entry central(ByteBuffer cd, int p) throws IOException {
            int madeBy = Short.toUnsignedInt(cd.getShort(p + 4));
            int needed = Short.toUnsignedInt(cd.getShort(p + 6));
            int flags = Short.toUnsignedInt(cd.getShort(p + 8));
            int method = Short.toUnsignedInt(cd.getShort(p + 10));
            long crc = Integer.toUnsignedLong(cd.getInt(p + 16));
            long compressed = Integer.toUnsignedLong(cd.getInt(p + 20));
            long size = Integer.toUnsignedLong(cd.getInt(p + 24));
            int n = Short.toUnsignedInt(cd.getShort(p + 28));
            int m = Short.toUnsignedInt(cd.getShort(p + 30));
            int diskStart = Short.toUnsignedInt(cd.getShort(p + 34));
            long external = Integer.toUnsignedLong(cd.getInt(p + 38));
            long offset = Integer.toUnsignedLong(cd.getInt(p + 42));
            byte[] raw = new byte[n];
            cd.get(p + CENTRAL_HEADER, raw);
            String name = decode(raw, flags);
            boolean usable = true;

            ByteBuffer extra = cd.slice(p + CENTRAL_HEADER + n, m).order(ByteOrder.LITTLE_ENDIAN);
            Map<Integer, ByteBuffer> fields = extraFields(extra, name, "central directory record");
            if (fields == null) {
                usable = false;
                fields = Map.of();
            }
            ByteBuffer z = fields.get(0x0001);
            int zp = 0;
            long[] wide = {size, compressed, offset, diskStart};
            long[] markers = {0xFFFFFFFFL, 0xFFFFFFFFL, 0xFFFFFFFFL, 0xFFFF};
            for (int f = 0; f < 4; f++) {
                if (wide[f] != markers[f]) {
                    continue;
                }
                int width = f == 3 ? 4 : 8;
                if (z == null || zp + width > z.limit()) {
                    malformed(name, "its central record sets a size or offset to the zip64 marker but its zip64 field lacks the value");
                    usable = false;
                    break;
                }
                wide[f] = f == 3 ? Integer.toUnsignedLong(z.getInt(zp)) : z.getLong(zp);
                zp += width;
            }
            size = wide[0];
            compressed = wide[1];
            offset = wide[2];
            if (wide[3] != 0) {
                malformed(name, "its central record names disk " + wide[3] + "; a zip of one file has only disk 0");
                usable = false;
            }
            if (size < 0 || compressed < 0 || offset < 0) {
                malformed(name, "its central record declares a size or offset beyond 2^63");
                return new Entry(name, "", false, method, flags, crc, 0, 0, 0, -1, 0, false);
            }
            String unicodePath = unicodePath(fields.get(0x7075));
            if (unicodePath != null && !unicodePath.equals(name)) {
                malformed(name, "its Info-ZIP Unicode path field names '" + unicodePath
                        + "', which unzip and 7-Zip extract instead of the name the record holds");
                usable = false;
            }
            if ((needed & 0xFF) > MAX_VERSION_NEEDED) {
                malformed(name, "it needs zip version " + (needed & 0xFF) / 10 + "." + (needed & 0xFF) % 10
                        + " to extract; HIP Packager reads up to 4.5 (deflate and zip64)");
                usable = false;
            }
            if ((flags & ENCRYPTION_FLAGS) != 0) {
                problems.add(error(ContainerFindings.ZIP_ENCRYPTED, name,
                        "'" + name + "' is encrypted; it cannot be checked and users need a password.", "Zip the package without encryption."));
                usable = false;
            } else if ((flags & ~KNOWN_FLAGS) != 0) {
                malformed(name, "its flags " + hex(flags, 4) + " ask for features a package zip never uses (patched data or reserved bits)");
                usable = false;
            }
            boolean dirName = name.endsWith("/");
            int type = (int) (external >>> 16) & 0170000;
            if (type == 0120000 || (external & 0x400) != 0) {
                problems.add(error(ContainerFindings.ZIP_SYMLINK, name, "'" + name + "' is a symbolic link (its attributes say so "
                        + "whatever system wrote it, and unzip or 7-Zip create it as one); Windows users would get a broken file.",
                        "Stage the real file instead of a link and zip again."));
                usable = false;
            } else if (type != 0 && type != 0100000 && type != 0040000) {
                problems.add(error(ContainerFindings.ZIP_SYMLINK, name, "'" + name + "' is not a regular file (its attributes "
                        + "make it a FIFO, device or socket, file type " + Integer.toOctalString(type) + ").",
                        "Stage the real file and zip again."));
                usable = false;
            } else if (!dirName && (type == 0040000 || (type == 0 && (external & 0x10) != 0))) {
                malformed(name, "its attributes make it a folder but its name, without a trailing '/', a file; extractors disagree on which it is");
                usable = false;
            } else if (dirName && (size != 0 || compressed > 2)) {
                malformed(name, "it is a folder that holds " + size + " bytes");
                usable = false;
            }
            if (usable && !METHODS.contains(method)) {
                problems.add(error(ContainerFindings.ZIP_UNSUPPORTED, name, "Entry '" + name + "' uses compression method " + method
                        + ", which HIP Packager cannot check; an entry that is not checked is not a pass.",
                        "Zip the package with deflate or store (as 'hip-packager zip' does)."));
                usable = false;
            }
            if (usable && method == 0 && compressed != size) {
                malformed(name, "it is stored uncompressed but records " + compressed + " bytes compressed and " + size + " unpacked");
                usable = false;
            }
            // The local header: the same name, flags, method, version, CRC and sizes, and where its data starts.
            long dataOffset = -1;
            descriptorLength = 0;
            String mismatch = null;
            if (offset + LOCAL_HEADER > size()) {
                mismatch = "there is no local header where the central directory points (byte " + offset + ")";
            } else {
                ByteBuffer h = read(offset, LOCAL_HEADER);
                int ln = Short.toUnsignedInt(h.getShort(26));
                int lm = Short.toUnsignedInt(h.getShort(28));
                if (h.getInt(0) != LOCAL) {
                    mismatch = "there is no local header where the central directory points (byte " + offset + ")";
                } else if (offset + LOCAL_HEADER + ln + lm > size()) {
                    mismatch = "the local header is cut off";
                } else {
                    dataOffset = offset + LOCAL_HEADER + ln + lm;
                    mismatch = compareLocal(h, read(offset + LOCAL_HEADER, ln + lm), raw, name, needed, flags, method, crc,
                            compressed, size, dataOffset);
                }
            }
            if (mismatch != null) {
                problems.add(error(ContainerFindings.ZIP_HEADER_MISMATCH, name, "The local header of '" + name
                        + "' disagrees with the central directory: " + mismatch + ". Tools that extract by the local "
                        + "headers would write something other than what was audited.",
                        "Do not publish this zip; rebuild it from the staged folder with 'hip-packager zip'."));
                // Still audited by the central record, so the other checks report what it holds too.
                usable &= dataOffset >= 0;
            }
            return new Entry(name, "", dirName, method, flags, crc, compressed, size, offset, dataOffset, descriptorLength, usable);
        }

        private long size() {
            return size;
        }

        private String compareLocal(ByteBuffer h, ByteBuffer rest, byte[] raw, String name, int needed, int flags, int method,
                                    long crc, long compressed, long size, long dataOffset) throws IOException {
            int lNeeded = Short.toUnsignedInt(h.getShort(4));
            int lFlags = Short.toUnsignedInt(h.getShort(6));
            int lMethod = Short.toUnsignedInt(h.getShort(8));
            long lCrc = Integer.toUnsignedLong(h.getInt(14));
            long lCompressed = Integer.toUnsignedLong(h.getInt(18));
            long lSize = Integer.toUnsignedLong(h.getInt(22));
            int ln = Short.toUnsignedInt(h.getShort(26));
            int lm = Short.toUnsignedInt(h.getShort(28));
            byte[] lName = new byte[ln];
            rest.get(0, lName);
            List<String> diffs = new ArrayList<>();
            if (!Arrays.equals(lName, raw)) {
                diffs.add("it names '" + decode(lName, lFlags) + "'");
            }
            if (lFlags != flags) {
                diffs.add("its flags are " + hex(lFlags, 4) + " instead of " + hex(flags, 4));
            }
            if (lMethod != method) {
                diffs.add("its compression method is " + lMethod + " instead of " + method);
            }
            if (lNeeded != needed) {
                diffs.add("it needs version " + lNeeded + " instead of " + needed);
            }
            Map<Integer, ByteBuffer> fields = extraFields(rest.slice(ln, lm).order(ByteOrder.LITTLE_ENDIAN), name, "local header");
            if (fields == null) {
                return diffs.isEmpty() ? "its extra field is malformed" : String.join("; ", diffs);
            }
            String unicodePath = unicodePath(fields.get(0x7075));
            if (unicodePath != null && !unicodePath.equals(name)) {
                diffs.add("its Info-ZIP Unicode path field names '" + unicodePath + "'");
            }
            ByteBuffer z = fields.get(0x0001);
            boolean wide = z != null;
            if (lSize == 0xFFFFFFFFL || lCompressed == 0xFFFFFFFFL) {
                if (z == null || z.limit() < 16) {
                    diffs.add("it sets its sizes to the zip64 marker without a zip64 field holding them");
                } else {
                    lSize = z.getLong(0);
                    lCompressed = z.getLong(8);
                }
            }
            if ((lFlags & 0x0008) != 0) {
                // CRC and sizes follow the data, in a data descriptor with or without its signature.
                long end = dataOffset + compressed;
                int w = wide ? 8 : 4;
                ByteBuffer d = end + 4 + 4 + 2 * w <= size() ? read(end, 4 + 4 + 2 * w) : null;
                boolean signed = d != null && d.getInt(0) == DESCRIPTOR && matches(d, 4, w, crc, compressed, size);
                boolean bare = !signed && end + 4 + 2 * w <= size() && matches(read(end, 4 + 2 * w), 0, w, crc, compressed, size);
                if (!signed && !bare) {
                    diffs.add("its data descriptor is missing or records another CRC or size");
                }
                descriptorLength = (signed ? 4 : 0) + 4 + 2 * w;
            } else {
                if (lCrc != crc) {
                    diffs.add("its CRC is " + hex(lCrc, 8) + " instead of " + hex(crc, 8));
                }
                if (lSize != size || lCompressed != compressed) {
                    diffs.add("its sizes are " + lSize + " (" + lCompressed + " compressed) instead of " + size + " ("
                            + compressed + " compressed)");
                }
            }
            return diffs.isEmpty() ? null : String.join("; ", diffs);
        }

        private static boolean matches(ByteBuffer d, int p, int w, long crc, long compressed, long size) {
            long c = w == 8 ? d.getLong(p + 4) : Integer.toUnsignedLong(d.getInt(p + 4));
            long s = w == 8 ? d.getLong(p + 4 + w) : Integer.toUnsignedLong(d.getInt(p + 4 + w));
            return Integer.toUnsignedLong(d.getInt(p)) == crc && c == compressed && s == size;
        }

        /**
         * The entries, sorted by where they start, must follow one another with no gap and no
         * overlap, from byte 0 to the central directory: bytes no entry owns are what a reader
         * that scans local headers (or one that skips a prefix) would extract differently.
         */
        private void checkTiling(List<Entry> entries, long cdOffset) throws IOException {
            List<Entry> sorted = new ArrayList<>(entries.stream().filter(e -> e.dataOffset() >= 0).toList());
            if (sorted.size() < entries.size()) {
                return;
            }
            sorted.sort(Comparator.comparingLong(Entry::localHeaderOffset));
            long expected = 0;
            Entry previous = null;
            for (Entry e : sorted) {
                if (e.localHeaderOffset() < expected && previous != null) {
                    problems.add(error(ContainerFindings.ZIP_BOMB, e.name(), "'" + previous.name() + "' and '" + e.name()
                            + "' share their compressed data (overlapping entries, a zip-bomb construction).",
                            "Do not publish this zip; rebuild it."));
                    return;
                }
                if (e.localHeaderOffset() != expected) {
                    malformed(e.name(), previous == null ? e.localHeaderOffset() + " bytes that belong to no entry come before the first entry"
                            : (e.localHeaderOffset() - expected) + " bytes that belong to no entry lie between '" + previous.name()
                            + "' and it (or a compressed size is off)");
                    return;
                }
                expected = e.dataOffset() + e.compressedSize() + e.descriptorLength();
                previous = e;
            }
            if (expected != cdOffset && previous != null) {
                malformed(previous.name(), expected < cdOffset ? (cdOffset - expected) + " bytes that belong to no entry lie between it and the central directory (or its compressed size is off)"
                        : "its data runs " + (expected - cdOffset) + " bytes into the central directory (its compressed size is off)");
            } else if (previous == null && cdOffset != 0) {
                malformed(label, cdOffset + " bytes that belong to no entry come before the central directory");
            }
        }

        /**
         * Normalises every name as Windows and the extractors do (segments, {@code .}, case) and
         * refuses names that are ambiguous or unsafe, and any two entries landing on one path.
         */
        private void checkNames(List<Entry> entries) {
            Map<String, Entry> files = new HashMap<>();
            Map<String, Entry> folders = new HashMap<>();
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                String problem = ZipNames.problem(e.name(), (e.flags() & 0x0800) != 0);
                if (problem != null) {
                    problems.add(error(ContainerFindings.ZIP_UNSAFE_PATH, e.name(), "The entry name '" + e.name() + "' " + problem + ".",
                            "Rebuild the zip from the staged folder with 'hip-packager zip'."));
                    entries.set(i, with(e, "", false));
                    continue;
                }
                String path = ZipNames.normalise(e.name());
                String key = ZipNames.collisionKey(path);
                Entry other = files.containsKey(key) ? files.get(key) : folders.get(key);
                if (other != null && !(e.directory() && other.directory())) {
                    problems.add(error(ContainerFindings.ZIP_DUPLICATE, e.name(), "'" + e.name() + "' and '" + other.name()
                            + "' extract to one path (names are compared as Windows does: '\\' and '/', '.' and empty "
                            + "segments, case); which copy an extractor keeps is undefined, and it may be the one not audited.",
                            "Rebuild the zip from the staged folder with 'hip-packager zip'."));
                    entries.set(i, with(e, "", false));
                    continue;
                }
                (e.directory() ? folders : files).put(key, e);
                entries.set(i, with(e, path, e.usable()));
            }
            // A file whose path is also the folder of another entry: one of the two cannot be extracted.
            for (Entry e : entries) {
                String key = ZipNames.collisionKey(e.path());
                for (int s = key.indexOf('/'); s > 0; s = key.indexOf('/', s + 1)) {
                    Entry file = files.get(key.substring(0, s));
                    if (file != null) {
                        problems.add(error(ContainerFindings.ZIP_DUPLICATE, e.name(), "'" + file.name() + "' is a file, but '"
                                + e.name() + "' needs a folder of that name; extractors replace one with the other.",
                                "Rebuild the zip from the staged folder with 'hip-packager zip'."));
                        return;
                    }
                }
            }
        }

        private static Entry with(Entry e, String path, boolean usable) {
            return new Entry(e.name(), path, e.directory(), e.method(), e.flags(), e.crc(), e.compressedSize(), e.size(),
                    e.localHeaderOffset(), e.dataOffset(), e.descriptorLength(), usable);
        }

        /**
         * Parses an extra field into its blocks; null (after a finding) when a block runs past the
         * field, as unzip and 7-Zip refuse, or one id appears twice.
         */
        private Map<Integer, ByteBuffer> extraFields(ByteBuffer extra, String name, String where) {
            Map<Integer, ByteBuffer> fields = new HashMap<>();
            int p = 0;
            int limit = extra.limit();
            while (p < limit) {
                if (p + 4 > limit || p + 4 + Short.toUnsignedInt(extra.getShort(p + 2)) > limit) {
                    malformed(name, "the extra field of its " + where + " has a block that runs past the field's end");
                    return null;
                }
                int id = Short.toUnsignedInt(extra.getShort(p));
                int len = Short.toUnsignedInt(extra.getShort(p + 2));
                if (fields.put(id, extra.slice(p + 4, len).order(ByteOrder.LITTLE_ENDIAN)) != null) {
                    malformed(name, "the extra field of its " + where + " holds block " + hex(id, 4) + " twice");
                    return null;
                }
                p += 4 + len;
            }
            return fields;
        }

        private void malformed(String file, String what) {
            problems.add(error(ContainerFindings.ZIP_MALFORMED, file, label + " is malformed: " + what
                    + ". Extractors read such an archive in different ways, so what they write need not be what was audited.",
                    "Do not publish this zip; rebuild it from the staged folder with 'hip-packager zip'."));
        }

        /** {@code length} bytes at {@code at}, little-endian; EOF when the file ends first. */
        private ByteBuffer read(long at, int length) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining()) {
                if (ch.read(b, at + b.position()) < 0) {
                    throw new EOFException("the file ends at byte " + (at + b.position()));
                }
            }
            return b;
        }
    }

    /** The Info-ZIP Unicode path (0x7075) a block holds; null when there is none or it is unreadable. */
    private static String unicodePath(ByteBuffer field) {
        if (field == null || field.limit() < 5) {
            return null;
        }
        byte[] utf8 = new byte[field.limit() - 5];
        field.get(5, utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** UTF-8 when the name says so (flag bit 11), else ISO-8859-1 so messages show every byte. */
    static String decode(byte[] raw, int flags) {
        if ((flags & 0x0800) != 0) {
            try {
                return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
            } catch (CharacterCodingException e) {
                return new String(raw, StandardCharsets.UTF_8);
            }
        }
        return new String(raw, StandardCharsets.ISO_8859_1);
    }

    private static String hex(long v, int digits) {
        return String.format(Locale.ROOT, "%0" + digits + "x", v);
    }

    private static Finding error(String id, String file, String message, String fix) {
        return new Finding(id, Severity.ERROR, message, fix, file);
    }

    @Override
    public String toString() {
        return label + ": " + entries.size() + " entries";
    }

}
