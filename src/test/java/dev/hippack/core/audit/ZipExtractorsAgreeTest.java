package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hippack.core.PackagerException;
import dev.hippack.core.finding.Finding;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A zip that passes the audit extracts to the same files in every common extractor. Each case
 * mutates the good package's zip as a hostile or damaged archive does, then runs {@code unzip -t},
 * {@code 7zz t} and Python's {@code zipfile} beside the audit: the test fails where the audit
 * accepts what any of them rejects, where any of them extracts a file (or a link) the audit did
 * not read, and where the audit's verdict is not the one the case states.
 */
class ZipExtractorsAgreeTest {

    @TempDir
    Path tmp;

    private final PackageAuditor auditor = new PackageAuditor(TestPackages.CATALOG);

    /** How one case builds its zip from the good package below {@code pkg/}. */
    @FunctionalInterface
    interface Mutation {
        Path make(RawZip zip, Path file) throws Exception;
    }

    record Case(String name, boolean auditAccepts, Mutation mutation) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final byte[] HOSTILE = "hostile copy".getBytes(StandardCharsets.US_ASCII);
    private static final String DLL = "pkg/amdhip64_6.dll";

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(accept("the good package", (z, f) -> z.write(f)));
        // Zips of the same folder by real tools, which must pass as they are.
        c.add(accept("written by hip-packager zip", (z, f) -> {
            Path staged = f.resolveSibling("staged");
            new dev.hippack.core.archive.ZipArchiver().run(dev.hippack.core.archive.ZipRequest.of(staged, f, "pkg"),
                    dev.hippack.core.progress.OperationListener.NONE, dev.hippack.core.progress.CancellationToken.none());
            return f;
        }));
        c.add(accept("written by Info-ZIP zip to a pipe (data descriptors)", (z, f) -> {
            Path parent = f.resolveSibling("tool");
            copyAs(f.resolveSibling("staged"), parent.resolve("pkg"));
            Process p = new ProcessBuilder("zip", "-q", "-r", "-", "pkg").directory(parent.toFile())
                    .redirectOutput(f.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            assertThat(p.waitFor()).isZero();
            return f;
        }));
        c.add(accept("written by 7-Zip", (z, f) -> {
            Path parent = f.resolveSibling("tool");
            copyAs(f.resolveSibling("staged"), parent.resolve("pkg"));
            assertThat(run(List.of("7zz", "a", "-tzip", "-bd", f.toString(), parent.resolve("pkg").toString())).exit()).isZero();
            return f;
        }));
        c.add(accept("written by Python's zipfile", (z, f) -> {
            Path parent = f.resolveSibling("tool");
            copyAs(f.resolveSibling("staged"), parent.resolve("pkg"));
            assertThat(run(List.of("python3", "-c", "import os, sys, zipfile\n"
                    + "with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
                    + "    for d, _, fs in sorted(os.walk(sys.argv[2])):\n"
                    + "        for n in sorted(fs):\n"
                    + "            p = os.path.join(d, n)\n"
                    + "            z.write(p, os.path.relpath(p, os.path.dirname(sys.argv[2])))\n",
                    f.toString(), parent.resolve("pkg").toString())).exit()).isZero();
            return f;
        }));
        c.add(accept("a unique name with a ./ and an empty segment", (z, f) -> {
            z.add("./pkg//notes.txt", HOSTILE);
            return z.write(f);
        }));
        // Two entries that land on one path.
        c.add(reject("./ before a second copy of a DLL", (z, f) -> {
            z.add("./" + DLL, HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a double slash before a second copy", (z, f) -> {
            z.add("pkg//amdhip64_6.dll", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a /./ segment before a second copy", (z, f) -> {
            z.add("pkg/./amdhip64_6.dll", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("names equal but for case", (z, f) -> {
            z.add("pkg/AMDHIP64_6.DLL", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a folder and a file of one name", (z, f) -> {
            RawZip.Entry d = z.add(DLL + "/", new byte[0]);
            d.method = 0;
            d.externalAttributes = (040755L << 16) | 0x10;
            return z.write(f);
        }));
        c.add(reject("a file used as a folder", (z, f) -> {
            z.add(DLL + "/inner.txt", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a backslash in a name", (z, f) -> {
            z.add("pkg\\evil.dll", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a name ending in a dot", (z, f) -> {
            z.add(DLL + ".", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a Windows device name", (z, f) -> {
            z.add("pkg/con.txt", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("a colon (an NTFS stream)", (z, f) -> {
            z.add(DLL + ":evil", HOSTILE);
            return z.write(f);
        }));
        c.add(reject("non-ASCII bytes without the UTF-8 flag", (z, f) -> {
            RawZip.Entry e = z.add("pkg/caf\u00e9.txt", HOSTILE);
            e.rawName = "pkg/caf\u00e9.txt".getBytes(StandardCharsets.ISO_8859_1);
            e.localFlags = 0;
            e.centralFlags = 0;
            return z.write(f);
        }));
        c.add(reject("an Info-ZIP Unicode path naming another file", (z, f) -> {
            RawZip.Entry e = z.add("pkg/notes.txt", HOSTILE);
            byte[] field = unicodePath("pkg/notes.txt", DLL);
            e.localExtra = field;
            e.centralExtra = field;
            return z.write(f);
        }));
        // Links and special files, whatever host the "version made by" names.
        for (int host : new int[] {0, 3, 5, 10, 11, 16, 30}) {
            c.add(reject("a symbolic link made by host " + host, (z, f) -> {
                RawZip.Entry e = z.add("pkg/link.dll", "amdhip64_6.dll".getBytes(StandardCharsets.US_ASCII));
                e.method = 0;
                e.versionMadeBy = host << 8 | 30;
                e.externalAttributes = (0120777L << 16) | 0x20;
                return z.write(f);
            }));
        }
        c.add(reject("a FIFO", (z, f) -> {
            RawZip.Entry e = z.add("pkg/fifo", new byte[0]);
            e.method = 0;
            e.externalAttributes = 0010644L << 16;
            return z.write(f);
        }));
        c.add(reject("a file with the folder attribute", (z, f) -> {
            z.add("pkg/notes.txt", HOSTILE).externalAttributes = 0x10;
            return z.write(f);
        }));
        // The end record.
        c.add(reject("end record counts one entry more", (z, f) -> eocd(z.write(f), 8, 2, +1, 10, 2, +1)));
        c.add(reject("end record counts one entry fewer", (z, f) -> eocd(z.write(f), 8, 2, -1, 10, 2, -1)));
        c.add(reject("end record counts no entry", (z, f) -> eocdSet(z.write(f), 8, 2, 0, 10, 2, 0)));
        c.add(reject("end record counts 0xFFFF entries", (z, f) -> eocdSet(z.write(f), 8, 2, 0xFFFF, 10, 2, 0xFFFF)));
        c.add(reject("end record's two counts differ", (z, f) -> eocd(z.write(f), 8, 2, -1, 10, 2, 0)));
        c.add(reject("central directory size one more", (z, f) -> eocd(z.write(f), 12, 4, +1, 12, 4, 0)));
        c.add(reject("central directory size one fewer", (z, f) -> eocd(z.write(f), 12, 4, -1, 12, 4, 0)));
        c.add(reject("central directory offset one more", (z, f) -> eocd(z.write(f), 16, 4, +1, 16, 4, 0)));
        c.add(reject("disk number 1", (z, f) -> eocdSet(z.write(f), 4, 2, 1, 6, 2, 1)));
        c.add(reject("central directory on disk 1", (z, f) -> eocdSet(z.write(f), 6, 2, 1, 6, 2, 1)));
        c.add(reject("a comment length with no comment", (z, f) -> eocdSet(z.write(f), 20, 2, 5, 20, 2, 5)));
        c.add(reject("bytes after the end record", (z, f) -> append(z.write(f), new byte[] {0, 0, 0, 0, 0, 0, 0, 0})));
        c.add(reject("garbage before the first entry", (z, f) -> prepend(z.write(f), 64, false)));
        c.add(reject("garbage before the first entry, offsets shifted", (z, f) -> prepend(z.write(f), 64, true)));
        c.add(reject("a zip64 locator naming more entries than the end record", (z, f) -> zip64(z.write(f), +5)));
        c.add(accept("a zip64 end record and locator that agree with the end record", (z, f) -> zip64(z.write(f), 0)));
        // Per entry.
        c.add(reject("compressed size one more in both headers", (z, f) -> {
            RawZip.Entry e = z.entry(DLL);
            e.localCompressed = deflatedLength(e.data) + 1;
            e.centralCompressed = e.localCompressed;
            return z.write(f);
        }));
        c.add(reject("compressed size one fewer in both headers", (z, f) -> {
            RawZip.Entry e = z.entry(DLL);
            e.localCompressed = deflatedLength(e.data) - 1;
            e.centralCompressed = e.localCompressed;
            return z.write(f);
        }));
        c.add(reject("last entry's compressed size one more in both headers", (z, f) -> {
            RawZip.Entry e = z.add("pkg/zz-last.txt", "last entry of the zip, some text".getBytes(StandardCharsets.US_ASCII));
            e.localCompressed = deflatedLength(e.data) + 1;
            e.centralCompressed = e.localCompressed;
            return z.write(f);
        }));
        c.add(reject("version needed 6.3 in both headers", (z, f) -> {
            RawZip.Entry e = z.entry(DLL);
            e.localVersionNeeded = 63;
            e.centralVersionNeeded = 63;
            return z.write(f);
        }));
        c.add(reject("version needed 0xFF in both headers", (z, f) -> {
            RawZip.Entry e = z.entry(DLL);
            e.localVersionNeeded = 0xFF;
            e.centralVersionNeeded = 0xFF;
            return z.write(f);
        }));
        c.add(reject("an extra field that runs past its central record", (z, f) -> {
            z.entry(DLL).centralExtra = new byte[] {0x55, 0x54, 9, 0, 1, 2, 3, 4};
            return z.write(f);
        }));
        c.add(reject("an extra field that runs past its local header", (z, f) -> {
            z.entry(DLL).localExtra = new byte[] {0x55, 0x54, 9, 0, 1, 2, 3, 4};
            return z.write(f);
        }));
        c.add(reject("patched-data flag", (z, f) -> {
            RawZip.Entry e = z.entry(DLL);
            e.localFlags |= 0x20;
            e.centralFlags |= 0x20;
            return z.write(f);
        }));
        for (int method : new int[] {1, 12, 14, 93, 95, 99, 0x7A7A}) {
            c.add(reject("compression method " + method, (z, f) -> {
                z.entry(DLL).method = method;
                return z.write(f);
            }));
        }
        return c;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theAuditAcceptsOnlyWhatEveryExtractorExtractsAsAudited(Case c) throws Exception {
        assumeTools();
        Path staged = TestPackages.good(tmp.resolve("staged"), "rocm6");
        Path zip = c.mutation().make(RawZip.of(staged, "pkg"), tmp.resolve("case.zip"));

        Optional<String> refusal = auditRefusal(zip);
        assertThat(refusal.isEmpty()).as("the audit of '%s' %s", c.name(), refusal.orElse("accepted it"))
                .isEqualTo(c.auditAccepts());
        if (refusal.isPresent()) {
            return;
        }
        Map<String, Long> audited = auditedFiles(zip);
        for (Extractor x : Extractor.values()) {
            Result test = run(x.test(zip));
            assertThat(test.exit()).as("%s rejects the zip the audit accepted (%s): %s", x, c.name(), test.output()).isZero();
            Path out = Files.createDirectories(tmp.resolve("x-" + x));
            Result extract = run(x.extract(zip, out));
            assertThat(extract.exit()).as("%s failed to extract (%s): %s", x, c.name(), extract.output()).isZero();
            assertThat(extracted(out)).as("what %s extracted from '%s' against what the audit read", x, c.name())
                    .isEqualTo(audited);
        }
    }

    /** Why the audit refuses the zip (its first error, or the exception's message); empty when it passes. */
    private Optional<String> auditRefusal(Path zip) {
        try {
            AuditReport r = auditor.audit(zip, Optional.of(TestPackages.plan("rocm6")));
            return r.findings().stream().filter(Finding::isError).findFirst().map(f -> "refused it: " + f.id() + ": " + f.message());
        } catch (PackagerException e) {
            return Optional.of("refused it: " + e.getMessage());
        }
    }

    /** Each file the audit read, by its path below the extraction folder, with its CRC-32. */
    private static Map<String, Long> auditedFiles(Path zip) throws PackagerException {
        Map<String, Long> files = new LinkedHashMap<>();
        try (ZipSource source = new ZipSource(zip)) {
            for (PackageEntry e : source.entries()) {
                files.put("pkg/" + e.path(), source.crc32(e));
            }
        }
        return files;
    }

    /** Each regular file below {@code dir} with its CRC-32; a link or special file fails the test. */
    private static Map<String, Long> extracted(Path dir) throws IOException {
        Map<String, Long> files = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted().toList()) {
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                assertThat(Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                        .as("%s is extracted as a link or special file", p).isTrue();
                CRC32 crc = new CRC32();
                crc.update(Files.readAllBytes(p));
                files.put(dir.relativize(p).toString().replace(File.separatorChar, '/'), crc.getValue());
            }
        }
        return new java.util.TreeMap<>(files);
    }

    enum Extractor {
        UNZIP, SEVEN_ZIP, PYTHON;

        List<String> test(Path zip) {
            return switch (this) {
                case UNZIP -> List.of("unzip", "-t", "-q", zip.toString());
                case SEVEN_ZIP -> List.of("7zz", "t", zip.toString());
                case PYTHON -> List.of("python3", "-c", "import sys, zipfile\n"
                        + "with zipfile.ZipFile(sys.argv[1]) as z:\n"
                        + "    bad = z.testzip()\n"
                        + "    sys.exit('bad entry: %s' % bad if bad else 0)\n", zip.toString());
            };
        }

        List<String> extract(Path zip, Path out) {
            return switch (this) {
                case UNZIP -> List.of("unzip", "-q", "-o", zip.toString(), "-d", out.toString());
                case SEVEN_ZIP -> List.of("7zz", "x", "-y", "-snl", "-o" + out, zip.toString());
                case PYTHON -> List.of("python3", "-c", "import sys, zipfile\n"
                        + "with zipfile.ZipFile(sys.argv[1]) as z:\n"
                        + "    z.extractall(sys.argv[2])\n", zip.toString(), out.toString());
            };
        }
    }

    record Result(int exit, String output) {
    }

    private static Result run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        // A guard against a hung tool, not a timed assertion.
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish");
        }
        return new Result(p.exitValue(), out);
    }

    private static void assumeTools() {
        for (String t : List.of("unzip", "7zz", "python3")) {
            boolean found = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                    .anyMatch(d -> Files.isExecutable(Path.of(d, t)));
            Assumptions.assumeTrue(found, t + " is not installed (.ci/run installs it); the extractor comparison did not run");
        }
    }

    // ---- mutations ----------------------------------------------------------------------------

    private static Case accept(String name, Mutation m) {
        return new Case(name, true, m);
    }

    private static Case reject(String name, Mutation m) {
        return new Case(name, false, m);
    }

    private static void copyAs(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    private static int deflatedLength(byte[] data) {
        java.util.zip.Deflater d = new java.util.zip.Deflater(6, true);
        d.setInput(data);
        d.finish();
        byte[] buf = new byte[data.length + 1024];
        int n = 0;
        while (!d.finished()) {
            n += d.deflate(buf, n, buf.length - n);
        }
        d.end();
        return n;
    }

    /** An Info-ZIP Unicode path field (0x7075) for a header named {@code headerName}, naming {@code path}. */
    private static byte[] unicodePath(String headerName, String path) {
        byte[] utf8 = path.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(headerName.getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.allocate(4 + 5 + utf8.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) 0x7075).putShort((short) (5 + utf8.length)).put((byte) 1).putInt((int) crc.getValue()).put(utf8);
        return b.array();
    }

    /** Adds {@code d1} and {@code d2} to two fields of the end record (the last 22 bytes). */
    private static Path eocd(Path f, int at1, int w1, int d1, int at2, int w2, int d2) throws IOException {
        byte[] b = Files.readAllBytes(f);
        int e = b.length - 22;
        set(b, e + at1, w1, get(b, e + at1, w1) + d1);
        if (at2 != at1) {
            set(b, e + at2, w2, get(b, e + at2, w2) + d2);
        }
        return Files.write(f, b);
    }

    private static Path eocdSet(Path f, int at1, int w1, long v1, int at2, int w2, long v2) throws IOException {
        byte[] b = Files.readAllBytes(f);
        int e = b.length - 22;
        set(b, e + at1, w1, v1);
        set(b, e + at2, w2, v2);
        return Files.write(f, b);
    }

    private static Path append(Path f, byte[] tail) throws IOException {
        byte[] b = Files.readAllBytes(f);
        byte[] n = Arrays.copyOf(b, b.length + tail.length);
        System.arraycopy(tail, 0, n, b.length, tail.length);
        return Files.write(f, n);
    }

    /** {@code count} bytes of garbage before the first entry; with {@code shift}, every offset moved to match. */
    private static Path prepend(Path f, int count, boolean shift) throws IOException {
        byte[] b = Files.readAllBytes(f);
        byte[] n = new byte[b.length + count];
        Arrays.fill(n, 0, count, (byte) 'G');
        System.arraycopy(b, 0, n, count, b.length);
        if (shift) {
            int e = n.length - 22;
            long cd = get(n, e + 16, 4) + count;
            set(n, e + 16, 4, cd);
            for (int p = (int) cd; get(n, p, 4) == 0x02014b50L; ) {
                set(n, p + 42, 4, get(n, p + 42, 4) + count);
                p += 46 + (int) get(n, p + 28, 2) + (int) get(n, p + 30, 2) + (int) get(n, p + 32, 2);
            }
        }
        return Files.write(f, n);
    }

    /**
     * A zip64 end record and locator inserted before the end record, whose counts are the real
     * ones plus {@code extra}: Commons Compress reads the zip64 record whenever a locator is present.
     */
    private static Path zip64(Path f, int extra) throws IOException {
        byte[] b = Files.readAllBytes(f);
        int e = b.length - 22;
        long count = get(b, e + 10, 2);
        long cdSize = get(b, e + 12, 4);
        long cdOffset = get(b, e + 16, 4);
        ByteBuffer z = ByteBuffer.allocate(56 + 20 + 22).order(ByteOrder.LITTLE_ENDIAN);
        z.putInt(0x06064b50).putLong(44).putShort((short) 45).putShort((short) 45).putInt(0).putInt(0)
                .putLong(count + extra).putLong(count + extra).putLong(cdSize).putLong(cdOffset);
        z.putInt(0x07064b50).putInt(0).putLong(e).putInt(1);
        z.put(b, e, 22);
        byte[] n = Arrays.copyOf(b, e + z.capacity());
        System.arraycopy(z.array(), 0, n, e, z.capacity());
        return Files.write(f, n);
    }

    private static long get(byte[] b, int at, int width) {
        long v = 0;
        for (int i = width - 1; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xFF);
        }
        return v;
    }

    private static void set(byte[] b, int at, int width, long v) {
        for (int i = 0; i < width; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
