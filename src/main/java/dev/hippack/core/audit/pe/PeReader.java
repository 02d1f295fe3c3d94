package dev.hippack.core.audit.pe;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads which DLLs a PE file imports (data directory 1) and delay-loads (directory 13), the
 * lists {@code dumpbin /DEPENDENTS} prints, and where its Authenticode signature sits (the security
 * directory, 4; {@code core.sign} checks the signature itself). Only the headers, the section table and the two
 * tables with their names are read, never the whole file.
 *
 * <p>Hostile input is expected (the audit reads files out of zips it did not make): every read
 * is checked against the file's size, every loop has a bound, names have a length cap, and
 * any problem is a {@link PeFormatException} naming the file and what is wrong.
 */
public final class PeReader {

    /** Opens a file's content from its first byte; each call returns a fresh stream. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /** The default largest file accepted: larger than any SDK DLL (comgr is ~120 MB), far below a bomb. */
    public static final long DEFAULT_MAX_FILE_BYTES = 2L << 30;
    /** The default largest stream {@link #read(String, InputStream)} buffers in memory. */
    public static final int DEFAULT_MAX_BUFFERED_BYTES = 256 << 20;

    static final int MAX_NAME_LENGTH = 256;
    static final int MAX_SECTIONS = 96;
    static final int MAX_DESCRIPTORS = 4096;

    private static final int IMPORT_DESCRIPTOR_SIZE = 20;
    private static final int DELAY_DESCRIPTOR_SIZE = 32;
    private static final int SECTION_HEADER_SIZE = 40;

    private final long maxFileBytes;
    private final int maxBufferedBytes;

    public PeReader() {
        this(DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_BUFFERED_BYTES);
    }

    public PeReader(long maxFileBytes, int maxBufferedBytes) {
        if (maxFileBytes <= 0 || maxBufferedBytes <= 0) {
            throw new IllegalArgumentException("size caps must be positive");
        }
        this.maxFileBytes = maxFileBytes;
        this.maxBufferedBytes = maxBufferedBytes;
    }

    /** Reads a file on disk in place. */
    public PeInfo read(Path file) throws PeFormatException {
        String name = file.toString();
        requireRegularFile(file, name);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ChannelSource source = new ChannelSource(ch);
            checkSize(name, source.size());
            return parse(name, source);
        } catch (NoSuchFileException e) {
            throw new PeFormatException(name, "no such file");
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /** Reads a file held in memory; {@code name} is only used in messages and the result. */
    public PeInfo read(String name, byte[] bytes) throws PeFormatException {
        checkSize(name, bytes.length);
        try {
            return parse(name, new ArraySource(bytes));
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /**
     * Reads a stream to its end into memory, refusing more than the buffer cap, then parses it.
     * Prefer {@link #read(String, long, Opener)} for large content that can be re-opened.
     */
    public PeInfo read(String name, InputStream in) throws PeFormatException {
        byte[] bytes;
        try {
            bytes = in.readNBytes(maxBufferedBytes);
            if (in.read() >= 0) {
                throw new PeFormatException(name, "is larger than " + maxBufferedBytes + " bytes, the most read from a stream");
            }
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
        return read(name, bytes);
    }

    /**
     * Reads content that can be streamed from its start any number of times, such as a zip entry,
     * holding only a few MiB of it at a time. {@code declaredSize} is the size the container
     * claims; content shorter than that is reported as truncated, and nothing beyond it is read.
     */
    public PeInfo read(String name, long declaredSize, Opener opener) throws PeFormatException {
        if (declaredSize < 0) {
            throw new PeFormatException(name, "has no declared size; the container does not say how large it is");
        }
        checkSize(name, declaredSize);
        try (StreamSource source = new StreamSource(opener, declaredSize)) {
            return parse(name, source);
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /**
     * Refuses a folder, a FIFO, a socket or a device before it is opened: opening a FIFO for
     * reading waits until something writes to it, and a device never ends.
     */
    private static void requireRegularFile(Path file, String name) throws PeFormatException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new PeFormatException(name, "no such file");
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
        if (attrs.isDirectory()) {
            throw new PeFormatException(name, "is a folder, not a PE file");
        }
        if (!attrs.isRegularFile()) {
            throw new PeFormatException(name, "is not a regular file (a pipe, a socket or a device), so it was not opened;"
                    + " give an .exe or .dll file");
        }
    }

    private void checkSize(String name, long size) throws PeFormatException {
        if (size > maxFileBytes) {
            throw new PeFormatException(name, "is " + size + " bytes, larger than the " + maxFileBytes
                    + " bytes accepted for a PE file");
        }
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        return e instanceof EOFException ? "shorter than its declared size: " + m
                : m == null ? e.getClass().getSimpleName() : m;
    }

    /** The file version from the file's version resource, e.g. {@code 14.44.35112.1}; empty when it has none. */
    public Optional<String> fileVersion(Path file) throws PeFormatException {
        String name = file.toString();
        requireRegularFile(file, name);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ChannelSource source = new ChannelSource(ch);
            checkSize(name, source.size());
            return new Parse(name, source).version();
        } catch (NoSuchFileException e) {
            throw new PeFormatException(name, "no such file");
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /** {@link #fileVersion(Path)} for re-openable content such as a zip entry. */
    public Optional<String> fileVersion(String name, long declaredSize, Opener opener) throws PeFormatException {
        if (declaredSize < 0) {
            throw new PeFormatException(name, "has no declared size; the container does not say how large it is");
        }
        checkSize(name, declaredSize);
        try (StreamSource source = new StreamSource(opener, declaredSize)) {
            return new Parse(name, source).version();
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /** {@link #fileVersion(Path)} for a file in memory. */
    public Optional<String> fileVersion(String name, byte[] bytes) throws PeFormatException {
        checkSize(name, bytes.length);
        try {
            return new Parse(name, new ArraySource(bytes)).version();
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /**
     * The GPU code a file carries: its clang offload bundles and their entry ids (which GPU
     * targets an executable was compiled for), read in place. A file without any has none.
     */
    public OffloadBundles offloadBundles(Path file) throws PeFormatException {
        String name = file.toString();
        requireRegularFile(file, name);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ChannelSource source = new ChannelSource(ch);
            checkSize(name, source.size());
            return new Parse(name, source).offloadBundles();
        } catch (NoSuchFileException e) {
            throw new PeFormatException(name, "no such file");
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /** {@link #offloadBundles(Path)} for re-openable content such as a zip entry, read front to back. */
    public OffloadBundles offloadBundles(String name, long declaredSize, Opener opener) throws PeFormatException {
        if (declaredSize < 0) {
            throw new PeFormatException(name, "has no declared size; the container does not say how large it is");
        }
        checkSize(name, declaredSize);
        try (StreamSource source = new StreamSource(opener, declaredSize)) {
            return new Parse(name, source).offloadBundles();
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    /** {@link #offloadBundles(Path)} for a file in memory. */
    public OffloadBundles offloadBundles(String name, byte[] bytes) throws PeFormatException {
        checkSize(name, bytes.length);
        try {
            return new Parse(name, new ArraySource(bytes)).offloadBundles();
        } catch (IOException e) {
            throw new PeFormatException(name, "could not be read (" + describe(e) + ")", e);
        }
    }

    private static PeInfo parse(String name, ByteSource source) throws PeFormatException, IOException {
        return new Parse(name, source).run();
    }

    /** The state of reading one file. */
    private static final class Parse {
        private final String name;
        private final ByteSource src;
        private final long size;
        private final byte[] scratch = new byte[MAX_NAME_LENGTH + 1];
        private long[][] sections = new long[0][];
        private boolean withImports = true;
        private long resourceRva;
        private long sizeOfHeaders;
        private long imageBase;
        private boolean plus;

        Parse(String name, ByteSource src) {
            this.name = name;
            this.src = src;
            this.size = src.size();
        }

        PeInfo run() throws PeFormatException, IOException {
            if (size < 64) {
                throw bad("is not a PE file: only " + size + " bytes, too small for a DOS header");
            }
            if (u16(0) != 0x5A4D) {
                throw bad("is not a PE file: it does not start with the \"MZ\" signature");
            }
            long peOffset = u32(0x3C);
            if (peOffset + 24 > size) {
                throw bad("is truncated or damaged: the PE header offset 0x" + hex(peOffset)
                        + " points past the end of the file (" + size + " bytes)");
            }
            if (u32(peOffset) != 0x00004550L) {
                throw bad("is not a PE file: no \"PE\" signature at offset 0x" + hex(peOffset)
                        + " (it may be a DOS or 16-bit executable)");
            }
            long coff = peOffset + 4;
            int machine = u16(coff);
            int sectionCount = u16(coff + 2);
            int optionalSize = u16(coff + 16);
            long opt = coff + 20;
            if (sectionCount > MAX_SECTIONS) {
                throw bad("is damaged: it declares " + sectionCount + " sections, more than the "
                        + MAX_SECTIONS + " Windows loads");
            }
            if (optionalSize < 2) {
                throw bad("has no optional header (an object file, not an executable or DLL)");
            }
            need(opt, optionalSize, "the optional header");
            int magic = u16(opt);
            if (magic == 0x20B) {
                plus = true;
            } else if (magic == 0x10B) {
                plus = false;
            } else {
                throw bad("is damaged: unknown optional header magic 0x" + hex(magic) + " (expected 0x10B or 0x20B)");
            }
            long optEnd = opt + optionalSize;
            imageBase = plus ? u64Field(opt + 24, optEnd) : u32Field(opt + 28, optEnd);
            sizeOfHeaders = u32Field(opt + 60, optEnd);
            long rvaCountAt = opt + (plus ? 108 : 92);
            long dirs = opt + (plus ? 112 : 96);
            long rvaCount = u32Field(rvaCountAt, optEnd);

            readSections(opt + optionalSize, sectionCount);

            long[] importDir = directory(dirs, optEnd, rvaCount, 1);
            long[] delayDir = directory(dirs, optEnd, rvaCount, 13);
            resourceRva = directory(dirs, optEnd, rvaCount, 2)[0];
            long[] securityDir = directory(dirs, optEnd, rvaCount, 4);
            if (!withImports) {
                return null;
            }
            List<String> imports = importDir[0] == 0 ? List.of() : imports(importDir[0]);
            List<String> delay = delayDir[0] == 0 ? List.of() : delayImports(delayDir[0], imageBase);
            return new PeInfo(name, plus ? PeInfo.PE32_PLUS : PeInfo.PE32, machineName(machine), imports, delay,
                    new PeInfo.CertificateTable(securityDir[0], securityDir[1]));
        }

        /**
         * The FileVersion of the VS_VERSIONINFO resource (RT_VERSION, its first name and language),
         * e.g. {@code 14.44.35112.1}; empty when the file has none.
         */
        Optional<String> version() throws PeFormatException, IOException {
            withImports = false;
            run();
            if (resourceRva == 0) {
                return Optional.empty();
            }
            long versionDir = resourceEntry(resourceRva, 0, 16);
            if (versionDir < 0) {
                return Optional.empty();
            }
            long nameDir = resourceEntry(resourceRva, versionDir, -1);
            long dataEntry = nameDir < 0 ? -1 : resourceEntry(resourceRva, nameDir, -1);
            if (dataEntry < 0) {
                return Optional.empty();
            }
            long d = offset(resourceRva + dataEntry, 16, "the version resource entry");
            long dataRva = u32(d);
            long dataSize = u32(d + 4);
            int scan = (int) Math.min(dataSize, 256);
            if (scan < 92) {
                return Optional.empty();
            }
            long at = offset(dataRva, scan, "the version resource");
            for (int i = 0; i + 16 <= scan; i += 4) {
                if (u32(at + i) == 0xFEEF04BDL) {
                    long ms = u32(at + i + 8);
                    long ls = u32(at + i + 12);
                    return Optional.of((ms >>> 16) + "." + (ms & 0xFFFF) + "." + (ls >>> 16) + "." + (ls & 0xFFFF));
                }
            }
            return Optional.empty();
        }

        /** The clang offload bundles of the image (GPU code), found as the HIP runtime finds them. */
        OffloadBundles offloadBundles() throws PeFormatException, IOException {
            withImports = false;
            run();
            List<OffloadBundleReader.Section> list = new ArrayList<>();
            for (long[] s : sections) {
                list.add(new OffloadBundleReader.Section(s[0], s[1], s[2], s[3], s[4]));
            }
            return new OffloadBundleReader(name, src, list, imageBase, plus ? 8 : 4).read();
        }

        /**
         * In the resource directory at {@code dirOffset} (relative to the resource root), the
         * offset of the entry with that id ({@code -1}: the first entry), with its subdirectory
         * flag cleared; -1 when there is none.
         */
        private long resourceEntry(long root, long dirOffset, int id) throws PeFormatException, IOException {
            long dir = offset(root + dirOffset, 16, "a resource directory");
            int named = u16(dir + 12);
            int ids = u16(dir + 14);
            int count = Math.min(named + ids, MAX_DESCRIPTORS);
            for (int i = 0; i < count; i++) {
                long e = offset(root + dirOffset + 16 + 8L * i, 8, "a resource directory entry");
                long nameOrId = u32(e);
                long target = u32(e + 4);
                if (id < 0 || ((nameOrId & 0x80000000L) == 0 && nameOrId == id)) {
                    return target & 0x7FFFFFFFL;
                }
            }
            return -1;
        }

        private void readSections(long table, int count) throws PeFormatException, IOException {
            need(table, (long) count * SECTION_HEADER_SIZE, "the section table");
            sections = new long[count][];
            for (int i = 0; i < count; i++) {
                long s = table + (long) i * SECTION_HEADER_SIZE;
                // virtual size, virtual address, raw size, raw offset, characteristics
                sections[i] = new long[] {u32(s + 8), u32(s + 12), u32(s + 16), u32(s + 20), u32(s + 36)};
            }
        }

        /** {rva, size} of data directory {@code index}, or {0, 0} when the header does not have it. */
        private long[] directory(long dirs, long optEnd, long rvaCount, int index) throws PeFormatException, IOException {
            long at = dirs + 8L * index;
            if (index >= rvaCount || at + 8 > optEnd) {
                return new long[] {0, 0};
            }
            return new long[] {u32(at), u32(at + 4)};
        }

        private List<String> imports(long rva) throws PeFormatException, IOException {
            List<String> names = new ArrayList<>();
            for (int i = 0; ; i++) {
                if (i >= MAX_DESCRIPTORS) {
                    throw bad("is damaged: the import directory has no end within " + MAX_DESCRIPTORS + " entries");
                }
                long d = offset(rva + (long) i * IMPORT_DESCRIPTOR_SIZE, IMPORT_DESCRIPTOR_SIZE, "import directory entry " + i);
                long nameRva = u32(d + 12);
                long firstThunk = u32(d + 16);
                if (nameRva == 0 && (firstThunk == 0 || allZero(d, IMPORT_DESCRIPTOR_SIZE))) {
                    return names;
                }
                if (nameRva == 0) {
                    throw bad("is damaged: import directory entry " + i + " has no DLL name");
                }
                names.add(name(nameRva, "import directory entry " + i));
            }
        }

        private List<String> delayImports(long rva, long imageBase) throws PeFormatException, IOException {
            List<String> names = new ArrayList<>();
            for (int i = 0; ; i++) {
                if (i >= MAX_DESCRIPTORS) {
                    throw bad("is damaged: the delay-import directory has no end within " + MAX_DESCRIPTORS + " entries");
                }
                long d = offset(rva + (long) i * DELAY_DESCRIPTOR_SIZE, DELAY_DESCRIPTOR_SIZE, "delay-import entry " + i);
                long attributes = u32(d);
                long nameField = u32(d + 4);
                if (nameField == 0) {
                    return names;
                }
                long nameRva = nameField;
                if ((attributes & 1) == 0) {
                    // Version 1 tables (VC6) hold virtual addresses, not RVAs.
                    long va = nameField;
                    if (va < imageBase || va - imageBase > 0xFFFFFFFFL) {
                        throw bad("is damaged: delay-import entry " + i + " names its DLL by address 0x" + hex(va)
                                + ", outside the image at 0x" + hex(imageBase));
                    }
                    nameRva = va - imageBase;
                }
                names.add(name(nameRva, "delay-import entry " + i));
            }
        }

        private boolean allZero(long at, int len) throws PeFormatException, IOException {
            byte[] b = bytes(at, len);
            for (int i = 0; i < len; i++) {
                if (b[i] != 0) {
                    return false;
                }
            }
            return true;
        }

        private String name(long rva, String what) throws PeFormatException, IOException {
            long at = offset(rva, 1, "the DLL name of " + what);
            int len = (int) Math.min(MAX_NAME_LENGTH + 1, size - at);
            long sectionEnd = rawEnd(rva);
            if (sectionEnd >= 0) {
                len = (int) Math.min(len, sectionEnd - at);
            }
            byte[] b = bytes(at, len);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < len; i++) {
                int c = b[i] & 0xFF;
                if (c == 0) {
                    if (sb.length() == 0) {
                        throw bad("is damaged: the DLL name of " + what + " is empty");
                    }
                    return sb.toString();
                }
                if (c < 0x20 || c > 0x7E) {
                    throw bad("is damaged: the DLL name of " + what + " holds the non-ASCII byte 0x" + hex(c));
                }
                sb.append((char) c);
            }
            throw bad("is damaged: the DLL name of " + what + " is not terminated within "
                    + Math.min(len, MAX_NAME_LENGTH) + " bytes");
        }

        /** The file offset where the raw data of the section holding {@code rva} ends, or -1 for the headers. */
        private long rawEnd(long rva) {
            for (long[] s : sections) {
                long va = s[1];
                long span = Math.max(s[0], s[2]);
                if (rva >= va && rva - va < span) {
                    return s[3] + s[2];
                }
            }
            return -1;
        }

        /** The file offset of {@code len} bytes at {@code rva}, checked to lie in one section's file data. */
        private long offset(long rva, int len, String what) throws PeFormatException {
            for (long[] s : sections) {
                long va = s[1];
                long span = Math.max(s[0], s[2]);
                if (rva >= va && rva - va < span) {
                    long delta = rva - va;
                    if (delta + len > s[2]) {
                        throw bad("is damaged: " + what + " at RVA 0x" + hex(rva)
                                + " lies beyond the data the file holds for its section");
                    }
                    long at = s[3] + delta;
                    if (at + len > size) {
                        throw bad("is truncated: " + what + " at RVA 0x" + hex(rva) + " maps to file offset 0x"
                                + hex(at) + ", past the end of the file (" + size + " bytes)");
                    }
                    return at;
                }
            }
            if (rva + len <= sizeOfHeaders && rva + len <= size) {
                return rva;
            }
            throw bad("is damaged: " + what + " at RVA 0x" + hex(rva) + " lies in no section of the file");
        }

        private void need(long at, long len, String what) throws PeFormatException {
            if (at < 0 || len < 0 || at + len > size) {
                throw bad("is truncated: " + what + " (" + len + " bytes at offset 0x" + hex(at)
                        + ") runs past the end of the file (" + size + " bytes)");
            }
        }

        private byte[] bytes(long at, int len) throws PeFormatException, IOException {
            need(at, len, "the data");
            byte[] b = len <= scratch.length ? scratch : new byte[len];
            src.read(at, b, len);
            return b;
        }

        private int u16(long at) throws PeFormatException, IOException {
            need(at, 2, "a header field");
            byte[] b = bytes(at, 2);
            return (b[0] & 0xFF) | (b[1] & 0xFF) << 8;
        }

        private long u32(long at) throws PeFormatException, IOException {
            need(at, 4, "a header field");
            byte[] b = bytes(at, 4);
            return (b[0] & 0xFFL) | (b[1] & 0xFFL) << 8 | (b[2] & 0xFFL) << 16 | (b[3] & 0xFFL) << 24;
        }

        /** A field of the optional header: zero when the header is too short to hold it. */
        private long u32Field(long at, long end) throws PeFormatException, IOException {
            return at + 4 <= end ? u32(at) : 0;
        }

        private long u64Field(long at, long end) throws PeFormatException, IOException {
            return at + 8 <= end ? u32(at) | u32(at + 4) << 32 : 0;
        }

        private PeFormatException bad(String problem) {
            return new PeFormatException(name, problem);
        }
    }

    static String machineName(int machine) {
        return switch (machine) {
            case 0x8664 -> "x64";
            case 0x014C -> "x86";
            case 0xAA64 -> "ARM64";
            case 0xA641 -> "ARM64EC";
            case 0xA64E -> "ARM64X";
            case 0x01C4 -> "ARM";
            case 0x0200 -> "IA64";
            default -> "0x" + hex(machine);
        };
    }

    private static String hex(long v) {
        return Long.toHexString(v).toUpperCase(Locale.ROOT);
    }
}
