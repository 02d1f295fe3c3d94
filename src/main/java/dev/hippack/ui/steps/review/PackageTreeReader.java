package dev.hippack.ui.steps.review;

import dev.hippack.core.inventory.KernelFile;
import dev.hippack.core.inventory.KernelFileClassifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Reads a staged package folder into {@link PackageNode}s (on a worker thread): folders first,
 * then files by name, each kernel file with the architecture the engine's classifier gives it.
 */
public final class PackageTreeReader {

    private final KernelFileClassifier classifier;

    public PackageTreeReader(KernelFileClassifier classifier) {
        this.classifier = classifier;
    }

    public PackageNode read(Path packageDir) throws IOException {
        return node(packageDir, packageDir);
    }

    private PackageNode node(Path root, Path p) throws IOException {
        String rel = root.relativize(p).toString().replace('\\', '/');
        String name = p.getFileName().toString();
        if (Files.isDirectory(p)) {
            List<PackageNode> children = new ArrayList<>();
            try (Stream<Path> s = Files.list(p)) {
                for (Path c : s.sorted(Comparator.comparing((Path x) -> !Files.isDirectory(x)).thenComparing(x -> x.getFileName().toString())).toList()) {
                    children.add(node(root, c));
                }
            }
            long total = children.stream().mapToLong(PackageNode::bytes).sum();
            return new PackageNode(name, rel, total, PackageNode.Kind.FOLDER, null, children);
        }
        long size = Files.size(p);
        String lower = name.toLowerCase(Locale.ROOT);
        PackageNode.Kind kind;
        String arch = null;
        if (lower.endsWith(".exe")) {
            kind = PackageNode.Kind.EXECUTABLE;
        } else if (lower.endsWith(".dll")) {
            kind = PackageNode.Kind.DLL;
        } else if (rel.contains("/library/")) {
            kind = PackageNode.Kind.KERNEL;
            KernelFile k = classifier.classify(rel.substring(rel.indexOf("/library/") + "/library/".length()));
            arch = k.arch().orElse(null);
        } else if (lower.endsWith(".md") || lower.endsWith(".txt") || lower.endsWith(".json")) {
            kind = PackageNode.Kind.TEXT;
        } else {
            kind = PackageNode.Kind.OTHER;
        }
        return new PackageNode(name, rel, size, kind, arch, List.of());
    }
}
