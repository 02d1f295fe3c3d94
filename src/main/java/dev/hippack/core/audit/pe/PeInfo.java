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
 * @param certificates the security directory (data directory 4), where an Authenticode signature
 *                     sits: its file offset and size as the header states them, {@code 0, 0} when the file
 *                     carries none
 */
public record PeInfo(String file, String format, String machine, List<String> imports, List<String> delayImports,
                     CertificateTable certificates) {

    /**
     * Data directory 4: unlike the others, its first field is a file offset, not an address.
     *
     * @param offset where the signature blobs start in the file
     * @param size   their size in bytes; 0 for an unsigned file
     */
    public record CertificateTable(long offset, long size) {
        public static final CertificateTable NONE = new CertificateTable(0, 0);

        public boolean present() {
            return size > 0;
        }
    }

    public static final String PE32 = "PE32";
    public static final String PE32_PLUS = "PE32+";

    public PeInfo {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(machine, "machine");
        imports = List.copyOf(imports);
        delayImports = List.copyOf(delayImports);
        Objects.requireNonNull(certificates, "certificates");
    }

    /** A file read without its security directory. */
    public PeInfo(String file, String format, String machine, List<String> imports, List<String> delayImports) {
        this(file, format, machine, imports, delayImports, CertificateTable.NONE);
    }

    /** The same information for a file of another name (a path inside a package). */
    public PeInfo named(String name) {
        return new PeInfo(name, format, machine, imports, delayImports, certificates);
    }

    /** Imports and delay imports together, imports first: every DLL the file may load. */
    public List<String> allDependencies() {
        return Stream.concat(imports.stream(), delayImports.stream()).toList();
    }
}
