package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The DLL names of one ROCm major version. The names change between 6 and 7 (hipblas.dll versus
 * libhipblas.dll), so a package must hold the names of exactly one generation.
 * {@code otherCompilerRuntimes} are the versioned comgr DLLs an SDK also carries
 * (amd_comgr0604.dll); the HIP runtime may load them, so detection and staging know them.
 */
public record RocmGeneration(
        @JsonProperty(required = true) int major,
        @JsonProperty(required = true) List<RocmDll> dlls,
        @JsonProperty(required = true) List<String> otherCompilerRuntimes) {

    public RocmGeneration {
        if (major < 5) {
            throw new IllegalArgumentException("field 'major' is " + major + ", expected 6 or later");
        }
        dlls = Require.nonEmpty(dlls, "dlls");
        Set<RocmDll.Role> roles = EnumSet.noneOf(RocmDll.Role.class);
        for (RocmDll d : dlls) {
            if (!roles.add(d.role())) {
                throw new IllegalArgumentException("field 'dlls' has role " + d.role() + " twice");
            }
        }
        if (!roles.equals(EnumSet.allOf(RocmDll.Role.class))) {
            Set<RocmDll.Role> missing = EnumSet.allOf(RocmDll.Role.class);
            missing.removeAll(roles);
            throw new IllegalArgumentException("field 'dlls' lacks the roles " + missing);
        }
        otherCompilerRuntimes = List.copyOf(Require.present(otherCompilerRuntimes, "otherCompilerRuntimes"));
    }

    public RocmDll dll(RocmDll.Role role) {
        return dlls.stream().filter(d -> d.role() == role).findFirst().orElseThrow();
    }

    /** The DLL of this generation with that file name, compared case-insensitively as Windows does. */
    public Optional<RocmDll> byName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        return dlls.stream().filter(d -> d.name().toLowerCase(Locale.ROOT).equals(lower)).findFirst();
    }
}
