package dev.hippack.core.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowsExitStatusTest {

    @Test
    void loaderStatusesAreRecognisedAsJavaReportsThemSignedInts() {
        // Process.exitValue() on Windows: the DWORD exit code as a signed int.
        assertThat(WindowsExitStatus.of(-1073741515)).contains(WindowsExitStatus.DLL_NOT_FOUND);
        assertThat(WindowsExitStatus.of((int) 0xC0000135L)).contains(WindowsExitStatus.DLL_NOT_FOUND);
        assertThat(WindowsExitStatus.of((int) 0xC000007BL)).contains(WindowsExitStatus.INVALID_IMAGE_FORMAT);
        assertThat(WindowsExitStatus.of((int) 0xC0000139L)).contains(WindowsExitStatus.ENTRYPOINT_NOT_FOUND);
        assertThat(WindowsExitStatus.of((int) 0xC0000142L)).contains(WindowsExitStatus.DLL_INIT_FAILED);
        assertThat(WindowsExitStatus.DLL_NOT_FOUND.value()).isEqualTo(0xC0000135L);
        assertThat(WindowsExitStatus.DLL_NOT_FOUND.symbol()).isEqualTo("STATUS_DLL_NOT_FOUND");
    }

    @Test
    void onlyTheLoadersStatusesAreLoaderFailures() {
        assertThat(WindowsExitStatus.DLL_NOT_FOUND.loaderFailure()).isTrue();
        assertThat(WindowsExitStatus.INVALID_IMAGE_FORMAT.loaderFailure()).isTrue();
        assertThat(WindowsExitStatus.ENTRYPOINT_NOT_FOUND.loaderFailure()).isTrue();
        assertThat(WindowsExitStatus.of((int) 0xC0000005L)).hasValueSatisfying(s -> assertThat(s.loaderFailure()).isFalse());
        assertThat(WindowsExitStatus.of((int) 0xC000001DL)).contains(WindowsExitStatus.ILLEGAL_INSTRUCTION);
    }

    @Test
    void ordinaryExitCodesAreNoStatus() {
        assertThat(WindowsExitStatus.of(0)).isEmpty();
        assertThat(WindowsExitStatus.of(1)).isEmpty();
        assertThat(WindowsExitStatus.of(-1)).isEmpty();
        // 0x00000135 is not 0xC0000135: only the full 32-bit value counts.
        assertThat(WindowsExitStatus.of(0x135)).isEmpty();
    }

    @Test
    void exitCodesAreWrittenAsWindowsWritesThem() {
        assertThat(WindowsExitStatus.describe(-1073741515)).isEqualTo("0xC0000135");
        assertThat(WindowsExitStatus.describe((int) 0xC000007BL)).isEqualTo("0xC000007B");
        assertThat(WindowsExitStatus.describe(1)).isEqualTo("1");
        assertThat(WindowsExitStatus.describe(-1)).isEqualTo("0xFFFFFFFF");
    }
}
