package dev.hippack.core.stage;

import dev.hippack.core.ByteSize;
import dev.hippack.core.FileTrees;
import dev.hippack.core.OperationFailedException;
import dev.hippack.core.io.RenameBlockedException;
import dev.hippack.core.io.RetryingRename;
import dev.hippack.core.PackagerException;
import dev.hippack.core.io.FreeSpace;
import dev.hippack.core.sbom.PackageSbom;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Writes a {@link PackageLayout} to disk: into {@code <out>/<package>.partial/}, renamed to
 * {@code <out>/<package>/} once complete, so a folder with the final name is always whole. A
 * previous folder of that name is replaced only after the new one is complete. Files are hard
 * links when the source is on the same volume (instant, no space), copies otherwise; sources are
 * only ever read. The bill of materials ({@link PackageSbom}) is written last, from the staged
 * files. The renames wait out a scanner that holds a file open for a moment
 * ({@link RetryingRename}); the previous package is never lost on the way.
 */
public final class Stager {

    public static final String PARTIAL_SUFFIX = ".partial";
    /** The previous package's name while the new one moves in: {@code <package>.old-<nanos>}. */
    public static final String OLD_INFIX = ".old-";

    /** Removes a folder tree; a test passes one that fails as a held file makes it fail on Windows. */
    @FunctionalInterface
    public interface TreeRemoval {
        void delete(Path dir) throws IOException;
    }

    private final RetryingRename rename;
    private final TreeRemoval removal;
    private final FreeSpace freeSpace;
    private final PackageSbom sbom;

    public Stager() {
        this(RetryingRename.standard(), FileTrees::delete, FreeSpace.SYSTEM);
    }

    public Stager(FreeSpace freeSpace) {
        this(RetryingRename.standard(), FileTrees::delete, freeSpace);
    }

    public Stager(RetryingRename rename, TreeRemoval removal) {
        this(rename, removal, FreeSpace.SYSTEM);
    }

    public Stager(RetryingRename rename, TreeRemoval removal, FreeSpace freeSpace) {
        this(rename, removal, freeSpace, PackageSbom.standard());
    }

    public Stager(RetryingRename rename, TreeRemoval removal, FreeSpace freeSpace, PackageSbom sbom) {
        this.rename = rename;
        this.removal = removal;
        this.freeSpace = freeSpace;
        this.sbom = sbom;
    }

    public StageResult run(StageRequest request, OperationListener listener, CancellationToken token)
            throws PackagerException, OperationCancelledException {
        PackageLayout layout = request.layout();
        Path out = request.outputDir().toAbsolutePath().normalize();
        Path target = out.resolve(layout.packageName());
        Path partial = out.resolve(layout.packageName() + PARTIAL_SUFFIX);
        for (StagedFile f : layout.files()) {
            Path src = f.source().toAbsolutePath().normalize();
            if (src.startsWith(target) || src.startsWith(partial)) {
                throw new PackagerException("The output folder " + target + " holds files the package is made from ("
                        + src + "); replacing it would delete them. Choose another --out folder.");
            }
        }
        refuseNonFolder(target);
        long total = layout.sourceBytes();
        // Counted as copies: whether hard links are possible is only known by trying them.
        long generatedBytes = layout.generated().stream().mapToLong(g -> g.content().getBytes(StandardCharsets.UTF_8).length).sum();
        freeSpace.require(out, total + generatedBytes, "staging " + layout.packageName());
        int linked = 0;
        int copied = 0;
        long done = 0;
        boolean links = true;
        boolean finished = false;
        try {
            Files.createDirectories(out);
            FileTrees.delete(partial);
            Files.createDirectory(partial);
            listener.status("Staging " + layout.files().size() + " files into " + partial.getFileName());
            for (StagedFile f : layout.files()) {
                token.throwIfCancelled();
                Path dest = partial.resolve(f.path());
                Files.createDirectories(dest.getParent());
                if (links && link(f.source(), dest)) {
                    linked++;
                } else {
                    if (links) {
                        links = false;
                        listener.log(LogLine.info("Hard links are not possible from " + f.source().getParent() + " to "
                                + out + " (another volume?); copying instead."));
                    }
                    Files.copy(f.source(), dest);
                    copied++;
                }
                done += f.bytes();
                listener.progress(done, total);
            }
            long bytes = total;
            for (GeneratedFile g : layout.generated()) {
                byte[] content = g.content().getBytes(StandardCharsets.UTF_8);
                Path dest = partial.resolve(g.path());
                Files.createDirectories(dest.getParent());
                Files.write(dest, content);
                bytes += content.length;
            }
            token.throwIfCancelled();
            // Last, from the files as staged: the bill of materials lists and hashes every one.
            listener.status("Writing the bill of materials (" + PackageSbom.FILE_NAME + ")");
            bytes += Files.size(sbom.write(partial, layout.packageName(), layout.sbomFacts()));
            token.throwIfCancelled();
            replace(partial, target, listener);
            finished = true;
            int count = layout.files().size() + layout.generated().size() + 1;
            listener.log(LogLine.info(String.format(Locale.ROOT, "Staged %s: %d files, %s (%d linked, %d copied)",
                    target, count, ByteSize.of(bytes), linked, copied)));
            return new StageResult(target, count, bytes, linked, copied, layout.findings());
        } catch (RenameBlockedException e) {
            throw new OperationFailedException("Could not stage " + target + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new OperationFailedException("Could not stage " + target + ": " + e.getMessage() + ". Check that " + out
                    + " is writable and has space.", e);
        } finally {
            if (!finished) {
                try {
                    FileTrees.delete(partial);
                } catch (IOException ignored) {
                    // a leftover .partial folder never looks finished, and the next run removes it
                }
            }
        }
    }

    private static boolean link(Path source, Path dest) {
        try {
            Files.createLink(dest, source);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * Only an earlier staged folder is ever replaced: a file, a link or anything else at the
     * package's final name is the user's, and staging stops before writing anything.
     */
    private static void refuseNonFolder(Path target) throws PackagerException {
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new PackagerException(target + " already exists and is not a staged package folder ("
                    + (Files.isSymbolicLink(target) ? "a link" : "a file") + "); it was left as it is. Move it away or "
                    + "choose another --out folder, then run again.");
        }
    }

    /**
     * Moves the complete folder into place; an old folder of that name goes only after that. If
     * the new one cannot move in, the old one moves back; if that fails too, it stays whole under
     * its {@code .old-} name and the error says where. Removing the old folder afterwards is
     * tidying: when something holds a file in it, the new package is still staged and a warning
     * says what is left.
     */
    private void replace(Path partial, Path target, OperationListener listener) throws IOException, PackagerException {
        refuseNonFolder(target);
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            rename.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        Path old = target.resolveSibling(target.getFileName() + OLD_INFIX + System.nanoTime());
        rename.move(target, old, StandardCopyOption.ATOMIC_MOVE);
        try {
            rename.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                rename.move(old, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException back) {
                IOException both = new IOException(e.getMessage() + " The previous package could not be moved back either ("
                        + back.getMessage() + "); it is kept, whole, at " + old + ": rename it to " + target.getFileName()
                        + " to use it again.", e);
                both.addSuppressed(back);
                throw both;
            }
            throw e;
        }
        try {
            removal.delete(old);
        } catch (IOException e) {
            listener.log(LogLine.tool(LogLine.Level.WARN, "Staged " + target + "; the previous package could not be removed (" + e.getMessage()
                    + ") and is left at " + old + ". Delete it once nothing holds its files open."));
        }
    }
}
