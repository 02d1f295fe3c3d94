package dev.hippack.core.demo;

import dev.hippack.core.FileTrees;
import dev.hippack.core.catalog.CatalogLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sample machine as the tests use it: written once per test JVM by the real
 * {@link SampleEnvironmentWriter} (its 3,600 files of 3 GB, sparse, took 2-6 s per test), and
 * given to each test as its own copy: the few small files outside the kernel libraries (host.json,
 * profiles, CMake caches, the checkout's sources) copied, every other one (kernel files, DLLs,
 * executables) hard-linked.
 * <p>
 * A test may delete, add or replace any file of its copy: the engine writes binaries by
 * replacing them ({@code AtomicFile}), and a test that changes a big file deletes it and
 * writes a new one (as {@code PackageDiffTest} does). Writing into a hard-linked file in place
 * would change every later copy; each copy first checks that no hard-linked file of the
 * original changed its size or time, and fails naming the file if one did.
 */
public final class SharedSample {

    /** Files up to this size outside the kernel libraries are copied; the others are hard links to the one written copy. */
    static final long COPY_UP_TO = 64 * 1024;

    private static SharedSample instance;

    private final Path original;
    /** The hard-linked files of {@link #original}, with the size and time each had when written. */
    private final Map<Path, Stamp> linked = new LinkedHashMap<>();
    private Path lastCopy;

    private record Stamp(long size, FileTime modified) { }

    /** A shared copy of the sample already written at {@code original} (tests of this class use a small tree). */
    static SharedSample of(Path original) throws IOException {
        return new SharedSample(original);
    }

    private SharedSample(Path original) throws IOException {
        this.original = original;
        Files.walkFileTree(original, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                boolean kernels = false;
                for (Path name : original.relativize(file)) {
                    kernels |= name.toString().equals("library");
                }
                if (attrs.isRegularFile() && (kernels || attrs.size() > COPY_UP_TO)) {
                    linked.put(file, new Stamp(attrs.size(), attrs.lastModifiedTime()));
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Makes {@code dir} (which must not exist, or be an empty folder) a copy of the sample machine,
     * as {@code new SampleEnvironmentWriter(catalog).write(dir)} would write it, and describes it.
     */
    public static SampleEnvironment copyTo(Path dir) throws IOException {
        return get().copy(dir);
    }

    /** The one written sample of this JVM, written on first use and removed when the JVM ends. */
    static synchronized SharedSample get() throws IOException {
        if (instance == null) {
            Path root = Files.createTempDirectory("hippack-shared-sample");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    FileTrees.delete(root);
                } catch (IOException ignored) {
                    // the system's temporary folder is cleared anyway
                }
            }, "hippack-shared-sample-cleanup"));
            try {
                new SampleEnvironmentWriter(CatalogLoader.embedded()).write(root.resolve("machine"));
            } catch (dev.hippack.core.PackagerException e) {
                throw new IOException(e.getMessage(), e);
            }
            instance = new SharedSample(root.resolve("machine"));
        }
        return instance;
    }

    synchronized SampleEnvironment copy(Path dir) throws IOException {
        checkUnchanged();
        Path target = dir.toAbsolutePath().normalize();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            try (var entries = Files.list(target)) {
                if (entries.findAny().isPresent()) {
                    throw new IOException(target + " already exists and is not empty: the sample copy goes into a new or empty folder");
                }
            }
        }
        Files.createDirectories(target);
        Files.walkFileTree(original, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(target.resolve(original.relativize(d).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path to = target.resolve(original.relativize(file).toString());
                if (linked.containsKey(file)) {
                    Files.createLink(to, file);
                } else {
                    Files.copy(file, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                // The folders' times as written: what a test reads of them is the writer's, not the copy's.
                Files.setLastModifiedTime(target.resolve(original.relativize(d).toString()), Files.getLastModifiedTime(d));
                return FileVisitResult.CONTINUE;
            }
        });
        lastCopy = target;
        return new SampleEnvironment(target);
    }

    /** The folder of the one written sample. */
    Path original() {
        return original;
    }

    /** Fails naming the hard-linked files of the original that a test wrote into instead of replacing. */
    private void checkUnchanged() throws IOException {
        List<String> changed = new ArrayList<>();
        for (Map.Entry<Path, Stamp> e : linked.entrySet()) {
            Stamp now;
            try {
                BasicFileAttributes a = Files.readAttributes(e.getKey(), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                now = new Stamp(a.size(), a.lastModifiedTime());
            } catch (IOException gone) {
                now = null;
            }
            if (!e.getValue().equals(now)) {
                changed.add(original.relativize(e.getKey()).toString());
            }
        }
        if (!changed.isEmpty()) {
            throw new IllegalStateException("The shared sample machine changed through a hard link of the copy in " + lastCopy
                    + ": " + changed + ". A test must replace a file of its sample copy (delete it, then write a new one),"
                    + " never write into it in place.");
        }
    }

    /** Unchecked form for lambdas and field initialisers. */
    public static SampleEnvironment copyToUnchecked(Path dir) {
        try {
            return copyTo(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
