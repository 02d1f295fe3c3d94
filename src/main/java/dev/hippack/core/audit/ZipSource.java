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
import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.SignatureStatus;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A finished zip, read in place and treated as untrusted: nothing is extracted. Its structure is
 * read by {@link ZipStructure}, strictly, and its data by our own stored and deflate readers, so
 * no other reader's leniency decides what is audited: entries with unsafe or colliding names,
 * links, encryption, unknown methods or impossible sizes are reported and left out, and every
 * read is bounded by the entry's declared size and the PE reader's caps.
 */
final class ZipSource implements PackageSource {

    /** Larger than any file of a real package (comgr is ~120 MB) by far. */
    static final long MAX_ENTRY_BYTES = 8L << 30;
    /** A real package is ~1.3 GB unpacked. */
    static final long MAX_TOTAL_BYTES = 64L << 30;
    /** Deflate cannot compress better than about 1032:1; a higher declared ratio is a lie. */
    static final long MAX_RATIO = 1100;
    static final int MAX_ENTRIES = ZipStructure.MAX_ENTRIES;
    static final long MAX_CENTRAL_DIRECTORY_BYTES = ZipStructure.MAX_CENTRAL_DIRECTORY_BYTES;

    /**
     * The most bytes all reads of one zip may decompress, as a multiple of the zip's size: a real
     * package unpacks to about 3 times its zip, and its audit reads that a few times over.
     */
    static final long WORK_PER_BYTE = 100;
    /**
     * Below this, any zip may be decompressed in full however well it compresses (a few seconds).
     * The sample machine's packages hold zero-filled files of real sizes, so they unpack to ~200
     * times their zip, and their audits read more than 1 GiB of it.
     */
    static final long MIN_WORK_BYTES = 4L << 30;

    private final Path zipPath;
    private final FileChannel channel;
    /**
     * The bytes every read of this zip may still decompress. Bounding the work by what the zip
     * holds, not by what it declares, keeps a hostile zip (a bomb inside the declared limits, an
     * executable whose import names lie far apart in a stream that must be re-inflated for each)
     * to seconds.
     */
    private long budget;
    private boolean budgetSpent;
    private final List<PackageEntry> entries = new ArrayList<>();
    private final Map<String, ZipStructure.Entry> byPath = new HashMap<>();
    private final List<Finding> problems = new ArrayList<>();
    /** Every file entry the listing accepted: their data is checked. */
    private final List<ZipStructure.Entry> accepted = new ArrayList<>();
    private long declaredTotal;
    private String topFolder = "";

    ZipSource(Path zipPath) throws PackagerException {
        this.zipPath = zipPath;
        if (!Files.isRegularFile(zipPath)) {
            throw new PackagerException(zipPath + " does not exist or is not a file.");
        }
        try {
            this.channel = FileChannel.open(zipPath, StandardOpenOption.READ);
            this.budget = Math.max(MIN_WORK_BYTES, Math.multiplyHigh(channel.size(), WORK_PER_BYTE) != 0
                    ? Long.MAX_VALUE : channel.size() * WORK_PER_BYTE);
        } catch (IOException e) {
            throw new PackagerException("Could not read " + zipPath + " (" + e + ").");
        }
        try {
            ZipStructure structure = ZipStructure.read(channel, zipPath.toString());
            problems.addAll(structure.problems());
            scan(structure.entries());
        } catch (PackagerException e) {
            close();
            throw e;
        } catch (IOException | RuntimeException e) {
            close();
            throw new PackagerException(zipPath + " is not a readable zip archive (" + e.getMessage()
                    + "); it may be truncated or not a zip at all. Download or build it again.");
        }
    }

    private void scan(List<ZipStructure.Entry> all) {
        Map<String, ZipStructure.Entry> files = new LinkedHashMap<>();
        long total = 0;
        for (ZipStructure.Entry e : all) {
            if (!e.usable() || e.directory()) {
                continue;
            }
            String name = e.name();
            long size = e.size();
            long compressed = e.compressedSize();
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
            total += size;
            files.put(e.path(), e);
            accepted.add(e);
        }
        declaredTotal = total;
        if (total > MAX_TOTAL_BYTES) {
            problems.add(error(ContainerFindings.ZIP_BOMB, zipPath.getFileName().toString(), "The entries declare " + total
                    + " bytes unpacked in all, far more than a package (~1.3 GB).", "Do not publish this zip; rebuild it."));
        }
        String prefix = commonRoot(files.keySet());
        topFolder = prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
        for (Map.Entry<String, ZipStructure.Entry> f : files.entrySet()) {
            String rel = f.getKey().substring(prefix.length());
            if (rel.isEmpty()) {
                continue;
            }
            entries.add(new PackageEntry(rel, f.getValue().size()));
            byPath.put(rel, f.getValue());
        }
        entries.sort(Comparator.comparing(PackageEntry::path));
    }

    @Override
    public String topFolder() {
        return topFolder;
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
     * Decompresses every file to check its size and CRC-32, and that its deflate stream ends
     * exactly where the archive says its compressed data does (a stream that stops short or
     * runs on is read otherwise by other extractors). The local headers were compared when the
     * structure was read. Bounded like the listing: each entry is read only up to its declared
     * size plus one byte, and a zip already reported as a bomb is not decompressed at all.
     */
    @Override
    public void checkIntegrity(OperationListener listener, CancellationToken cancel) throws OperationCancelledException {
        if (declaredTotal > MAX_TOTAL_BYTES || problems.stream().anyMatch(f -> f.id().equals(ContainerFindings.ZIP_BOMB))) {
            // Already refused as a bomb; decompressing it is what the bomb wants.
            return;
        }
        listener.status("Checking the data of every entry in " + zipPath.getFileName());
        List<ZipStructure.Entry> byOffset = new ArrayList<>(accepted);
        byOffset.sort(Comparator.comparingLong(ZipStructure.Entry::localHeaderOffset));
        long done = 0;
        byte[] buffer = new byte[1 << 16];
        byte[] input = new byte[1 << 16];
        for (ZipStructure.Entry e : byOffset) {
            cancel.throwIfCancelled();
            if (budgetSpent) {
                break;
            }
            String damage = checkData(e, buffer, input, cancel);
            if (damage != null) {
                problems.add(error(ContainerFindings.ZIP_CORRUPT, e.name(), quote(e.name()) + " is damaged: " + damage + ".",
                        "Do not publish this zip; build or download it again."));
            }
            done += e.size();
            listener.progress(done, declaredTotal);
        }
    }

    /** Decompresses the entry up to one byte past its declared size; what is wrong, or null. */
    private String checkData(ZipStructure.Entry e, byte[] buffer, byte[] input, CancellationToken cancel)
            throws OperationCancelledException {
        long declared = e.size();
        CRC32 crc = new CRC32();
        long n = 0;
        Inflater inflater = e.method() == 0 ? null : new Inflater(true);
        try (InputStream in = new ChannelRange(channel, e.dataOffset(), e.compressedSize())) {
            while (n <= declared) {
                int k;
                if (inflater == null) {
                    k = in.read(buffer);
                    if (k < 0) {
                        break;
                    }
                } else {
                    if (inflater.finished()) {
                        break;
                    }
                    if (inflater.needsInput()) {
                        int r = in.read(input);
                        if (r < 0) {
                            return "its compressed data ends before its deflate stream does (" + e.compressedSize()
                                    + " bytes recorded)";
                        }
                        inflater.setInput(input, 0, r);
                    }
                    k = inflater.inflate(buffer, 0, (int) Math.min(buffer.length, declared + 1 - n));
                    if (k == 0 && inflater.needsDictionary()) {
                        return "its deflate stream asks for a preset dictionary";
                    }
                }
                crc.update(buffer, 0, k);
                n += k;
                spend(k);
                if ((n & ((1 << 24) - 1)) < k) {
                    cancel.throwIfCancelled();
                }
            }
            if (inflater != null && n <= declared && inflater.getBytesRead() != e.compressedSize()) {
                return "its deflate stream ends after " + inflater.getBytesRead() + " of the " + e.compressedSize()
                        + " compressed bytes recorded";
            }
        } catch (WorkExceeded ex) {
            return null;
        } catch (DataFormatException ex) {
            return "its data cannot be decompressed (" + ex.getMessage() + ")";
        } catch (IOException ex) {
            return "its data cannot be read (" + ex.getMessage() + ")";
        } finally {
            if (inflater != null) {
                inflater.end();
            }
        }
        if (n > declared) {
            return "its data decompresses to more than the " + declared + " bytes the archive records";
        }
        if (n != declared || crc.getValue() != e.crc()) {
            return "its data decompresses to " + n + " bytes with CRC " + hex(crc.getValue(), 8) + ", but the archive records "
                    + declared + " bytes with CRC " + hex(e.crc(), 8);
        }
        return null;
    }

    private static String hex(long v, int digits) {
        return String.format(Locale.ROOT, "%0" + digits + "x", v);
    }

    @Override
    public PeInfo readPe(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipStructure.Entry ze = byPath.get(entry.path());
        PeInfo info = reader.read(zipPath.getFileName() + "!/" + ze.name(), ze.size(), () -> open(ze));
        return info.named(entry.path());
    }

    @Override
    public SignatureStatus readSignature(PackageEntry entry, PeInfo info, AuthenticodeVerifier verifier) throws PackagerException {
        if (!info.certificates().present()) {
            return SignatureStatus.unsigned();
        }
        // The digest covers the whole file and jsign seeks in it: the entry is copied out to a
        // temporary file (never beside the zip), checked and deleted.
        ZipStructure.Entry ze = byPath.get(entry.path());
        Path temp = null;
        try {
            temp = Files.createTempFile("hip-packager-signature-", ".pe");
            try (InputStream in = open(ze)) {
                Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            }
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.READ)) {
                return verifier.verify(info.certificates(), ch);
            }
        } catch (IOException e) {
            throw new PackagerException(zipPath.getFileName() + "!/" + ze.name() + " could not be read: " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // a copy in the temporary folder; the system cleans it
                }
            }
        }
    }

    @Override
    public OffloadBundles readOffloadBundles(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipStructure.Entry ze = byPath.get(entry.path());
        OffloadBundles o = reader.offloadBundles(zipPath.getFileName() + "!/" + ze.name(), ze.size(), () -> open(ze));
        return new OffloadBundles(entry.path(), o.foundBy(), o.registrations(), o.bundles());
    }

    @Override
    public Optional<String> readVersion(PackageEntry entry, PeReader reader) throws PeFormatException {
        ZipStructure.Entry ze = byPath.get(entry.path());
        return reader.fileVersion(zipPath.getFileName() + "!/" + ze.name(), ze.size(), () -> open(ze));
    }

    /**
     * Counts {@code bytes} decompressed against the zip's budget; past it, reports the zip as a
     * bomb once and throws, so no check reads further.
     */
    private void spend(long bytes) throws WorkExceeded {
        budget -= bytes;
        if (budget >= 0) {
            return;
        }
        if (!budgetSpent) {
            budgetSpent = true;
            long size = 0;
            try {
                size = channel.size();
            } catch (IOException e) {
                // the size only words the message
            }
            problems.add(error(ContainerFindings.ZIP_BOMB, zipPath.getFileName().toString(), "Reading " + zipPath.getFileName()
                    + " took more than " + Math.max(MIN_WORK_BYTES, size * WORK_PER_BYTE) + " bytes of decompression, "
                    + WORK_PER_BYTE + " times its size of " + size + " bytes; a package unpacks to about 3 times its zip. "
                    + "The audit stopped reading it.", "Do not publish this zip; rebuild it."));
        }
        throw new WorkExceeded(zipPath.getFileName() + " needs more decompression than " + WORK_PER_BYTE
                + " times its size (a zip bomb); the audit stopped reading it");
    }

    /** The zip's decompression budget is spent. */
    private static final class WorkExceeded extends IOException {
        private static final long serialVersionUID = 1L;

        WorkExceeded(String message) {
            super(message);
        }
    }

    /** The entry's content, never more than its declared size; damaged deflate data is an IOException. */
    private InputStream open(ZipStructure.Entry ze) throws IOException {
        if (budgetSpent) {
            throw new WorkExceeded(zipPath.getFileName() + " needs more decompression than " + WORK_PER_BYTE
                    + " times its size (a zip bomb); the audit stopped reading it");
        }
        return new Counted(decompressed(ze));
    }

    /** The entry's content, never more than its declared size, not counted against the budget. */
    private InputStream decompressed(ZipStructure.Entry ze) {
        InputStream raw = new ChannelRange(channel, ze.dataOffset(), ze.compressedSize());
        if (ze.method() == 0) {
            return raw;
        }
        Inflater inflater = new Inflater(true);
        return new ChannelRange.Limited(new InflaterInputStream(raw, inflater, 1 << 16) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    inflater.end();
                }
            }
        }, ze.size());
    }

    /** A stream whose every byte counts against the zip's decompression budget. */
    private final class Counted extends FilterInputStream {
        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                spend(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                spend(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            // Skipping a deflate stream decompresses it all the same.
            long k = super.skip(n);
            spend(k);
            return k;
        }
    }

    @Override
    public long crc32(PackageEntry entry) {
        return byPath.get(entry.path()).crc();
    }

    @Override
    public String readText(PackageEntry entry, int maxBytes) throws PackagerException {
        ZipStructure.Entry ze = byPath.get(entry.path());
        // Bounded by maxBytes whatever the entry declares, so not counted against the budget:
        // the README of a zip reported as a bomb is still read.
        try (InputStream in = decompressed(ze)) {
            return new String(in.readNBytes(maxBytes), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PackagerException(zipPath + "!/" + ze.name() + " could not be read (" + e.getMessage()
                    + "); the zip is damaged. Build it again.");
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // opened for reading only; nothing is lost
        }
    }
}
