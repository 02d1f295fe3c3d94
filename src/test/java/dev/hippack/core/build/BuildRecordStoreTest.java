package dev.hippack.core.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.catalog.CatalogLoader;
import dev.hippack.core.io.AtomicFile;
import dev.hippack.core.plan.ReleasePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build record is written as every kept output is: whole or not at all, never through a link. */
class BuildRecordStoreTest {

    private static final ReleasePlan PLAN = ReleasePlan.forTrack(CatalogLoader.embedded().track("rocm6").orElseThrow())
            .withSdk("C:\\Program Files\\AMD\\ROCm\\6.4");
    private static final BuildRecord RECORD = BuildRecord.of(PLAN, true, "2026-01-01T00:00:00Z", List.of());

    @TempDir
    Path bin;

    private final BuildRecordStore store = new BuildRecordStore();

    @Test
    void aRecordIsReadBackAsWrittenAndLeavesNoTemporaryFile() throws Exception {
        Path file = store.write(bin, RECORD);
        assertThat(file).isEqualTo(bin.resolve(BuildRecordStore.FILE_NAME));
        assertThat(store.read(bin)).contains(RECORD);
        assertThat(AtomicFile.leftovers(file)).isEmpty();
    }

    @Test
    void aLinkAtTheRecordsNameIsRefusedAndItsTargetIsUntouched() throws Exception {
        Path victim = Files.writeString(Files.createDirectories(bin.resolve("elsewhere")).resolve("victim.txt"), "keep");
        Files.createSymbolicLink(bin.resolve(BuildRecordStore.FILE_NAME), victim);

        assertThatThrownBy(() -> store.write(bin, RECORD)).isInstanceOf(PackagerException.class)
                .isNotInstanceOf(OperationFailedException.class).hasMessageContaining("symbolic link");
        assertThat(Files.readString(victim)).isEqualTo("keep");
        assertThat(Files.isSymbolicLink(bin.resolve(BuildRecordStore.FILE_NAME))).isTrue();
        assertThat(AtomicFile.leftovers(bin.resolve(BuildRecordStore.FILE_NAME))).isEmpty();
    }

    @Test
    void clearRemovesTheRecordAndTheTemporaryOnesOfAKilledBuild() throws Exception {
        store.write(bin, RECORD);
        // What a build killed between creating and renaming its record leaves behind.
        Path leftover = bin.resolve(BuildRecordStore.FILE_NAME + ".abcdefghijkl" + AtomicFile.SUFFIX);
        Files.writeString(leftover, "{ \"format\": 1");
        Path unrelated = Files.writeString(bin.resolve("notes.partial"), "not ours");
        assertThat(AtomicFile.leftovers(bin.resolve(BuildRecordStore.FILE_NAME))).containsExactly(leftover);

        store.clear(bin);

        assertThat(store.read(bin)).isEmpty();
        assertThat(leftover).doesNotExist();
        assertThat(unrelated).exists();
    }
}
