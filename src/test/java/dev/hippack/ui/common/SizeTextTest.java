package dev.hippack.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SizeTextTest {

    @Test
    void sizesAreTheEnginesBinaryUnitsWithAQuestionMarkForUnknown() {
        assertThat(SizeText.of(8 * 1024)).isEqualTo("8.0 KiB");
        assertThat(SizeText.of(1_782_579)).isEqualTo("1.7 MiB");
        assertThat(SizeText.of(1_331_439_616L)).isEqualTo("1.24 GiB");
        assertThat(SizeText.of(-1)).isEqualTo("?");
        assertThat(SizeText.of(0)).isEqualTo("0 bytes");
    }
}
