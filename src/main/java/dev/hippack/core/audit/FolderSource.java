package dev.hippack.core.audit;

import dev.hippack.core.OperationFailedException;
import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.pe.OffloadBundles;
import dev.hippack.core.audit.pe.PeFormatException;
import dev.hippack.core.audit.pe.PeInfo;
import dev.hippack.core.audit.pe.PeReader;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.finding.Severity;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.sign.AuthenticodeVerifier;
import dev.hippack.core.sign.SignatureStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;

/** A staged package folder. Links and special files are reported as errors, never followed. */
final class FolderSource implements PackageSource {

    /** More files than any real package (about 1,000) by far; a bound on memory for a wrong folder. */
    static final int MAX_FILES = 200_000;

    private final Path root;

    @Override
    public String topFolder() {
        Path name = root.toAbsolutePath().normalize().getFileName();
        return name == null ? "" : name.toString();
    }
    private final List<PackageEntry> entries = new ArrayList<>();
    private final List<Finding> problems = new ArrayList<>();

    FolderSource(Path root) throws PackagerException {
        this.root = root;
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String rel = relative(file);
                    if (attrs.isSymbolicLink()) {
                        problems.add(new Finding(ContainerFindings.FOLDER_NOT_A_FILE, Severity.ERROR,
                                rel + " is a symbolic link. 'hip-packager zip' refuses it: a zip would carry either the "
                                        + "link (broken on Windows) or whatever it points to, which may not be package content.",
                                "Replace the link with the file itself (stage again).", rel));
                    } else if (attrs.isRegularFile()) {
                        if (entries.size() >= MAX_FILES) {
                            throw new IOException("more than " + MAX_FILES + " files; this is not a package folder");
                        }
                        entries.add(new PackageEntry(rel, attrs.size()));
                    } else {
                        problems.add(new Finding(ContainerFindings.FOLDER_NOT_A_FILE, Severity.ERROR,
                                rel + " is a special file (a device, pipe or socket), not package content; "
                                        + "'hip-packager zip' refuses it.",
                                "Remove it from the package folder (stage again).", rel));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    String rel = relative(file);
                    problems.add(new Finding(LayoutCheck.LAYOUT, Severity.ERROR,
                            rel + " could not be read: " + SmallFile.why(e) + ".", "Check the file's permissions.", rel));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new PackagerException("Could not read the package folder " + root + ": " + SmallFile.why(e) + ".");
        }
        entries.sort(Comparator.comparing(PackageEntry::path));
    }

    private String relative(Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }

    @Override
    public List<PackageEntry> entries() {
        return entries;
    }

    @Override
    public List<Finding> problems() {
        return problems;
    }

    @Override
    public PeInfo readPe(PackageEntry entry, PeReader reader) throws PeFormatException {
        PeInfo info = reader.read(root.resolve(entry.path()));
        return info.named(entry.path());
    }

    @Override
    public SignatureStatus readSignature(PackageEntry entry, PeInfo info, AuthenticodeVerifier verifier) throws PackagerException {
        if (!info.certificates().present()) {
            return SignatureStatus.unsigned();
        }
        Path file = root.resolve(entry.path());
        try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return verifier.verify(info.certificates(), ch);
        } catch (IOException e) {
            throw new PackagerException(file + " could not be read: " + e.getMessage(), e);
        }
    }

    @Override
    public OffloadBundles readOffloadBundles(PackageEntry entry, PeReader reader) throws PeFormatException {
        OffloadBundles o = reader.offloadBundles(root.resolve(entry.path()));
        return new OffloadBundles(entry.path(), o.foundBy(), o.registrations(), o.bundles());
    }

    @Override
    public Optional<String> readVersion(PackageEntry entry, PeReader reader) throws PeFormatException {
        return reader.fileVersion(root.resolve(entry.path()));
    }

    @Override
    public long crc32(PackageEntry entry) throws PackagerException {
        CRC32 crc = new CRC32();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(root.resolve(entry.path()), LinkOption.NOFOLLOW_LINKS)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw readFailure(root.resolve(entry.path()), e);
        }
        return crc.getValue();
    }

    @Override
    public String readText(PackageEntry entry, int maxBytes) throws PackagerException {
        try (InputStream in = Files.newInputStream(root.resolve(entry.path()), LinkOption.NOFOLLOW_LINKS)) {
            return new String(in.readNBytes(maxBytes), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw readFailure(root.resolve(entry.path()), e);
        }
    }

    /** A file gone since the folder was listed failed the audit (exit 1); one that cannot be read says why. */
    private static PackagerException readFailure(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return new OperationFailedException(file + " was removed while the folder was being audited (it was there when"
                    + " the folder was listed). Make sure nothing changes the package folder during the audit, and run again.");
        }
        return new PackagerException("Could not read " + file + ": " + SmallFile.why(e) + ". Check the file's permissions.");
    }

    @Override
    public void close() {
        // Nothing is held open between reads.
    }
}
