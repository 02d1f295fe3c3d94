package dev.hippack.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** RocmDll's hand-written equals and hashCode keep a record's meaning: every component counts. */
class RocmDllTest {

    private static final RocmDll HIP = new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_6.dll", 21_000_000);

    @Test
    void equalComponentsMeanEqualDllsWithEqualHashCodes() {
        RocmDll same = new RocmDll(RocmDll.Role.HIP_RUNTIME, new String("amdhip64_6.dll"), 21_000_000);
        assertThat(same).isEqualTo(HIP).hasSameHashCodeAs(HIP);
        assertThat(List.of(same).contains(HIP)).isTrue();
    }

    @Test
    void anyDifferentComponentMeansADifferentDll() {
        assertThat(new RocmDll(RocmDll.Role.COMPILER_RUNTIME, "amdhip64_6.dll", 21_000_000)).isNotEqualTo(HIP);
        assertThat(new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_7.dll", 21_000_000)).isNotEqualTo(HIP);
        assertThat(new RocmDll(RocmDll.Role.HIP_RUNTIME, "amdhip64_6.dll", 21_000_001)).isNotEqualTo(HIP);
        assertThat(HIP).isNotEqualTo(null).isNotEqualTo("amdhip64_6.dll");
    }
}
