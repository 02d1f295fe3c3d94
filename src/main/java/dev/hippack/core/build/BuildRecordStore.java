package dev.hippack.core.build;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Reads and writes {@value #FILE_NAME} in a build's {@code bin} folder. Writing goes to a
 * temporary file that is renamed over the old record, so a record is always whole; {@link #clear}
 * removes it before a build starts, so binaries of a failed or cancelled build never sit beside
 * the record of an earlier one.
 */
public final class BuildRecordStore {

    public static final String FILE_NAME = "hip-packager-build.json";

    /** A record is a few hundred bytes; anything far larger is not one. */
    static final long MAX_BYTES = 1 << 20;

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /**
     * The record of the build whose executables are in {@code binDir}; empty when there is none.
     *
     * @throws PackagerException when the file is not a record; {@link OperationFailedException}
     *                           when it cannot be read
     */
    public Optional<BuildRecord> read(Path binDir) throws PackagerException {
        Path file = binDir.resolve(FILE_NAME);
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new PackagerException(file + " is not a HIP Packager build record (it is over " + MAX_BYTES + " bytes).");
            }
            try (InputStream in = Files.newInputStream(file)) {
                BuildRecord r = mapper.readValue(in, BuildRecord.class);
                if (r == null) {
                    throw new PackagerException(file + " is empty.");
                }
                return Optional.of(r);
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            throw new PackagerException(file + " is not a readable HIP Packager build record: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new OperationFailedException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code record} to {@code binDir} under a temporary name, then renames it.
     *
     * @throws OperationFailedException when it cannot be written (a full disk, a read-only folder)
     */
    public Path write(Path binDir, BuildRecord record) throws PackagerException {
        Path file = binDir.resolve(FILE_NAME);
        Path tmp = binDir.resolve(FILE_NAME + ".partial");
        try {
            Files.createDirectories(binDir);
            Files.write(tmp, mapper.writeValueAsBytes(record));
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return file;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // The .partial name already says it is not a record.
            }
            throw new OperationFailedException("Cannot write the build record " + file + ": " + e.getMessage()
                    + ". Check that the build folder is writable and the disk has space, then build again.", e);
        }
    }

    /**
     * Removes the record (and a leftover partial one) from {@code binDir}, if there is one.
     *
     * @throws OperationFailedException when it cannot be removed
     */
    public void clear(Path binDir) throws OperationFailedException {
        try {
            Files.deleteIfExists(binDir.resolve(FILE_NAME));
            Files.deleteIfExists(binDir.resolve(FILE_NAME + ".partial"));
        } catch (IOException e) {
            throw new OperationFailedException("Cannot remove the old build record in " + binDir + ": " + e.getMessage()
                    + ". Check that the build folder is writable.", e);
        }
    }
}
