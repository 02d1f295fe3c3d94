package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import java.util.Objects;

/** A runtime DLL of one ROCm generation, with the role it plays and its approximate size. */
public record RocmDll(
        @JsonProperty(required = true) Role role,
        @JsonProperty(required = true) String name,
        @JsonProperty(required = true) long bytes) {

    public enum Role {
        @JsonProperty("hip-runtime") HIP_RUNTIME,
        @JsonProperty("compiler-runtime") COMPILER_RUNTIME,
        @JsonProperty("hipblas") HIPBLAS,
        @JsonProperty("rocblas") ROCBLAS,
        @JsonProperty("hipblaslt") HIPBLASLT;

        /** The HIP runtime and its compiler runtime; the rest are the math libraries. */
        public boolean isHipRuntime() {
            return this == HIP_RUNTIME || this == COMPILER_RUNTIME;
        }
    }

    public RocmDll {
        Require.present(role, "role");
        Require.text(name, "name");
        if (!name.toLowerCase(Locale.ROOT).endsWith(".dll")) {
            throw new IllegalArgumentException("field 'name' is '" + name + "', not a .dll file name");
        }
        Require.notNegative(bytes, "bytes");
    }

    // equals and hashCode are written out (with the meaning a record's generated ones have: every
    // component compared) because the generated ones bootstrap java.lang.runtime.ObjectMethods
    // at their first call, which spins a few dozen classes; the size estimate looks DLLs up in a
    // list while the wizard's first window is being built (docs/design.md §10.5).

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof RocmDll d && role == d.role && bytes == d.bytes && Objects.equals(name, d.name);
    }

    @Override
    public int hashCode() {
        return (31 * role.hashCode() + name.hashCode()) * 31 + Long.hashCode(bytes);
    }
}
