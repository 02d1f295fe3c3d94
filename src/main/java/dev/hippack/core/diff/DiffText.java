package dev.hippack.core.diff;

import dev.hippack.core.PackagePart;
import dev.hippack.core.ByteSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link PackageDiff} as Markdown list items, for people: the release notes' "changes since"
 * section and {@code hip-packager diff}. Kernel files are counted per library and architecture
 * rather than listed one by one (a package has about a thousand); other files are named.
 */
public final class DiffText {

    /** How many files of one kind are named before "and N more". */
    static final int MAX_NAMED = 12;

    /** Markdown list items (each starting with "- "), the first one saying "No change" when nothing changed. */
    public List<String> lines(PackageDiff d) {
        List<String> out = new ArrayList<>();
        if (d.unchanged()) {
            out.add("- No change: the same " + d.newPackage().files() + " files, byte for byte ("
                    + ByteSize.of(d.newPackage().bytes()) + ").");
            return out;
        }
        if (!d.oldPackage().version().equals(d.newPackage().version())) {
            out.add("- audio.cpp version: " + d.oldPackage().version().orElse("unknown") + " -> "
                    + d.newPackage().version().orElse("unknown") + ".");
        }
        if (!d.targetsGained().isEmpty()) {
            out.add("- Targets gained: " + String.join(", ", d.targetsGained()) + ".");
        }
        if (!d.targetsLost().isEmpty()) {
            out.add("- Targets lost: " + String.join(", ", d.targetsLost()) + ".");
        }
        if (d.bothHaveSboms()) {
            out.add(parts(d.parts()));
        }
        out.add("- Files: " + d.added().size() + " added, " + d.removed().size() + " removed, " + d.changed().size()
                + " changed (" + d.oldPackage().files() + " -> " + d.newPackage().files() + " files; "
                + ByteSize.of(d.oldPackage().bytes()) + " -> " + ByteSize.of(d.newPackage().bytes()) + ", "
                + ByteSize.delta(d.newPackage().bytes() - d.oldPackage().bytes()) + ").");
        files(out, "added", d.added(), false);
        files(out, "removed", d.removed(), true);
        files(out, "changed", d.changed(), false);
        if (!d.components().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (PackageDiff.SizeChange c : d.components()) {
                parts.add(label(c.id()) + " " + ByteSize.of(c.oldBytes()) + " -> " + ByteSize.of(c.newBytes()) + " ("
                        + ByteSize.delta(c.deltaBytes()) + ")");
            }
            out.add("- Sizes: " + String.join("; ", parts) + ".");
        }
        if (!d.architectures().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (PackageDiff.ArchChange a : d.architectures()) {
                parts.add(a.arch() + " " + library(a.library()) + " " + ByteSize.of(a.oldBytes()) + " -> " + ByteSize.of(a.newBytes())
                        + " (" + ByteSize.delta(a.deltaBytes()) + ")");
            }
            out.add("- Per architecture: " + String.join("; ", parts) + ".");
        }
        if (d.rocmDlls().isEmpty()) {
            out.add("- ROCm DLLs: no change.");
        } else {
            List<String> parts = new ArrayList<>();
            for (PackageDiff.DllChange c : d.rocmDlls()) {
                if (c.oldBytes() < 0) {
                    parts.add(c.name() + " added (" + ByteSize.of(c.newBytes()) + c.newVersion().map(v -> ", version " + v).orElse("") + ")");
                } else if (c.newBytes() < 0) {
                    parts.add(c.name() + " removed");
                } else {
                    String version = c.oldVersion().equals(c.newVersion()) ? c.newVersion().map(v -> "version " + v).orElse("no version recorded")
                            : "version " + c.oldVersion().orElse("none") + " -> " + c.newVersion().orElse("none");
                    parts.add(c.name() + " " + version + ", " + ByteSize.of(c.oldBytes()) + " -> " + ByteSize.of(c.newBytes()));
                }
            }
            out.add("- ROCm DLLs: " + String.join("; ", parts) + ".");
        }
        return out;
    }

    /** The components of the two bills of materials that changed, by name: what a release changed, by component. */
    private static String parts(List<PackageDiff.PartChange> parts) {
        if (parts.isEmpty()) {
            return "- Components (by the bills of materials): no change.";
        }
        List<String> text = new ArrayList<>();
        for (PackageDiff.PartChange p : parts) {
            if (!p.oldPresent()) {
                text.add(p.label() + " added" + p.newVersion().map(v -> " (" + v + ")").orElse(""));
            } else if (!p.newPresent()) {
                text.add(p.label() + " removed");
            } else if (p.rebuilt() && p.oldFiles().isPresent() && p.newFiles().isPresent() && !p.oldFiles().equals(p.newFiles())) {
                text.add(p.label() + " " + p.newVersion().orElse("(no version)") + ", " + p.oldFiles().getAsLong() + " -> "
                        + p.newFiles().getAsLong() + " files");
            } else if (p.rebuilt()) {
                text.add(p.label() + " " + p.newVersion().orElse("(no version)") + " rebuilt (same version, other content)");
            } else {
                text.add(p.label() + " " + p.oldVersion().orElse("(no version)") + " -> " + p.newVersion().orElse("(no version)"));
            }
        }
        return "- Components (by the bills of materials): " + String.join("; ", text) + ".";
    }

    /** Kernel files by library and architecture ("56 rocBLAS kernel files of gfx1151, 8.6 MiB"), other files by name. */
    private static void files(List<String> out, String what, List<PackageDiff.FileChange> files, boolean old) {
        if (files.isEmpty()) {
            return;
        }
        Map<String, long[]> kernels = new LinkedHashMap<>();
        List<String> named = new ArrayList<>();
        for (PackageDiff.FileChange f : files) {
            String lib = f.path().startsWith("rocblas/library/") ? "rocBLAS" : f.path().startsWith("hipblaslt/library/") ? "hipBLASLt" : null;
            long bytes = old ? f.oldBytes() : f.newBytes();
            if (lib != null && !what.equals("changed")) {
                long[] n = kernels.computeIfAbsent(lib + " kernel files of " + f.arch().orElse("no architecture (arch-less)"),
                        k -> new long[2]);
                n[0]++;
                n[1] += bytes;
            } else {
                named.add(f.path().replace('/', '\\') + (what.equals("changed")
                        ? " (" + ByteSize.of(f.oldBytes()) + " -> " + ByteSize.of(f.newBytes()) + ")" : " (" + ByteSize.of(bytes) + ")"));
            }
        }
        List<String> parts = new ArrayList<>();
        kernels.forEach((k, n) -> parts.add(n[0] + " " + k + " (" + ByteSize.of(n[1]) + ")"));
        for (int i = 0; i < named.size() && i < MAX_NAMED; i++) {
            parts.add(named.get(i));
        }
        if (named.size() > MAX_NAMED) {
            parts.add("and " + (named.size() - MAX_NAMED) + " more");
        }
        out.add("  - " + what + ": " + String.join(", ", parts) + ".");
    }

    /** How notes name a part of a package. */
    public static String label(PackagePart id) {
        return switch (id) {
            case EXECUTABLES -> "executables";
            case HIP_RUNTIME -> "HIP runtime";
            case MATH_DLLS -> "math libraries";
            case CRT -> "MSVC runtime";
            case ROCBLAS_KERNELS -> "rocBLAS kernels";
            case HIPBLASLT_KERNELS -> "hipBLASLt kernels";
            case README -> "README and licenses";
            case OTHER -> "other files";
        };
    }

    private static String library(String library) {
        return library.equals("rocblas") ? "rocBLAS" : "hipBLASLt";
    }
}
