package dev.hippack.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.hippack.core.diff.PackageDiff;
import dev.hippack.core.finding.Finding;
import java.util.List;

/**
 * The {@code --json} form of a {@link PackageDiff} (docs/cli.md documents it): absent versions
 * are null, absent sizes -1.
 */
record DiffJson(
        @JsonProperty("old") Side oldPackage,
        @JsonProperty("new") Side newPackage,
        boolean unchanged,
        List<String> targetsGained,
        List<String> targetsLost,
        List<File> added,
        List<File> removed,
        List<File> changed,
        List<Size> components,
        List<Arch> architectures,
        List<Dll> rocmDlls,
        List<Finding> findings) {

    record Side(String source, String name, String version, Integer rocmGeneration, int files, long bytes, List<String> targets) { }

    record File(String path, long oldBytes, long newBytes, String arch) { }

    record Size(String id, long oldBytes, long newBytes, long deltaBytes) { }

    record Arch(String arch, String library, long oldBytes, long newBytes, long deltaBytes) { }

    record Dll(String name, String oldVersion, String newVersion, long oldBytes, long newBytes) { }

    static DiffJson of(PackageDiff d) {
        return new DiffJson(side(d.oldPackage()), side(d.newPackage()), d.unchanged(), d.targetsGained(), d.targetsLost(),
                files(d.added()), files(d.removed()), files(d.changed()),
                d.components().stream().map(c -> new Size(c.id().id(), c.oldBytes(), c.newBytes(), c.deltaBytes())).toList(),
                d.architectures().stream().map(a -> new Arch(a.arch(), a.library(), a.oldBytes(), a.newBytes(), a.deltaBytes())).toList(),
                d.rocmDlls().stream().map(c -> new Dll(c.name(), c.oldVersion().orElse(null), c.newVersion().orElse(null),
                        c.oldBytes(), c.newBytes())).toList(),
                d.findings());
    }

    private static Side side(PackageDiff.Side s) {
        return new Side(s.source(), s.name(), s.version().orElse(null), s.generation() == 0 ? null : s.generation(), s.files(),
                s.bytes(), s.targets());
    }

    private static List<File> files(List<PackageDiff.FileChange> files) {
        return files.stream().map(f -> new File(f.path(), f.oldBytes(), f.newBytes(), f.arch().orElse(null))).toList();
    }
}
