package dev.hippack.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void committedContentReplacesTheTargetAndNothingElseStays() throws Exception {
        Path target = dir.resolve("SHA256SUMS");
        Files.writeString(target, "old\n");
        AtomicFile.write(target, "new\n".getBytes(StandardCharsets.UTF_8), true, WriteChannels.DEFAULT);
        assertThat(Files.readString(target)).isEqualTo("new\n");
        assertThat(names(dir)).containsExactly("SHA256SUMS");
    }

    @Test
    void temporaryNamesAreUnpredictableExclusiveAndBesideTheTarget() throws Exception {
        Path target = dir.resolve("p.zip");
        List<Set<OpenOption>> seen = new ArrayList<>();
        WriteChannels recording = (path, options) -> {
            seen.add(Set.copyOf(options));
            return WriteChannels.DEFAULT.open(path, options);
        };
        try (AtomicFile a = AtomicFile.create(target, recording); AtomicFile b = AtomicFile.create(target, recording)) {
            assertThat(a.temporary().getParent()).isEqualTo(dir.toAbsolutePath());
            assertThat(a.temporary().getFileName().toString()).matches("p\\.zip\\.[a-z2-7]{12}\\.partial");
            assertThat(a.temporary()).isNotEqualTo(b.temporary());
            assertThat(AtomicFile.leftovers(target)).containsExactlyInAnyOrder(a.temporary(), b.temporary());
        }
        // Created new, never opened if something (a planted link) is there, never through a link.
        assertThat(seen).allSatisfy(o -> assertThat(o).contains(StandardOpenOption.CREATE_NEW, LinkOption.NOFOLLOW_LINKS)
                .doesNotContain(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING));
        assertThat(names(dir)).isEmpty();
    }

    @Test
    void aLinkPlantedAtATemporaryNameIsNeverWrittenThrough() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path planted = dir.resolve("p.zip.aaaaaaaaaaaa.partial");
        Files.createSymbolicLink(planted, victim);
        // The options AtomicFile opens with refuse the name outright.
        assertThatThrownBy(() -> WriteChannels.DEFAULT.open(planted, Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))).isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(victim)).isEqualTo("precious");
        // And the next run's clean-up removes the link itself, not what it points to.
        for (Path p : AtomicFile.leftovers(dir.resolve("p.zip"))) {
            Files.delete(p);
        }
        assertThat(Files.exists(planted, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.readString(victim)).isEqualTo("precious");
    }

    @Test
    void aTargetThatIsALinkIsRefusedAndWhatItPointsToIsUntouched() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path target = dir.resolve("SHA256SUMS");
        Files.createSymbolicLink(target, victim);
        assertThatThrownBy(() -> AtomicFile.write(target, "x".getBytes(StandardCharsets.UTF_8), true, WriteChannels.DEFAULT))
                .isInstanceOf(UnsafeTargetException.class).hasMessageContaining("symbolic link");
        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.isSymbolicLink(target)).isTrue();
        assertThat(names(dir)).containsExactly("SHA256SUMS", "victim.txt");
    }

    @Test
    void aLinkThatAppearsAtTheTargetWhileWritingIsRefusedAtCommit() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Path target = dir.resolve("p.zip");
        try (AtomicFile out = AtomicFile.create(target, WriteChannels.DEFAULT)) {
            out.stream().write("zip bytes".getBytes(StandardCharsets.UTF_8));
            Files.createSymbolicLink(target, victim);
            assertThatThrownBy(() -> out.commit(true)).isInstanceOf(UnsafeTargetException.class);
        }
        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(Files.isSymbolicLink(target)).isTrue();
        assertThat(names(dir)).containsExactly("p.zip", "victim.txt");
    }

    @Test
    void withoutReplaceAnExistingTargetIsKeptEvenIfItAppearedWhileWriting() throws Exception {
        Path target = dir.resolve("p.zip");
        try (AtomicFile out = AtomicFile.create(target, WriteChannels.DEFAULT)) {
            out.stream().write(new byte[] {1, 2, 3});
            Files.writeString(target, "the user's own file");
            assertThatThrownBy(() -> out.commit(false)).isInstanceOf(FileAlreadyExistsException.class);
        }
        assertThat(Files.readString(target)).isEqualTo("the user's own file");
        assertThat(names(dir)).containsExactly("p.zip");
    }

    @Test
    void closedWithoutCommitLeavesTheTargetAsItWas() throws Exception {
        Path target = Files.writeString(dir.resolve("profile.json"), "{\"old\": true}");
        try (AtomicFile out = AtomicFile.create(target, WriteChannels.DEFAULT)) {
            out.stream().write("{\"half".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Files.readString(target)).isEqualTo("{\"old\": true}");
        assertThat(names(dir)).containsExactly("profile.json");
    }

    @Test
    void aWriteFailureLikeAFullDiskLeavesNoTemporaryFileAndNoTarget() throws Exception {
        Path target = dir.resolve("SHA256SUMS");
        assertThatThrownBy(() -> AtomicFile.write(target, new byte[4096], true, FailingChannels.failingAfter(100)))
                .isInstanceOf(IOException.class).hasMessageContaining("No space left");
        assertThat(names(dir)).isEmpty();
    }

    @Test
    void aFolderOrADeviceAtTheTargetIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("p.zip"));
        assertThatThrownBy(() -> AtomicFile.create(dir.resolve("p.zip"), WriteChannels.DEFAULT))
                .isInstanceOf(UnsafeTargetException.class).hasMessageContaining("folder");
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(devNull), "no /dev/null here; the device case did not run");
        assertThatThrownBy(() -> AtomicFile.refuseUnsafeTarget(devNull)).isInstanceOf(UnsafeTargetException.class)
                .hasMessageContaining("not a regular file");
    }

    @Test
    void aTargetThatCannotBeLookedAtIsAnIoFailureNotAnUnsafeTarget() throws Exception {
        // A file where the target's folder must be: nothing unsafe is there, the output just cannot be written
        // (the command line's exit 1, the work failed), unlike a link or a folder at the target (bad input).
        Path blocker = Files.writeString(dir.resolve("blocker"), "a file where a folder must be");
        assertThatThrownBy(() -> AtomicFile.refuseUnsafeTarget(blocker.resolve("p.zip")))
                .isInstanceOf(IOException.class).isNotInstanceOf(UnsafeTargetException.class);
        assertThatThrownBy(() -> AtomicFile.create(blocker.resolve("p.zip"), WriteChannels.DEFAULT))
                .isInstanceOf(IOException.class).isNotInstanceOf(UnsafeTargetException.class);
    }
}
