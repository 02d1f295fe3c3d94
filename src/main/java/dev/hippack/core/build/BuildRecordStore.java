package dev.hippack.core.build;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.io.UnsafeTargetException;
import dev.hippack.core.io.WriteChannels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads and writes {@value #FILE_NAME} in a build's {@code bin} folder. Writing goes through
 * {@link AtomicFile} (a temporary file renamed over the old record), so a record is always whole
 * and never written through a link; {@link #clear}
 * removes it before a build starts, so binaries of a failed or cancelled build never sit beside
 * the record of an earlier one. Beside it, {@value #UNFINISHED_NAME} ({@link UnfinishedBuild}) is
 * written before a build's first configure and removed only after its record: a build that failed,
 * was cancelled or was killed leaves it, and every packaging path refuses the binaries while it is there.
 */
public final class BuildRecordStore {

    public static final String FILE_NAME = "hip-packager-build.json";
    public static final String UNFINISHED_NAME = "hip-packager-build-unfinished.json";

    /** A record is a few hundred bytes; anything far larger is not one. */
    static final long MAX_BYTES = 1 << 20;

    /**
     * Made at its first use, not with the store (which the wizard makes before its first window;
     * a mapper loads a few hundred of Jackson's classes, docs/design.md §10.5).
     */
    private static final class Json {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    /**
     * The record of the build whose executables are in {@code binDir}; empty when there is none.
     *
     * @throws PackagerException when the file is not a record; {@link OperationFailedException}
     *                           when it cannot be read
     */
    public Optional<BuildRecord> read(Path binDir) throws PackagerException {
        Path file = binDir.resolve(FILE_NAME);
        try {
            byte[] bytes = SmallFile.read(file, MAX_BYTES, "The build record " + file);
            BuildRecord r = Json.MAPPER.readValue(bytes, BuildRecord.class);
            if (r == null) {
                throw new PackagerException(file + " is empty.");
            }
            return Optional.of(r);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            throw new PackagerException(file + " is not a readable HIP Packager build record: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new OperationFailedException("Cannot read " + file + ": " + SmallFile.why(e) + ".", e);
        }
    }

    /**
     * Writes {@code record} to {@code binDir} under a temporary name, then renames it.
     *
     * @throws PackagerException when a link, folder or device stands at the record's name;
     *                           {@link OperationFailedException} when it cannot be written (a full
     *                           disk, a read-only folder)
     */
    public Path write(Path binDir, BuildRecord record) throws PackagerException {
        Path file = binDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(binDir);
            AtomicFile.write(file, Json.MAPPER.writeValueAsBytes(record), true, WriteChannels.DEFAULT);
            return file;
        } catch (UnsafeTargetException e) {
            throw new PackagerException("Cannot write the build record " + file + ": it " + e.reason()
                    + ". Remove it from the build folder and build again.");
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write the build record " + file + ": " + e.getMessage()
                    + ". Check that the build folder is writable and the disk has space, then build again.", e);
        }
    }

    /**
     * Removes the record, and temporary ones a killed build left, from {@code binDir}. A build owns
     * its build folder (two builds into one would overwrite each other's executables), so no other
     * run can be writing them.
     *
     * @throws OperationFailedException when it cannot be removed
     */
    public void clear(Path binDir) throws OperationFailedException {
        remove(binDir, FILE_NAME, "the old build record in " + binDir);
    }

    /**
     * Writes the marker of a build that has not finished well (see {@link UnfinishedBuild}),
     * replacing an earlier one.
     *
     * @throws PackagerException when a link, folder or device stands at its name;
     *                           {@link OperationFailedException} when it cannot be written
     */
    public Path markUnfinished(Path binDir, UnfinishedBuild marker) throws PackagerException {
        Path file = binDir.resolve(UNFINISHED_NAME);
        try {
            Files.createDirectories(binDir);
            AtomicFile.write(file, Json.MAPPER.writeValueAsBytes(marker), true, WriteChannels.DEFAULT);
            return file;
        } catch (UnsafeTargetException e) {
            throw new PackagerException("Cannot write " + file + ": it " + e.reason() + ". Remove it from the build folder and build again.");
        } catch (IOException e) {
            throw new OperationFailedException("Cannot write " + file + ": " + e.getMessage()
                    + ". Check that the build folder is writable and the disk has space, then build again.", e);
        }
    }

    /**
     * The marker of an unfinished build in {@code binDir}; empty when the last build there finished
     * well (or none ran).
     *
     * @throws PackagerException when something stands at the marker's name that is not a readable
     *                           marker: the binaries are still not those of a finished build
     */
    public Optional<UnfinishedBuild> unfinished(Path binDir) throws PackagerException {
        Path file = binDir.resolve(UNFINISHED_NAME);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            if (Files.isSymbolicLink(file)) {
                throw new PackagerException(file + " is there but is a link, not a marker HIP Packager wrote.");
            }
            byte[] bytes = SmallFile.read(file, MAX_BYTES, "The unfinished-build marker " + file);
            UnfinishedBuild m = Json.MAPPER.readValue(bytes, UnfinishedBuild.class);
            if (m == null) {
                throw new PackagerException(file + " is empty.");
            }
            return Optional.of(m);
        } catch (JsonProcessingException e) {
            throw new PackagerException(file + " is not a readable marker: " + e.getOriginalMessage() + ".");
        } catch (IOException e) {
            throw new PackagerException("Cannot read " + file + ": " + SmallFile.why(e) + ".");
        }
    }

    /**
     * Removes the marker (and temporary copies a killed write left) once the build's record is written.
     *
     * @throws OperationFailedException when it cannot be removed
     */
    public void clearUnfinished(Path binDir) throws OperationFailedException {
        remove(binDir, UNFINISHED_NAME, binDir.resolve(UNFINISHED_NAME).toString());
    }

    /** Deletes {@code name} in {@code binDir} and the temporary copies a killed write of it left. */
    private static void remove(Path binDir, String name, String what) throws OperationFailedException {
        Path file = binDir.resolve(name);
        try {
            Files.deleteIfExists(file);
            if (Files.isDirectory(binDir)) {
                for (Path leftover : AtomicFile.leftovers(file)) {
                    Files.deleteIfExists(leftover);
                }
            }
        } catch (IOException e) {
            throw new OperationFailedException("Cannot remove " + what + ": " + e.getMessage()
                    + ". Check that the build folder is writable.", e);
        }
    }
}
