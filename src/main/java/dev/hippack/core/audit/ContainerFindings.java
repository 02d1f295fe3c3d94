package dev.hippack.core.audit;

import java.util.List;

/**
 * The ids of what is wrong with a package's container itself, found while it is read and before
 * any {@link PackageCheck} runs: a zip's entries ({@link ZipSource}) and a folder's files
 * ({@link FolderSource}). Like the checks' ids they are the {@code --json} contract; the audit
 * table of docs/cli.md lists them after the checks', in the order of {@link #IDS}.
 */
public final class ContainerFindings {

    /** An entry name that is absolute or climbs out with {@code ..}. */
    public static final String ZIP_UNSAFE_PATH = "zip.unsafe-path";
    /** A name twice, ignoring case as Windows does. */
    public static final String ZIP_DUPLICATE = "zip.duplicate";
    /** A symbolic link stored in the zip. */
    public static final String ZIP_SYMLINK = "zip.symlink";
    public static final String ZIP_ENCRYPTED = "zip.encrypted";
    /** A compression method that cannot be read. */
    public static final String ZIP_UNSUPPORTED = "zip.unsupported";
    /** Sizes or overlapping entries no real package has. */
    public static final String ZIP_BOMB = "zip.bomb";
    /** A local header that disagrees with the central directory. */
    public static final String ZIP_HEADER_MISMATCH = "zip.header-mismatch";
    /**
     * A structural field that disagrees with the others (end record counts, sizes, disk numbers,
     * versions, extra fields, bytes no entry owns): extractors read such a zip in different ways.
     */
    public static final String ZIP_MALFORMED = "zip.malformed";
    /** Data that does not decompress to its recorded size and CRC-32. */
    public static final String ZIP_CORRUPT = "zip.corrupt";
    /** A symbolic link, FIFO, device or socket in a staged folder; {@code zip} refuses the folder. */
    public static final String FOLDER_NOT_A_FILE = "folder.not-a-file";

    /** Every id above, in the order of the audit table in docs/cli.md. */
    public static final List<String> IDS = List.of(ZIP_UNSAFE_PATH, ZIP_DUPLICATE, ZIP_SYMLINK, ZIP_ENCRYPTED,
            ZIP_UNSUPPORTED, ZIP_BOMB, ZIP_HEADER_MISMATCH, ZIP_MALFORMED, ZIP_CORRUPT, FOLDER_NOT_A_FILE);

    private ContainerFindings() { }
}
