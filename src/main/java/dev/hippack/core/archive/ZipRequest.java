package dev.hippack.core.archive;

import dev.hippack.core.PackagerException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * What to zip and how.
 *
 * @param source     the folder whose contents go into the zip
 * @param output     the zip to write; written beside it under a temporary name first ({@code AtomicFile})
 * @param rootFolder the one top-level folder inside the zip, normally the package name
 * @param level      deflate level 0-9; 0 stores the files uncompressed
 * @param threads    compression threads, at least 1
 * @param timestamp  the modification time every entry gets, so the same tree gives the same bytes
 * @param overwrite  replace an existing {@code output} (the CLI's {@code --force})
 */
public record ZipRequest(Path source, Path output, String rootFolder, int level, int threads, Instant timestamp,
                         boolean overwrite) {

    /** The time used when SOURCE_DATE_EPOCH is not set: the first moment a zip entry can hold. */
    public static final Instant FIXED_EPOCH = Instant.parse("1980-01-01T00:00:00Z");
    /**
     * zlib level 5, the level 7-Zip uses for zip by default. Measured (bench/HISTORY.md, "Zip"): on the
     * benchmark's package-like tree it is 0.2% larger than Info-ZIP's -6 for 6% less CPU, and on
     * real x86 code (LLVM libraries, like amd_comgr) 1.0% larger for 43% less CPU than level 6.
     */
    public static final int DEFAULT_LEVEL = 5;

    public ZipRequest {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(rootFolder, "rootFolder");
        Objects.requireNonNull(timestamp, "timestamp");
        if (level < 0 || level > 9) {
            throw new IllegalArgumentException("level must be 0-9, not " + level);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
    }

    /** A request with the defaults: {@link #DEFAULT_LEVEL}, every core, the fixed epoch, no overwrite. */
    public static ZipRequest of(Path source, Path output, String rootFolder) {
        return new ZipRequest(source, output, rootFolder, DEFAULT_LEVEL, Runtime.getRuntime().availableProcessors(),
                FIXED_EPOCH, false);
    }

    /** The folder name a zip gets by default: its file name without {@code .zip}. */
    public static String rootFolderFor(Path zip) {
        String name = zip.getFileName().toString();
        return name.regionMatches(true, name.length() - 4, ".zip", 0, 4) ? name.substring(0, name.length() - 4) : name;
    }

    /**
     * The entry time from {@code SOURCE_DATE_EPOCH} (seconds since 1970, the reproducible-builds
     * convention) when the environment sets it, else {@link #FIXED_EPOCH}.
     */
    public static Instant timestampFrom(Map<String, String> environment) throws PackagerException {
        String value = environment.get("SOURCE_DATE_EPOCH");
        if (value == null || value.isBlank()) {
            return FIXED_EPOCH;
        }
        try {
            long seconds = Long.parseLong(value.trim());
            if (seconds < 0) {
                throw new NumberFormatException();
            }
            return Instant.ofEpochSecond(seconds);
        } catch (NumberFormatException e) {
            throw new PackagerException("SOURCE_DATE_EPOCH is '" + value
                    + "'; it must be a whole number of seconds since 1970-01-01 UTC (or unset it).");
        }
    }

    public ZipRequest withLevel(int v) { return new ZipRequest(source, output, rootFolder, v, threads, timestamp, overwrite); }
    public ZipRequest withThreads(int v) { return new ZipRequest(source, output, rootFolder, level, v, timestamp, overwrite); }
    public ZipRequest withTimestamp(Instant v) { return new ZipRequest(source, output, rootFolder, level, threads, v, overwrite); }
    public ZipRequest withOverwrite(boolean v) { return new ZipRequest(source, output, rootFolder, level, threads, timestamp, v); }
}
