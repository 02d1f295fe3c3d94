package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path temp;

    @Test
    void deletesTheTreeButNeverWhatItsLinksPointTo() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("sdk/bin"));
        Path dll = Files.writeString(outside.resolve("amdhip64_6.dll"), "runtime");
        Path tree = Files.createDirectories(temp.resolve("package/sub"));
        Files.writeString(tree.resolve("README.md"), "readme");
        Files.createLink(tree.resolve("amdhip64_6.dll"), dll);
        Files.createSymbolicLink(temp.resolve("package/sdk-bin"), outside);

        FileTrees.delete(temp.resolve("package"));

        assertThat(temp.resolve("package")).doesNotExist();
        assertThat(dll).hasContent("runtime");
        assertThat(outside).isDirectory();
    }

    @Test
    void aMissingFolderIsNothingToDo() throws Exception {
        FileTrees.delete(temp.resolve("never-written"));
        assertThat(temp.resolve("never-written")).doesNotExist();
    }
}
