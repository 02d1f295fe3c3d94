package dev.hippack.core.archive;

import dev.hippack.core.PackagerException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * Lists a folder as zip entries below one top-level folder, sorted by entry name, so the order
 * of a zip never depends on the order the file system returns.
 */
public final class SourceTree {

    /** The entries for {@code dir}: the root folder itself, then everything below it, sorted. */
    public List<TreeEntry> list(Path dir, String rootFolder) throws PackagerException {
        checkRootFolder(rootFolder);
        if (!Files.isDirectory(dir)) {
            throw new PackagerException("The folder to zip does not exist or is not a folder: " + dir);
        }
        List<TreeEntry> entries = new ArrayList<>();
        entries.add(new TreeEntry(rootFolder + "/", dir, true, 0));
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                if (p.equals(dir)) {
                    continue;
                }
                String rel = dir.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
                if (Files.isDirectory(p)) {
                    entries.add(new TreeEntry(rootFolder + "/" + rel + "/", p, true, 0));
                } else if (Files.isRegularFile(p)) {
                    entries.add(new TreeEntry(rootFolder + "/" + rel, p, false, Files.size(p)));
                } else {
                    throw new PackagerException("Cannot zip " + p + ": it is neither a file nor a folder "
                            + "(a broken link or a device). Remove it from " + dir + " and run again.");
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new PackagerException("Could not list " + dir + ": " + message(e)
                    + ". Check that the folder is readable.", e);
        }
        entries.sort(Comparator.comparing(TreeEntry::name));
        return entries;
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
            try (InputStream in = Files.newInputStream(e.path())) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    crc.update(buffer, 0, n);
                    size += n;
                }
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
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
