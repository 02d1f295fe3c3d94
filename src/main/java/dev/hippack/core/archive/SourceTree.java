package dev.hippack.core.archive;

import dev.hippack.core.PackagerException;
import dev.hippack.core.ZipNames;
import dev.hippack.core.io.SmallFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Lists a folder as zip entries below one top-level folder, sorted by entry name, so the order
 * of a zip never depends on the order the file system returns.
 */
public final class SourceTree {

    /**
     * The entries for {@code dir}: the root folder itself, then everything below it, sorted.
     * Links and special files are refused, never followed: a link to {@code /etc/passwd} named
     * {@code evil.dll} must not put the password file into a release.
     */
    public List<TreeEntry> list(Path dir, String rootFolder) throws PackagerException {
        checkRootFolder(rootFolder);
        Path root;
        try {
            // The folder the user named may itself be reached through a link; what lies below it may not.
            root = dir.toRealPath();
        } catch (IOException e) {
            throw new PackagerException("The folder to zip does not exist or is not a folder: " + dir);
        }
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new PackagerException("The folder to zip does not exist or is not a folder: " + dir);
        }
        List<TreeEntry> entries = new ArrayList<>();
        entries.add(new TreeEntry(rootFolder + "/", root, true, 0));
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path p, BasicFileAttributes attrs) {
                    if (!p.equals(root)) {
                        entries.add(new TreeEntry(rootFolder + "/" + relative(root, p) + "/", p, true, 0));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path p, BasicFileAttributes attrs) throws IOException {
                    if (attrs.isRegularFile()) {
                        entries.add(new TreeEntry(rootFolder + "/" + relative(root, p), p, false, attrs.size()));
                        return FileVisitResult.CONTINUE;
                    }
                    throw new Refused(p, attrs.isSymbolicLink() ? "a symbolic link" : "a special file (a device, pipe or socket)");
                }

                @Override
                public FileVisitResult visitFileFailed(Path p, IOException e) throws IOException {
                    throw e;
                }
            });
        } catch (Refused r) {
            throw new PackagerException("Cannot zip " + r.path + ": it is " + r.what + ", not a file or a folder. "
                    + "A package must hold the files themselves; replace it with the real file (or remove it) in "
                    + dir + " and run again.");
        } catch (IOException | UncheckedIOException e) {
            throw new PackagerException("Could not list " + dir + ": " + message(e)
                    + ". Check that the folder is readable.", e);
        }
        entries.sort(Comparator.comparing(TreeEntry::name));
        checkNames(entries);
        return entries;
    }

    /**
     * Refuses, before anything is written, a tree whose names the audit would refuse in the zip:
     * a name that extractors place differently (a backslash, a character or device name Windows
     * does not allow), and two names that land on one path on Windows (differing only in case).
     */
    private static void checkNames(List<TreeEntry> entries) throws PackagerException {
        Map<String, TreeEntry> byKey = new HashMap<>();
        for (TreeEntry e : entries) {
            String problem = ZipNames.problem(e.name(), true);
            if (problem != null) {
                throw new PackagerException("Cannot zip " + e.path() + ": its name " + problem
                        + ". Rename it in the folder and run again.");
            }
            TreeEntry other = byKey.putIfAbsent(ZipNames.collisionKey(ZipNames.normalise(e.name())), e);
            if (other != null) {
                throw new PackagerException("Cannot zip " + other.path() + " and " + e.path() + ": their names differ only "
                        + "in case, and Windows (and every extractor there) makes them one file. Rename or remove one and run again.");
            }
        }
    }

    /** A path in the tree that is neither a regular file nor a folder. */
    private static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;
        final transient Path path;
        final String what;

        Refused(Path path, String what) {
            super(path + " is " + what);
            this.path = path;
            this.what = what;
        }
    }

    private static String relative(Path root, Path p) {
        return root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
    }

    /**
     * What a zip of {@code dir} must contain, with each file's CRC read from disk. The audit and
     * tests use it to check a zip against the folder it claims to hold.
     */
    public List<ExpectedEntry> expected(Path dir, String rootFolder) throws PackagerException {
        List<ExpectedEntry> out = new ArrayList<>();
        byte[] buffer = new byte[1 << 16];
        for (TreeEntry e : list(dir, rootFolder)) {
            if (e.directory()) {
                out.add(ExpectedEntry.directory(e.name()));
                continue;
            }
            CRC32 crc = new CRC32();
            long size = 0;
            try (InputStream in = Files.newInputStream(e.path(), LinkOption.NOFOLLOW_LINKS)) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    crc.update(buffer, 0, n);
                    size += n;
                }
            } catch (NoSuchFileException ex) {
                throw ZipArchiver.vanished(e.path());
            } catch (IOException ex) {
                throw new PackagerException("Could not read " + e.path() + ": " + message(ex), ex);
            }
            out.add(ExpectedEntry.file(e.name(), size, crc.getValue()));
        }
        return out;
    }

    static void checkRootFolder(String rootFolder) throws PackagerException {
        if (rootFolder.isBlank() || rootFolder.contains("/") || rootFolder.contains("\\")
                || rootFolder.equals(".") || rootFolder.equals("..") || rootFolder.contains(":")) {
            throw new PackagerException("The top-level folder name '" + rootFolder
                    + "' must be a plain folder name such as audiocpp-windows-hip-rocm6.");
        }
    }

    static String message(Exception e) {
        Throwable t = e instanceof UncheckedIOException u ? u.getCause() : e;
        if (t instanceof FileSystemException f && f.getReason() == null) {
            // A denied or missing file's own message is only its name: say why.
            return f.getMessage() + ": " + SmallFile.why(f);
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
