package dev.hippack.core.audit.pe;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The dependencies of one PE file, as {@code dumpbin /DEPENDENTS} lists them.
 *
 * @param file         the file as the caller named it (a path, or a path inside a zip)
 * @param format       {@code "PE32"} or {@code "PE32+"}
 * @param machine      the COFF machine: {@code x64}, {@code x86}, {@code ARM64}, ... or {@code 0x....} when unknown
 * @param imports      DLL names of the import table, in table order, as written in the file
 * @param delayImports DLL names of the delay-import table, in table order
 */
public record PeInfo(String file, String format, String machine, List<String> imports, List<String> delayImports) {

    public static final String PE32 = "PE32";
    public static final String PE32_PLUS = "PE32+";

    public PeInfo {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(machine, "machine");
        imports = List.copyOf(imports);
        delayImports = List.copyOf(delayImports);
    }

    /** Imports and delay imports together, imports first: every DLL the file may load. */
    public List<String> allDependencies() {
        return Stream.concat(imports.stream(), delayImports.stream()).toList();
    }
}
