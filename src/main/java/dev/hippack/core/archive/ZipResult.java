package dev.hippack.core.archive;

import java.nio.file.Path;

/**
 * A finished, verified zip.
 *
 * @param zip          the zip under its final name
 * @param checksums    the {@code SHA256SUMS} file beside it
 * @param sha256       the zip's SHA-256, lower-case hex
 * @param files        regular files in the zip
 * @param directories  directory entries in the zip, the top-level folder included
 * @param contentBytes the files' total uncompressed size
 * @param zipBytes     the zip's size
 */
public record ZipResult(Path zip, Path checksums, String sha256, int files, int directories, long contentBytes,
                        long zipBytes) {

    /** Zip size over content size; 1.0 for an empty tree. */
    public double ratio() {
        return contentBytes == 0 ? 1.0 : (double) zipBytes / contentBytes;
    }
}
