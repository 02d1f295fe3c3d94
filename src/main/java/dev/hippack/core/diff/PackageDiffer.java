package dev.hippack.core.diff;

import dev.hippack.core.PackagePart;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.sbom.SbomReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/** Compares two {@link PackageSnapshot}s. Paths compare ignoring case, as Windows names files. */
public final class PackageDiffer {

    public PackageDiff diff(PackageSnapshot older, PackageSnapshot newer) {
        Map<String, PackageSnapshot.File> before = byPath(older);
        Map<String, PackageSnapshot.File> after = byPath(newer);
        List<PackageDiff.FileChange> added = new ArrayList<>();
        List<PackageDiff.FileChange> removed = new ArrayList<>();
        List<PackageDiff.FileChange> changed = new ArrayList<>();
        for (Map.Entry<String, PackageSnapshot.File> e : after.entrySet()) {
            PackageSnapshot.File n = e.getValue();
            PackageSnapshot.File o = before.get(e.getKey());
            if (o == null) {
                added.add(new PackageDiff.FileChange(n.path(), -1, n.bytes(), n.arch()));
            } else if (o.bytes() != n.bytes() || o.crc32() != n.crc32()) {
                changed.add(new PackageDiff.FileChange(n.path(), o.bytes(), n.bytes(), n.arch()));
            }
        }
        for (Map.Entry<String, PackageSnapshot.File> e : before.entrySet()) {
            if (!after.containsKey(e.getKey())) {
                PackageSnapshot.File o = e.getValue();
                removed.add(new PackageDiff.FileChange(o.path(), o.bytes(), -1, o.arch()));
            }
        }

        List<PackageDiff.SizeChange> components = new ArrayList<>();
        Map<PackagePart, Long> oldParts = older.componentBytes();
        Map<PackagePart, Long> newParts = newer.componentBytes();
        for (PackagePart id : PackagePart.values()) {
            long o = oldParts.get(id);
            long n = newParts.get(id);
            if (o != n) {
                components.add(new PackageDiff.SizeChange(id, o, n));
            }
        }

        TreeSet<String> archs = new TreeSet<>(older.kernelArchitectures());
        archs.addAll(newer.kernelArchitectures());
        List<PackageDiff.ArchChange> architectures = new ArrayList<>();
        for (String arch : archs) {
            for (PackagePart component : List.of(PackagePart.ROCBLAS_KERNELS, PackagePart.HIPBLASLT_KERNELS)) {
                long o = older.archBytes(component, arch);
                long n = newer.archBytes(component, arch);
                if (o != n) {
                    architectures.add(new PackageDiff.ArchChange(arch, component.id().substring(0, component.id().indexOf('-')), o, n));
                }
            }
        }

        Map<String, PackageSnapshot.File> oldDlls = dlls(older);
        Map<String, PackageSnapshot.File> newDlls = dlls(newer);
        TreeSet<String> dllNames = new TreeSet<>(oldDlls.keySet());
        dllNames.addAll(newDlls.keySet());
        List<PackageDiff.DllChange> rocm = new ArrayList<>();
        for (String key : dllNames) {
            PackageSnapshot.File o = oldDlls.get(key);
            PackageSnapshot.File n = newDlls.get(key);
            Optional<String> ov = o == null ? Optional.empty() : version(older, o);
            Optional<String> nv = n == null ? Optional.empty() : version(newer, n);
            long ob = o == null ? -1 : o.bytes();
            long nb = n == null ? -1 : n.bytes();
            if (o == null || n == null || ob != nb || !Objects.equals(ov, nv)) {
                rocm.add(new PackageDiff.DllChange(n != null ? n.path() : o.path(), ov, nv, ob, nb));
            }
        }

        List<String> gained = newer.targets().stream().filter(t -> !older.targets().contains(t)).toList();
        List<String> lost = older.targets().stream().filter(t -> !newer.targets().contains(t)).toList();
        List<Finding> findings = new ArrayList<>(older.problems());
        findings.addAll(newer.problems());
        boolean sboms = older.sbom().isPresent() && newer.sbom().isPresent();
        List<PackageDiff.PartChange> parts = sboms ? parts(older.sbom().get(), newer.sbom().get()) : List.of();
        return new PackageDiff(side(older), side(newer), gained, lost, added, removed, changed, components, architectures,
                rocm, findings, parts, sboms);
    }

    /** The components (not the files) of two SBOMs, matched by bom-ref, in the new SBOM's order then the removed ones. */
    private static List<PackageDiff.PartChange> parts(SbomReader.Sbom older, SbomReader.Sbom newer) {
        List<PackageDiff.PartChange> out = new ArrayList<>();
        for (SbomReader.Part n : newer.parts()) {
            Optional<SbomReader.Part> o = older.part(n.ref());
            if (o.isEmpty()) {
                out.add(new PackageDiff.PartChange(n.label(), Optional.empty(), n.version(), false, true, false,
                        OptionalLong.empty(), n.fileCount()));
            } else if (!o.get().version().equals(n.version())) {
                out.add(new PackageDiff.PartChange(n.label(), o.get().version(), n.version(), true, true, false,
                        o.get().fileCount(), n.fileCount()));
            } else if (!o.get().sha256().equals(n.sha256()) || !o.get().commit().equals(n.commit())
                    || !o.get().fileCount().equals(n.fileCount())) {
                out.add(new PackageDiff.PartChange(n.label(), o.get().version(), n.version(), true, true, true,
                        o.get().fileCount(), n.fileCount()));
            }
        }
        for (SbomReader.Part o : older.parts()) {
            if (newer.part(o.ref()).isEmpty()) {
                out.add(new PackageDiff.PartChange(o.label(), o.version(), Optional.empty(), true, false, false,
                        o.fileCount(), OptionalLong.empty()));
            }
        }
        return out;
    }

    private static PackageDiff.Side side(PackageSnapshot s) {
        return new PackageDiff.Side(s.source(), s.name(), s.version(), s.generation().orElse(0), s.files().size(),
                s.totalBytes(), s.targets());
    }

    private static Map<String, PackageSnapshot.File> byPath(PackageSnapshot s) {
        Map<String, PackageSnapshot.File> m = new LinkedHashMap<>();
        s.files().forEach(f -> m.putIfAbsent(f.path().toLowerCase(Locale.ROOT), f));
        return m;
    }

    private static Map<String, PackageSnapshot.File> dlls(PackageSnapshot s) {
        Map<String, PackageSnapshot.File> m = new LinkedHashMap<>();
        s.rocmDlls().forEach(f -> m.putIfAbsent(f.path().toLowerCase(Locale.ROOT), f));
        return m;
    }

    private static Optional<String> version(PackageSnapshot s, PackageSnapshot.File f) {
        return s.dllVersions().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(f.path()))
                .map(Map.Entry::getValue).findFirst();
    }
}
