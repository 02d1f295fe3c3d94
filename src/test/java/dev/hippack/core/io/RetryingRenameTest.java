package dev.hippack.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Renames refused the way Windows refuses them while a scanner holds a file open, through the FileMover seam. */
class RetryingRenameTest {

    /** The reason Windows gives (ERROR_SHARING_VIOLATION), as the JDK reports it. */
    static final String IN_USE = "The process cannot access the file because it is being used by another process";

    @TempDir
    Path dir;

    final List<Duration> paused = new ArrayList<>();

    /** Refuses the first {@code refusals} renames, then renames for real. */
    static FileMover refusing(int refusals, AtomicInteger calls) {
        return (from, to, options) -> {
            if (calls.incrementAndGet() <= refusals) {
                throw new FileSystemException(from.toString(), to.toString(), IN_USE);
            }
            Files.move(from, to, options);
        };
    }

    private RetryingRename rename(FileMover mover, WriteChannels probe) {
        return new RetryingRename(mover, probe, paused::add, RetryingRename.WINDOWS_PAUSES);
    }

    private Path folderWithFiles() throws IOException {
        Path from = Files.createDirectories(dir.resolve("pkg.partial/rocblas/library"));
        Files.writeString(from.resolve("TensileLibrary.dat"), "kernels", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("pkg.partial/audiocpp_cli.exe"), "MZ", StandardCharsets.UTF_8);
        return dir.resolve("pkg.partial");
    }

    @Test
    void renameRefusedTwiceThenAllowedSucceedsAfterTwoGrowingPauses() throws IOException {
        Path from = folderWithFiles();
        AtomicInteger calls = new AtomicInteger();

        rename(refusing(2, calls), WriteChannels.DEFAULT).move(from, dir.resolve("pkg"), StandardCopyOption.ATOMIC_MOVE);

        assertThat(calls).hasValue(3);
        assertThat(paused).containsExactly(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(dir.resolve("pkg/rocblas/library/TensileLibrary.dat")).exists();
        assertThat(from).doesNotExist();
    }

    @Test
    void renameRefusedEveryTimeGivesUpAfterTheBoundedWaitAndNamesTheHeldFile() throws IOException {
        Path from = folderWithFiles();
        Path held = from.resolve("rocblas/library/TensileLibrary.dat");
        AtomicInteger calls = new AtomicInteger();
        // Opening the held file fails as Windows fails it while a scanner has it open; the others open.
        WriteChannels probe = (path, options) -> {
            if (path.equals(held)) {
                throw new FileSystemException(path.toString(), null, IN_USE);
            }
            return WriteChannels.DEFAULT.open(path, options);
        };

        assertThatThrownBy(() -> rename(refusing(Integer.MAX_VALUE, calls), probe).move(from, dir.resolve("pkg")))
                .isInstanceOfSatisfying(RenameBlockedException.class, e -> {
                    assertThat(e.heldFile()).contains(held);
                    assertThat(e.getMessage()).contains(held.toString(), IN_USE, "tried 13 times",
                            "close any window, console or program using that folder");
                });
        assertThat(calls).hasValue(RetryingRename.WINDOWS_PAUSES.size() + 1);
        assertThat(paused).isEqualTo(RetryingRename.WINDOWS_PAUSES);
        assertThat(paused.stream().reduce(Duration.ZERO, Duration::plus)).isLessThan(Duration.ofSeconds(10));
        // Nothing was lost: the folder is where it was, every file in it.
        assertThat(held).hasContent("kernels");
        assertThat(from.resolve("audiocpp_cli.exe")).exists();
    }

    @Test
    void whenNoHeldFileIsFoundTheMessageSaysSoWithoutGuessing() throws IOException {
        Path from = folderWithFiles();

        assertThatThrownBy(() -> rename(refusing(Integer.MAX_VALUE, new AtomicInteger()), WriteChannels.DEFAULT)
                .move(from, dir.resolve("pkg")))
                .isInstanceOfSatisfying(RenameBlockedException.class, e -> {
                    assertThat(e.heldFile()).isEmpty();
                    assertThat(e.getMessage()).contains("may hold a file in it open");
                });
    }

    @Test
    void aRefusalWaitingCannotCureIsThrownAtOnce() throws IOException {
        Path from = folderWithFiles();
        Files.createDirectory(dir.resolve("pkg"));
        Files.writeString(dir.resolve("pkg/x"), "x");

        assertThatThrownBy(() -> rename(FileMover.DEFAULT, WriteChannels.DEFAULT).move(from, dir.resolve("pkg")))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(paused).isEmpty();
    }

    @Test
    void anInterruptedWaitStopsTryingAndKeepsTheInterrupt() throws IOException {
        Path from = folderWithFiles();
        RetryingRename interrupted = new RetryingRename(refusing(Integer.MAX_VALUE, new AtomicInteger()), WriteChannels.DEFAULT,
                d -> {
                    throw new InterruptedException();
                }, RetryingRename.WINDOWS_PAUSES);
        try {
            assertThatThrownBy(() -> interrupted.move(from, dir.resolve("pkg"))).isInstanceOf(RenameBlockedException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void atomicFileCommitWaitsOutATargetHeldOpen() throws IOException {
        Path target = Files.writeString(dir.resolve("settings.json"), "old");
        AtomicInteger calls = new AtomicInteger();

        try (AtomicFile out = AtomicFile.create(target, WriteChannels.DEFAULT, rename(refusing(2, calls), WriteChannels.DEFAULT))) {
            out.stream().write("new".getBytes(StandardCharsets.UTF_8));
            out.commit(true);
        }

        assertThat(target).hasContent("new");
        assertThat(calls).hasValue(3);
        assertThat(AtomicFile.leftovers(target)).isEmpty();
    }
}
