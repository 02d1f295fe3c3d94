package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.finding.Finding;
import java.io.Closeable;
import java.util.List;
import java.util.Optional;

/** A package to audit, a folder or a zip, read in place. */
interface PackageSource extends Closeable {

    /** The files, without directories; entries the audit must not trust are left out and reported by {@link #problems()}. */
    List<PackageEntry> entries();

    /** What is wrong with the container itself (unsafe zip entries, links). */
    List<Finding> problems();

    PeInfo readPe(PackageEntry entry, PeReader reader) throws PeFormatException;

    /** The file version of a PE file's version resource; empty when it has none. */
    Optional<String> readVersion(PackageEntry entry, PeReader reader) throws PeFormatException;

    /** The first {@code maxBytes} bytes of a text file, as UTF-8. */
    String readText(PackageEntry entry, int maxBytes) throws PackagerException;

    @Override
    void close();
}
