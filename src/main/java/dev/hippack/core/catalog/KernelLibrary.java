package dev.hippack.core.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** The two kernel libraries shipped beside their DLLs, and the folder each lives in. */
public enum KernelLibrary {
    @JsonProperty("rocblas") ROCBLAS("rocblas"),
    @JsonProperty("hipblaslt") HIPBLASLT("hipblaslt");

    private final String folder;

    KernelLibrary(String folder) {
        this.folder = folder;
    }

    /** The folder name: {@code <sdk>\bin\<folder>\library} and {@code <package>\<folder>\library}. */
    public String folder() {
        return folder;
    }

    public String displayName() {
        return this == ROCBLAS ? "rocBLAS" : "hipBLASLt";
    }

    public static KernelLibrary parse(String s) {
        return valueOf(s.toUpperCase(Locale.ROOT));
    }
}
