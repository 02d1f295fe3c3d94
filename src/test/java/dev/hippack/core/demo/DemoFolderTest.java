package dev.hippack.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo folder's life: locked while used, removed when closed, and swept once its run has ended. */
class DemoFolderTest {

    @TempDir
    Path temp;

    /** A folder as a run that was killed leaves it: its lock file there, its lock free. */
    private Path leftBehind(String name, Duration age) throws Exception {
        Path dir = Files.createDirectories(temp.resolve(DemoFolder.PREFIX + name));
        Files.createDirectories(dir.resolve("machine/C/src"));
        Path inUse = Files.createFile(dir.resolve(DemoFolder.IN_USE));
        Files.setLastModifiedTime(inUse, FileTime.from(Instant.now().minus(age)));
        return dir;
    }

    @Test
    void aFolderIsLockedWhileOpenAndRemovedWithItsContentWhenClosed() throws Exception {
        Path dir;
        try (DemoFolder folder = DemoFolder.create(temp)) {
            dir = folder.path();
            assertThat(dir.getFileName().toString()).startsWith(DemoFolder.PREFIX);
            assertThat(dir.getParent()).isEqualTo(temp);
            Files.writeString(Files.createDirectories(dir.resolve("machine")).resolve("host.json"), "{}");
            assertThat(folder.contains(dir.resolve("machine/host.json"))).isTrue();
            assertThat(folder.contains(temp.resolve("elsewhere"))).isFalse();
            // Held in this process: a sweep even long after leaves it alone.
            assertThat(DemoFolder.sweep(temp, Instant.now().plus(Duration.ofDays(2)))).isZero();
            assertThat(dir).isDirectory();
        }
        assertThat(dir).doesNotExist();
    }

    @Test
    void creatingAFolderRemovesTheFoldersOfRunsThatEnded() throws Exception {
        Path killed = leftBehind("killed", Duration.ofMinutes(5));
        try (DemoFolder fresh = DemoFolder.create(temp)) {
            assertThat(killed).doesNotExist();
            assertThat(fresh.path()).isDirectory();
        }
    }

    @Test
    void aFolderJustCreatedIsLeftAloneEvenWhileItsLockIsStillFree() throws Exception {
        Path starting = leftBehind("starting", Duration.ZERO);
        assertThat(DemoFolder.sweep(temp, Instant.now())).isZero();
        assertThat(starting).isDirectory();
        assertThat(DemoFolder.sweep(temp, Instant.now().plus(DemoFolder.SETTLING).plusSeconds(1))).isEqualTo(1);
        assertThat(starting).doesNotExist();
    }

    @Test
    void aFolderWithoutALockFileGoesOnlyOnceItIsADayOld() throws Exception {
        Path old = Files.createDirectories(temp.resolve(DemoFolder.PREFIX + "from-an-older-version"));
        assertThat(DemoFolder.sweep(temp, Instant.now())).isZero();
        assertThat(DemoFolder.sweep(temp, Instant.now().plus(DemoFolder.UNLOCKED_AGE).plusSeconds(60))).isEqualTo(1);
        assertThat(old).doesNotExist();
    }

    @Test
    void onlyDemoFoldersAreTouched() throws Exception {
        Path other = Files.createDirectories(temp.resolve("someone-elses-folder"));
        Files.createFile(other.resolve(DemoFolder.IN_USE));
        Path file = Files.createFile(temp.resolve(DemoFolder.PREFIX + "a-file-not-a-folder"));
        Path link = Files.createSymbolicLink(temp.resolve(DemoFolder.PREFIX + "a-link"), other);
        Instant muchLater = Instant.now().plus(Duration.ofDays(30));
        assertThat(DemoFolder.sweep(temp, muchLater)).isZero();
        assertThat(other).isDirectory();
        assertThat(file).isRegularFile();
        assertThat(link).isSymbolicLink();
    }
}
