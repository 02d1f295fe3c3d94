package dev.hippack.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hippack.core.estimate.ComponentSize;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackagePartTest {

    @Test
    void estimateSizesEveryPartButOtherInDeclarationOrder() {
        assertThat(PackagePart.ESTIMATED).containsExactly(PackagePart.EXECUTABLES, PackagePart.HIP_RUNTIME,
                PackagePart.MATH_DLLS, PackagePart.CRT, PackagePart.ROCBLAS_KERNELS, PackagePart.HIPBLASLT_KERNELS,
                PackagePart.README);
    }

    @Test
    void jsonShowsThePartsIdNotItsJavaName() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertThat(json.writeValueAsString(new ComponentSize(PackagePart.ROCBLAS_KERNELS, 5, false)))
                .isEqualTo("{\"id\":\"rocblas-kernels\",\"bytes\":5,\"derived\":false}");
        assertThat(json.writeValueAsString(List.of(PackagePart.values()))).isEqualTo(
                "[\"executables\",\"hip-runtime\",\"math-dlls\",\"crt\",\"rocblas-kernels\",\"hipblaslt-kernels\",\"readme\",\"other\"]");
        assertThat(json.readValue("\"hip-runtime\"", PackagePart.class)).isEqualTo(PackagePart.HIP_RUNTIME);
    }
}
