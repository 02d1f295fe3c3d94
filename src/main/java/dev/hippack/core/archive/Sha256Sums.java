package dev.hippack.core.archive;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.Sha256;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code SHA256SUMS} file beside the zips, in the format {@code sha256sum -c} reads
 * ({@code <hex>  <file name>} per line). Lines for other zips in the same folder are kept, so the
 * rocm6 and rocm7 packages can share one file.
 */
public final class Sha256Sums {

    public static final String FILE_NAME = "SHA256SUMS";

    /** The zip's checksum, the line this file records for it ({@link Sha256}). */
    public String digest(Path file) throws IOException {
        return Sha256.of(file);
    }

    /** Writes or replaces the line for {@code file} in the SHA256SUMS beside it; returns that file. */
    public Path record(Path file, String sha256) throws PackagerException {
        Path sums = file.resolveSibling(FILE_NAME);
        String name = file.getFileName().toString();
        Map<String, String> lines = new TreeMap<>();
        try {
            if (Files.exists(sums)) {
                for (String line : Files.readAllLines(sums, StandardCharsets.UTF_8)) {
                    int split = line.indexOf(' ');
                    if (split > 0 && line.length() > split + 2) {
                        String other = line.substring(split + 2);
                        lines.put(other, line);
                    }
                }
            }
            lines.put(name, sha256 + "  " + name);
            Path temp = sums.resolveSibling(FILE_NAME + ".partial");
            Files.write(temp, List.copyOf(lines.values()), StandardCharsets.UTF_8);
            try {
                Files.move(temp, sums, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, sums, StandardCopyOption.REPLACE_EXISTING);
            }
            return sums;
        } catch (IOException e) {
            throw new OperationFailedException("Could not write " + sums + ": " + SourceTree.message(e)
                    + ". The zip itself is complete; check that the folder is writable.", e);
        }
    }
}
