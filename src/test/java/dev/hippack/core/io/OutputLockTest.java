package dev.hippack.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.OperationFailedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lock inside one process; two processes are tested with real JVMs in ConcurrentOutputTest. */
class OutputLockTest {

    @TempDir
    Path dir;

    @Test
    void aSecondRunOnTheSameFolderIsRefusedNamingTheFirst() throws Exception {
        Path out = dir.resolve("release");
        try (OutputLock first = OutputLock.acquire(out, "zip a.zip")) {
            assertThat(Files.readString(out.resolve(OutputLock.FILE_NAME)))
                    .contains("pid " + ProcessHandle.current().pid()).contains("zip a.zip").contains("since");
            assertThatThrownBy(() -> OutputLock.acquire(out, "zip b.zip")).isInstanceOf(OperationFailedException.class)
                    .hasMessageContaining("Another HIP Packager run is writing to " + out)
                    .hasMessageContaining("pid " + ProcessHandle.current().pid())
                    .hasMessageContaining("zip a.zip")
                    .hasMessageContaining("Nothing was changed");
            // The same folder named another way is the same folder.
            assertThatThrownBy(() -> OutputLock.acquire(out.resolve("sub/.."), "zip c.zip"))
                    .isInstanceOf(OperationFailedException.class);
            assertThat(first.covers(out.resolve("a.zip"))).isTrue();
            assertThat(first.covers(dir.resolve("a.zip"))).isFalse();
        }
        try (OutputLock again = OutputLock.acquire(out, "zip b.zip")) {
            assertThat(again.folder()).isEqualTo(out.toAbsolutePath());
        }
        // Released, the file says nothing about a holder.
        assertThat(Files.readString(out.resolve(OutputLock.FILE_NAME))).isEmpty();
    }

    @Test
    void differentFoldersDoNotBlockEachOther() throws Exception {
        try (OutputLock a = OutputLock.acquire(dir.resolve("a"), "zip");
             OutputLock b = OutputLock.acquire(dir.resolve("b"), "zip")) {
            assertThat(a.folder()).isNotEqualTo(b.folder());
        }
    }

    @Test
    void aLockFileThatIsALinkIsRefusedAndNotFollowed() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path out = Files.createDirectories(dir.resolve("release"));
        Files.createSymbolicLink(out.resolve(OutputLock.FILE_NAME), victim);
        assertThatThrownBy(() -> OutputLock.acquire(out, "zip")).isInstanceOf(OperationFailedException.class)
                .hasMessageContaining(OutputLock.FILE_NAME);
        assertThat(Files.readString(victim)).isEqualTo("precious");
    }

    @Test
    void aLockFileThatIsAHardLinkToAUsersFileIsRefusedAndTheFileKept() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path out = Files.createDirectories(dir.resolve("release"));
        Files.createLink(out.resolve(OutputLock.FILE_NAME), victim);
        assertThatThrownBy(() -> OutputLock.acquire(out, "zip")).isInstanceOf(OperationFailedException.class)
                .hasMessageContaining(OutputLock.FILE_NAME).hasMessageContaining("hard link");
        assertThat(Files.readString(victim)).isEqualTo("precious");
    }
}
