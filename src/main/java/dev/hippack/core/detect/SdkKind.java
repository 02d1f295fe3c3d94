package dev.hippack.core.detect;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How a ROCm installation came onto the machine, which decides where its files are: the classic
 * HIP SDK installer ({@code C:\Program Files\AMD\ROCm\<M.m>}), an extracted TheRock tarball (the
 * documented {@code C:\TheRock\build}, with {@code .info\version}, {@code bin\rocm_kpack.dll} and a
 * {@code .kpack} folder), or TheRock's {@code rocm-sdk} Python wheels in a {@code site-packages}
 * folder ({@code _rocm_sdk_core} for the runtime, {@code _rocm_sdk_libraries*} for the math libraries).
 */
public enum SdkKind {
    @JsonProperty("classic") CLASSIC("HIP SDK"),
    @JsonProperty("therock") THEROCK("TheRock"),
    @JsonProperty("therock-wheels") THEROCK_WHEELS("TheRock wheels");

    private final String displayName;

    SdkKind(String displayName) {
        this.displayName = displayName;
    }

    /** How messages and {@code detect} name it: "HIP SDK", "TheRock", "TheRock wheels". */
    public String displayName() {
        return displayName;
    }

    /** TheRock's builds split GPU code into {@code .kpack} archives that {@code rocm_kpack.dll} reads. */
    public boolean therock() {
        return this != CLASSIC;
    }
}
