package dev.hippack.core.release;

import dev.hippack.core.PackagerException;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PackageSnapshotReader;
import dev.hippack.core.io.SmallFile;
import dev.hippack.core.plan.PackageName;
import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The previous release, to compare the new one with: its zips, each read in place with every entry
 * checked ({@link PackageSnapshotReader}), before anything of the new release is written (so a
 * previous zip in the output folder is read before {@code --force} replaces it).
 */
public final class PreviousRelease {

    /** One zip of the previous release. */
    public record Package(Path zip, PackageSnapshot snapshot) { }

    private final List<Package> packages;

    private PreviousRelease(List<Package> packages) {
        this.packages = List.copyOf(packages);
    }

    /** No previous release given. */
    public static PreviousRelease none() {
        return new PreviousRelease(List.of());
    }

    public List<Package> packages() {
        return packages;
    }

    public boolean given() {
        return !packages.isEmpty();
    }

    /**
     * Reads the zips of {@code inputs}: a folder stands for the zips directly in it, a file must be a
     * zip. A path that does not exist, a folder without zips, a file that is not a readable zip are
     * bad input naming the path.
     */
    public static PreviousRelease read(List<Path> inputs, PackageSnapshotReader reader, OperationListener listener,
                                       CancellationToken token) throws PackagerException, OperationCancelledException {
        List<Path> zips = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                List<Path> found = new ArrayList<>();
                try (DirectoryStream<Path> dir = Files.newDirectoryStream(input, "*.{zip,ZIP,Zip}")) {
                    for (Path p : dir) {
                        if (Files.isRegularFile(p)) {
                            found.add(p);
                        }
                    }
                } catch (IOException e) {
                    throw new PackagerException("--previous " + input + " cannot be read: " + SmallFile.why(e) + ".");
                }
                if (found.isEmpty()) {
                    throw new PackagerException("--previous " + input + " holds no .zip. Give the folder of the previous release"
                            + " (the one with its zips and SHA256SUMS), or the previous zips themselves.");
                }
                found.sort(null);
                for (Path p : found) {
                    if (seen.add(p.toAbsolutePath().normalize())) {
                        zips.add(p);
                    }
                }
            } else if (!Files.exists(input)) {
                throw new PackagerException("--previous " + input + " does not exist. Give the folder of the previous release"
                        + " or its zips.");
            } else if (seen.add(input.toAbsolutePath().normalize())) {
                zips.add(input);
            }
        }
        List<Package> packages = new ArrayList<>();
        for (Path zip : zips) {
            token.throwIfCancelled();
            packages.add(new Package(zip, reader.read(zip, true, listener, token)));
        }
        return new PreviousRelease(packages);
    }

    /**
     * The previous package each package of the new release replaces, by its name: first the same
     * name, then a name its archiveName gives for another version ({@code -{version}}), then the
     * only previous package of the same ROCm generation. A package without one is new.
     *
     * @throws PackagerException when several previous zips could be a package's, naming them
     */
    public Map<String, Package> match(List<ResolvedPackage> current) throws PackagerException {
        Map<String, Package> matched = new LinkedHashMap<>();
        Set<Package> used = new HashSet<>();
        for (ResolvedPackage p : current) {
            for (Package old : packages) {
                if (!used.contains(old) && old.snapshot().name().equalsIgnoreCase(p.name())) {
                    matched.put(p.name(), old);
                    used.add(old);
                    break;
                }
            }
        }
        for (ResolvedPackage p : current) {
            if (matched.containsKey(p.name())) {
                continue;
            }
            List<Package> byTemplate = packages.stream()
                    .filter(old -> !used.contains(old) && PackageName.matches(p.template(), old.snapshot().name())).toList();
            if (byTemplate.size() > 1) {
                throw new PackagerException("--previous: " + byTemplate.size() + " zips could be the previous " + p.name() + ": "
                        + String.join(", ", byTemplate.stream().map(o -> o.zip().toString()).toList())
                        + ". Give the previous release's zips only (one per package).");
            }
            if (byTemplate.size() == 1) {
                matched.put(p.name(), byTemplate.get(0));
                used.add(byTemplate.get(0));
            }
        }
        for (ResolvedPackage p : current) {
            if (matched.containsKey(p.name())) {
                continue;
            }
            int generation = p.plan().generation();
            List<Package> sameGeneration = packages.stream()
                    .filter(old -> !used.contains(old) && old.snapshot().generation().orElse(-1) == generation).toList();
            if (sameGeneration.size() == 1) {
                matched.put(p.name(), sameGeneration.get(0));
                used.add(sameGeneration.get(0));
            }
        }
        return matched;
    }

    /** The previous packages none of {@code matched} replaces, by name. */
    public List<String> unmatched(Map<String, Package> matched) {
        return packages.stream().filter(p -> !matched.containsValue(p)).map(p -> p.snapshot().name())
                .sorted(String.CASE_INSENSITIVE_ORDER).toList();
    }

    /** Whether {@code zip} is one of the previous release's zips. */
    public boolean holds(Path zip) {
        Path z = zip.toAbsolutePath().normalize();
        return packages.stream().anyMatch(p -> p.zip().toAbsolutePath().normalize().toString().toLowerCase(Locale.ROOT)
                .equals(z.toString().toLowerCase(Locale.ROOT)));
    }
}
