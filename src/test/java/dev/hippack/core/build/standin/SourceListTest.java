package dev.hippack.core.build.standin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SourceListTest {

    @Test
    void theHipBackendHas145DistinctSourcesAsTheGuideCounts() {
        assertThat(SourceList.hipSources()).hasSize(145).doesNotHaveDuplicates();
    }

    @Test
    void eachBinaryAddsItsOwnSourcesToTheSharedLibraries() {
        assertThat(SourceList.objects("audiocpp_server")).containsAll(SourceList.objects("")).hasSize(SourceList.objects("").size() + 4);
        assertThat(SourceList.objects("audiocpp_cli")).hasSize(SourceList.objects("").size() + 2);
    }

    @Test
    void parametersAreReadLikePowerShellDoes() {
        assertThat(StandInBuild.parameters(new String[] {"-RocmPath", "C:\\ROCm", "-NoNativeCpu", "-target", "audiocpp_cli"}))
                .containsEntry("rocmpath", "C:\\ROCm").containsEntry("nonativecpu", "").containsEntry("target", "audiocpp_cli");
    }
}
