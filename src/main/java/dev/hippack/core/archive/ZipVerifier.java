package dev.hippack.core.archive;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Reads a zip back and compares it with what it should hold: the same entry names in the same
 * order, each file's size and CRC-32 in its local header, in the bytes that actually inflate out
 * of it and in the central directory, and end records that agree with all of it ({@link ReadBack}).
 * Then a second, independent reader (Commons Compress) must list the same entries.
 */
public final class ZipVerifier {

    /** Checks a finished {@code zip}; returns the first problem found, or null when it matches. */
    public String check(Path zip, List<ExpectedEntry> expected, CancellationToken token)
            throws OperationCancelledException, InterruptedException {
        try (FileChannel in = FileChannel.open(zip, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            ReadBack.Outcome outcome = new ReadBack(in, WrittenSoFar.complete(expected, in.size()), null).run(token);
            if (outcome.problem() != null) {
                return outcome.problem();
            }
        } catch (IOException e) {
            return "it cannot be read back (" + SourceTree.message(e) + ")";
        } catch (WrittenSoFar.Abandoned e) {
            throw new IllegalStateException("a complete zip is never abandoned", e);
        }
        return independentCheck(zip, expected);
    }

    /**
     * The entries as Commons Compress reads them from the central directory: the same names in
     * the same order, sizes and CRCs. A different implementation from our writer and reader, so
     * a mistake shared by both cannot pass unnoticed.
     */
    static String independentCheck(Path zip, List<ExpectedEntry> expected) {
        try (ZipFile zf = ZipFile.builder().setPath(zip).get()) {
            List<ZipArchiveEntry> actual = Collections.list(zf.getEntriesInPhysicalOrder());
            if (actual.size() != expected.size()) {
                return "a second zip reader finds " + actual.size() + " entries instead of " + expected.size();
            }
            for (int i = 0; i < actual.size(); i++) {
                ZipArchiveEntry a = actual.get(i);
                ExpectedEntry want = expected.get(i);
                if (!a.getName().equals(want.name()) || a.isDirectory() != want.directory() || a.getSize() != want.size()
                        || a.getCrc() != want.crc()) {
                    return "a second zip reader sees entry " + (i + 1) + " as '" + a.getName() + "' (size " + a.getSize()
                            + ", CRC " + String.format(Locale.ROOT, "%08x", a.getCrc()) + ") where '" + want.name()
                            + "' was written";
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "a second zip reader cannot read it (" + e.getMessage() + ")";
        }
    }
}
