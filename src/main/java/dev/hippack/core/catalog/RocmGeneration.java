package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The DLL names of one ROCm major version. The names change between 6 and 7 (hipblas.dll versus
 * libhipblas.dll), so a package must hold the names of exactly one generation.
 * {@code runtimeLoaded} names the DLLs of this generation that are opened with LoadLibrary rather
 * than imported, and which DLL opens each: the HIP runtime opens its compiler runtime
 * (amdhip64_6.dll loads amd_comgr_2.dll), hipRTC the versioned one (amd_comgr0604.dll).
 */
public record RocmGeneration(
        @JsonProperty(required = true) int major,
        @JsonProperty(required = true) List<RocmDll> dlls,
        @JsonProperty(required = true) List<RuntimeLoadedDll> runtimeLoaded) {

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
        Require.present(runtimeLoaded, "runtimeLoaded");
        if (runtimeLoaded.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("field 'runtimeLoaded' must not contain null");
        }
        runtimeLoaded = List.copyOf(runtimeLoaded);
        for (RuntimeLoadedDll r : runtimeLoaded) {
            // A DLL the generation's own DLLs load is part of every package; its size must be known.
            if (named(dlls, r.loader()).isPresent() && named(dlls, r.dll()).isEmpty()) {
                throw new IllegalArgumentException("field 'runtimeLoaded': " + r.dll() + " is loaded by " + r.loader()
                        + ", a DLL of this generation, so it must be listed in 'dlls' too");
            }
        }
    }

    /** The DLLs {@code loader} (a file name) opens at run time, in catalog order; empty for most DLLs. */
    public List<RuntimeLoadedDll> loadedBy(String loader) {
        return runtimeLoaded.stream().filter(r -> r.loadedBy(loader)).toList();
    }

    /**
     * Whether a package of this generation must carry {@code dll}: it is loaded at run time by one
     * of the generation's DLLs. A DLL only hipRTC loads (the versioned comgr) is not needed by a
     * program that does not use hipRTC, and audio.cpp does not.
     */
    public boolean loadedByOwnDll(String dll) {
        return runtimeLoaded.stream().anyMatch(r -> r.dll().equalsIgnoreCase(dll) && byName(r.loader()).isPresent());
    }

    /** Whether {@code fileName} is a DLL of this generation: one of its {@code dlls}, or a loader or loaded DLL of {@code runtimeLoaded}. */
    public boolean owns(String fileName) {
        return byName(fileName).isPresent()
                || runtimeLoaded.stream().anyMatch(r -> r.dll().equalsIgnoreCase(fileName) || r.loader().equalsIgnoreCase(fileName));
    }

    public RocmDll dll(RocmDll.Role role) {
        return dlls.stream().filter(d -> d.role() == role).findFirst().orElseThrow();
    }

    /** The DLL of this generation with that file name, compared case-insensitively as Windows does. */
    public Optional<RocmDll> byName(String fileName) {
        return named(dlls, fileName);
    }

    private static Optional<RocmDll> named(List<RocmDll> dlls, String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        return dlls.stream().filter(d -> d.name().toLowerCase(Locale.ROOT).equals(lower)).findFirst();
    }
}
