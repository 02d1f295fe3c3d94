package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SizeTextTest {

    @Test
    void sizesAreBinaryUnits() {
        assertThat(SizeText.of(8 * 1024)).isEqualTo("8.0 KiB");
        assertThat(SizeText.of(1_782_579)).isEqualTo("1.7 MiB");
        assertThat(SizeText.of(1_331_439_616L)).isEqualTo("1.24 GiB");
        assertThat(SizeText.of(-1)).isEqualTo("?");
    }

    @Test
    void decimalSizesInAnEngineSentenceBecomeBinary() {
        assertThat(SizeText.binaryUnits("Compressing 1381 files (1331.4 MB) on 2 threads"))
                .isEqualTo("Compressing 1381 files (1.24 GiB) on 2 threads");
        assertThat(SizeText.binaryUnits("Staged 3 files, 1.8 MB and 2 GB")).isEqualTo("Staged 3 files, 1.7 MiB and 1.86 GiB");
        assertThat(SizeText.binaryUnits("Verifying x.zip")).isEqualTo("Verifying x.zip");
        assertThat(SizeText.binaryUnits("12 MBps stays")).isEqualTo("12 MBps stays");
    }
}
