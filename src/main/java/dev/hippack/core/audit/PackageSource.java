package dev.hippack.core.audit;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.SignatureStatus;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.Closeable;
import java.util.List;
import java.util.Optional;

/** A package to audit, a folder or a zip, read in place. */
interface PackageSource extends Closeable {

    /** The files, without directories; entries the audit must not trust are left out and reported by {@link #problems()}. */
    List<PackageEntry> entries();

    /**
     * The folder users get on extracting: a zip's single top-level folder (empty when its files sit
     * at its root), a folder's own name.
     */
    String topFolder();

    /** What is wrong with the container itself (unsafe zip entries, links). */
    List<Finding> problems();

    /**
     * Checks what listing the container cannot show, adding what is wrong to {@link #problems()}:
     * for a zip, every entry's data and local header. Nothing to do for a folder.
     */
    default void checkIntegrity(OperationListener listener, CancellationToken cancel) throws OperationCancelledException {
        // a folder's files are read by the checks themselves
    }

    PeInfo readPe(PackageEntry entry, PeReader reader) throws PeFormatException;

    /** The clang offload bundles (GPU code) of a PE file, read in place. */
    OffloadBundles readOffloadBundles(PackageEntry entry, PeReader reader) throws PeFormatException;

    /**
     * The Authenticode signature of a PE file whose security directory {@code info} located; an
     * unsigned file is not read again.
     */
    SignatureStatus readSignature(PackageEntry entry, PeInfo info, AuthenticodeVerifier verifier) throws PackagerException;

    /** The file version of a PE file's version resource; empty when it has none. */
    Optional<String> readVersion(PackageEntry entry, PeReader reader) throws PeFormatException;

    /**
     * The CRC-32 of a file's content: a zip's recorded one (which {@link #checkIntegrity} proves),
     * a folder's file read through.
     */
    long crc32(PackageEntry entry) throws PackagerException;

    /** The first {@code maxBytes} bytes of a text file, as UTF-8. */
    String readText(PackageEntry entry, int maxBytes) throws PackagerException;

    @Override
    void close();
}
