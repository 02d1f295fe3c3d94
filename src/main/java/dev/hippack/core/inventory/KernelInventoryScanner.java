package dev.hippack.core.inventory;

import dev.hippack.core.catalog.KernelLibrary;
import dev.hippack.core.host.Host;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scans an SDK's two kernel libraries and classifies every file with {@link KernelFileClassifier}.
 * One directory walk per library, sizes taken from the walk's own attributes, so a library of
 * thousands of files takes milliseconds. Symbolic links are not followed into folders (a loop
 * cannot trap the scan); what cannot be read is reported as a problem naming the path.
 */
public final class KernelInventoryScanner {

    private final KernelFileClassifier classifier;

    public KernelInventoryScanner(KernelFileClassifier classifier) {
        this.classifier = classifier;
    }

    /**
     * Scans {@code <sdk>\bin\rocblas\library}, {@code <sdk>\bin\hipblaslt\library} and, where the
     * installation splits its code into archives (TheRock), {@code <sdk>\.kpack}.
     */
    public KernelInventory scanSdk(Host host, String sdkHostPath) {
        List<LibraryInventory> libs = new ArrayList<>();
        for (KernelLibrary lib : KernelLibrary.values()) {
            String hostPath = host.join(sdkHostPath, "bin", lib.folder(), "library");
            libs.add(scanLibrary(lib, host.resolve(hostPath), hostPath));
        }
        String kpack = host.join(sdkHostPath, KpackLayout.FOLDER);
        return new KernelInventory(sdkHostPath, libs, scanKpack(host.resolve(kpack), kpack));
    }

    /**
     * Lists the {@code *.kpack} archives of one folder (not below it: the loader's path names the
     * folder itself); a missing folder is {@link KpackInventory#NONE}, as the classic HIP SDK has none.
     */
    public KpackInventory scanKpack(Path folder, String displayPath) {
        if (!Files.isDirectory(folder)) {
            return Files.exists(folder) ? new KpackInventory(displayPath, List.of(), List.of(displayPath + " is not a folder"))
                    : KpackInventory.NONE;
        }
        List<KpackArchive> archives = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(folder)) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (!KpackLayout.isArchive(name) || !Files.isRegularFile(p)) {
                    continue;
                }
                try {
                    archives.add(archive(name, Files.size(p)));
                } catch (IOException e) {
                    problems.add("Cannot read " + displayPath + (displayPath.contains("\\") ? "\\" : "/") + name + ": " + reason(e));
                }
            }
        } catch (IOException e) {
            problems.add("Cannot list " + displayPath + ": " + reason(e));
        }
        archives.sort(Comparator.comparing(KpackArchive::name));
        return new KpackInventory(displayPath, archives, problems);
    }

    /** An archive named {@code <prefix>_<gfx>.kpack}: the architecture by the same token rule as the kernel files. */
    KpackArchive archive(String name, long bytes) {
        KernelFile k = classifier.classify(name);
        String stem = name.substring(0, name.length() - KpackLayout.EXTENSION.length());
        String prefix = k.rawToken().map(t -> stem.substring(0, Math.max(0, stem.lastIndexOf(t))).replaceAll("_+$", ""))
                .orElse(stem);
        return new KpackArchive(name, prefix, k.arch(), bytes);
    }

    /** Scans one library folder; {@code displayPath} is how messages name it. */
    public LibraryInventory scanLibrary(KernelLibrary library, Path folder, String displayPath) {
        if (!Files.isDirectory(folder)) {
            String problem = Files.exists(folder) ? displayPath + " is not a folder"
                    : Files.isSymbolicLink(folder) ? displayPath + " is a link to " + linkTarget(folder) + ", which cannot be followed"
                    : displayPath + " does not exist";
            return new LibraryInventory(library, displayPath, false, List.of(), 0, 0, List.of(problem));
        }
        // bytes, files, lazy index, code; gfx906 before gfx1030 before gfx1100
        Map<String, long[]> perArch = new TreeMap<>(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
        long[] archless = new long[2];
        List<String> problems = new ArrayList<>();
        boolean[] listed = {true};
        try {
            Files.walkFileTree(folder, new FileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    long size = attrs.size();
                    if (attrs.isSymbolicLink()) {
                        try {
                            BasicFileAttributes target = Files.readAttributes(file, BasicFileAttributes.class);
                            if (target.isDirectory()) {
                                problems.add(display(file) + " is a link to a folder; it was not followed");
                                return FileVisitResult.CONTINUE;
                            }
                            size = target.size();
                        } catch (IOException e) {
                            problems.add(display(file) + " is a broken or looping link (" + reason(e) + ")");
                            return FileVisitResult.CONTINUE;
                        }
                    } else if (!attrs.isRegularFile()) {
                        return FileVisitResult.CONTINUE;
                    }
                    KernelFile k = classifier.classify(folder.relativize(file).toString().replace('\\', '/'));
                    if (k.arch().isEmpty()) {
                        archless[0] += size;
                        archless[1]++;
                    } else {
                        long[] a = perArch.computeIfAbsent(k.arch().get(), x -> new long[4]);
                        a[0] += size;
                        a[1]++;
                        if (k.lazyIndex()) {
                            a[2] = 1;
                        }
                        if (k.kernelCode()) {
                            a[3] = 1;
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    if (file.equals(folder)) {
                        listed[0] = false;
                    }
                    String what = e instanceof FileSystemLoopException ? "a symbolic link loop" : reason(e);
                    problems.add("Cannot read " + display(file) + ": " + what);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    if (e != null) {
                        if (dir.equals(folder)) {
                            listed[0] = false;
                        }
                        problems.add("Cannot list " + display(dir) + ": " + reason(e));
                    }
                    return FileVisitResult.CONTINUE;
                }

                private String display(Path p) {
                    String rel = folder.relativize(p).toString();
                    return rel.isEmpty() ? displayPath : displayPath + (displayPath.contains("\\") ? "\\" : "/")
                            + (displayPath.contains("\\") ? rel.replace('/', '\\') : rel);
                }
            });
        } catch (IOException e) {
            problems.add("Cannot scan " + displayPath + ": " + reason(e));
            listed[0] = false;
        }
        List<ArchKernels> archs = new ArrayList<>(perArch.size());
        perArch.forEach((arch, a) -> archs.add(new ArchKernels(arch, a[0], (int) a[1], a[2] == 1, a[2] == 1 && a[3] == 1)));
        return new LibraryInventory(library, displayPath, listed[0], archs, archless[0], (int) archless[1], problems);
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "a place that cannot be read";
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            m = fse.getReason();
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
