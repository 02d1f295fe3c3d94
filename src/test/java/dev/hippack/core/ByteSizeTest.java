package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteSizeTest {

    @Test
    void eachRangeHasItsBinaryUnit() {
        assertThat(ByteSize.of(0)).isEqualTo("0 bytes");
        assertThat(ByteSize.of(1)).isEqualTo("1 byte");
        assertThat(ByteSize.of(1023)).isEqualTo("1023 bytes");
        assertThat(ByteSize.of(1024)).isEqualTo("1.0 KiB");
        assertThat(ByteSize.of(8 * 1024)).isEqualTo("8.0 KiB");
        assertThat(ByteSize.of(100 * 1024 - 1)).isEqualTo("100.0 KiB");
        assertThat(ByteSize.of(100 * 1024)).isEqualTo("0.1 MiB");
        assertThat(ByteSize.of(1_782_579)).isEqualTo("1.7 MiB");
        assertThat(ByteSize.of(1024L * 1024 * 1024 - 1)).isEqualTo("1024.0 MiB");
        assertThat(ByteSize.of(1024L * 1024 * 1024)).isEqualTo("1.00 GiB");
        assertThat(ByteSize.of(1_331_439_616L)).isEqualTo("1.24 GiB");
    }

    @Test
    void changesCarryTheirSign() {
        assertThat(ByteSize.delta(0)).isEqualTo("0 bytes");
        assertThat(ByteSize.delta(1_782_579)).isEqualTo("+1.7 MiB");
        assertThat(ByteSize.delta(-9_017_753)).isEqualTo("-8.6 MiB");
        assertThat(ByteSize.of(-2048)).isEqualTo("-2.0 KiB");
    }

    @Test
    void mibIsBytesOverTwoToTheTwenty() {
        assertThat(ByteSize.mib(3 * 1024 * 1024)).isEqualTo(3.0);
    }
}
