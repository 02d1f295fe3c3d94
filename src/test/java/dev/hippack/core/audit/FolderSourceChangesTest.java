package dev.hippack.core.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A package folder that changes under the audit: a file gone since the listing fails the work (exit 1) and says so. */
class FolderSourceChangesTest {

    @TempDir
    Path root;

    @Test
    void aFileRemovedAfterTheListingIsNamedAsRemoved() throws Exception {
        Files.writeString(root.resolve("README.md"), "# package\n");
        try (FolderSource source = new FolderSource(root)) {
            PackageEntry readme = source.entries().stream().filter(e -> e.path().equals("README.md")).findFirst().orElseThrow();
            Files.delete(root.resolve("README.md"));

            assertThatThrownBy(() -> source.crc32(readme)).isInstanceOf(OperationFailedException.class)
                    .hasMessageStartingWith(root.resolve("README.md") + " was removed while the folder was being audited");
            assertThatThrownBy(() -> source.readText(readme, 100)).isInstanceOf(OperationFailedException.class)
                    .hasMessageContaining("was removed while the folder was being audited");
        }
    }

    @Test
    void aFileThatCannotBeReadSaysWhy() throws Exception {
        Path readme = Files.writeString(root.resolve("README.md"), "# package\n");
        try (FolderSource source = new FolderSource(root)) {
            PackageEntry entry = source.entries().stream().filter(e -> e.path().equals("README.md")).findFirst().orElseThrow();
            // A folder where the file was: the system's reason, not just the name.
            Files.delete(readme);
            Files.createDirectory(readme);

            assertThatThrownBy(() -> source.crc32(entry)).isInstanceOf(PackagerException.class)
                    .isNotInstanceOf(OperationFailedException.class)
                    .hasMessage("Could not read " + readme + ": is a directory. Check the file's permissions.");
        }
    }
}
