package dev.hippack.core.release;

import dev.hippack.core.PackagePart;
import dev.hippack.core.audit.PackageSnapshot;
import dev.hippack.core.audit.PathLimits;
import dev.hippack.core.catalog.Catalog;
import dev.hippack.core.catalog.GpuArchitecture;
import dev.hippack.core.diff.DiffText;
import dev.hippack.core.ByteSize;
import dev.hippack.core.finding.Finding;
import dev.hippack.core.stage.Rx7600Advice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code RELEASE-NOTES.md}, written for the people who download the zips (it is also the GitHub
 * Release's text): which zip for which GPU, with the targets' example cards and the gfx1102 (RX
 * 7600) advice; each package's size and zip size, per-architecture kernel sizes and what the
 * tracks differ by, as numbers; what a user needs; what changed since the previous release; and,
 * for an incomplete release, which package failed and why. Every figure comes from the zips as
 * written (their snapshots), not from estimates.
 */
public final class ReleaseNotes {

    public static final String FILE_NAME = "RELEASE-NOTES.md";

    private final Catalog catalog;
    private final DiffText diffText = new DiffText();

    public ReleaseNotes(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The notes.
     *
     * @param outcomes      every package of the release, in order
     * @param snapshots     the zip of each zipped package, read, by package name
     * @param comparisons   each zipped package against the previous one it replaces
     * @param previousGiven a previous release was given (so a package without comparison is new)
     * @param notReleased   previous packages this release does not replace
     */
    public String write(List<PackageOutcome> outcomes, Map<String, PackageSnapshot> snapshots,
                        List<ReleaseResult.Comparison> comparisons, boolean previousGiven, List<String> notReleased) {
        List<Zipped> zipped = new ArrayList<>();
        for (PackageOutcome o : outcomes) {
            if (o.zipped() && snapshots.containsKey(o.pkg().name())) {
                zipped.add(new Zipped(o, snapshots.get(o.pkg().name())));
            }
        }
        List<PackageOutcome> failed = outcomes.stream().filter(o -> !o.zipped()).toList();
        boolean tracksUnique = outcomes.stream().map(o -> o.pkg().plan().track()).distinct().count() == outcomes.size();

        StringBuilder md = new StringBuilder();
        md.append("# ").append(title(outcomes)).append("\n\n");
        if (!failed.isEmpty()) {
            md.append("> **This release is incomplete.** ");
            for (PackageOutcome f : failed) {
                md.append("`").append(f.pkg().name()).append("` was not made: ").append(oneLine(f.reason())).append(' ');
            }
            md.append(zipped.isEmpty() ? "No package of it can be downloaded." : "The packages below are complete and checked.")
                    .append("\n\n");
        }
        if (zipped.isEmpty()) {
            failedSection(md, failed);
            return md.toString();
        }
        md.append(zipped.size() == 1 ? "One package" : zipped.size() == 2 ? "Two packages" : zipped.size() + " packages")
                .append(" of audio.cpp built with HIP (ROCm) for AMD Radeon GPUs on Windows. Each zip is self-contained: the")
                .append(" command line and the server, the ROCm runtime and math libraries they were built against, their GPU")
                .append(" kernel files and the Microsoft C++ runtime. Unzip it anywhere and run it from that folder.\n\n");

        whichZip(md, zipped, tracksUnique);
        sizes(md, zipped, tracksUnique);
        requirements(md, zipped);
        whereToExtract(md, zipped);
        dllVersions(md, zipped, tracksUnique);
        if (previousGiven) {
            changes(md, zipped, comparisons, notReleased);
        }
        md.append("## Checking the download\n\n")
                .append("- **Checksums.** `SHA256SUMS` lists the SHA-256 of every zip of this release. With the zips beside it, run\n")
                .append("  `sha256sum -c SHA256SUMS` (Linux, macOS, Git Bash), or in PowerShell compare\n")
                .append("  `(Get-FileHash <zip> -Algorithm SHA256).Hash` with its line.\n")
                .append("- **Provenance.** A release cut by its GitHub Actions workflow attests every zip, `SHA256SUMS` and every\n")
                .append("  bill of materials with GitHub's build provenance: `gh attestation verify <zip> --repo <owner>/<repository>`\n")
                .append("  (the repository this release is published in) checks that the file was built by that repository's\n")
                .append("  workflow, from which commit, and that it is unchanged since.\n")
                .append("- **Signatures.** In Explorer, a file's Properties, Digital Signatures tab shows who signed it (or\n")
                .append("  `Get-AuthenticodeSignature <file>` in PowerShell): AMD's DLLs and Microsoft's C++ runtime carry their\n")
                .append("  makers' signatures; `audiocpp_cli.exe` and `audiocpp_server.exe` carry one when this release was signed.\n")
                .append("- **Bill of materials.** Each package's `sbom.cdx.json`, also published beside its zip as\n")
                .append("  `<package>.sbom.cdx.json` (CycloneDX 1.6), lists its components (audio.cpp, ggml, each ROCm DLL and kernel\n")
                .append("  library, the C++ runtime) with version, license and SHA-256, and every file with its SHA-256.\n\n");
        md.append("## Licenses\n\n")
                .append("audio.cpp is MIT-licensed; each package has its `LICENSE`. `THIRD-PARTY-NOTICES.txt` in each package")
                .append(" names every other component in it (ggml, AMD's ROCm libraries, runtime and kernel files, the Microsoft")
                .append(" C++ runtime), where it came from and its terms. The ROCm DLLs are AMD's HIP SDK binaries under the")
                .append(" AMD EULA.\n");
        if (!failed.isEmpty()) {
            md.append('\n');
            failedSection(md, failed);
        }
        return md.toString();
    }

    private record Zipped(PackageOutcome outcome, PackageSnapshot snapshot) {
        String name() {
            return outcome.pkg().name();
        }

        String zipName() {
            return outcome.pkg().zipName();
        }

        int generation() {
            return outcome.pkg().plan().generation();
        }
    }

    private static String title(List<PackageOutcome> outcomes) {
        Set<String> versions = new LinkedHashSet<>();
        outcomes.forEach(o -> versions.add(o.pkg().version().orElse("(version unknown)")));
        return "audio.cpp " + String.join(", ", versions) + " for Windows with AMD GPUs (HIP / ROCm)";
    }

    private static String label(Zipped z, boolean tracksUnique) {
        return tracksUnique ? z.outcome().pkg().plan().track() : z.name();
    }

    private void whichZip(StringBuilder md, List<Zipped> zipped, boolean tracksUnique) {
        md.append("## Which zip for which GPU\n\n");
        md.append("| GPU target | Type | Example cards |");
        zipped.forEach(z -> md.append(" `").append(z.zipName()).append("` (ROCm ").append(z.outcome().pkg().plan().rocmVersion())
                .append(") |"));
        md.append("\n|---|---|---|");
        zipped.forEach(z -> md.append("---|"));
        md.append('\n');
        for (String target : targets(zipped)) {
            Optional<GpuArchitecture> a = catalog.architecture(target);
            md.append("| ").append(target).append(" | ")
                    .append(a.map(x -> x.family() + (x.integrated() ? " integrated" : " discrete")).orElse("")).append(" | ")
                    .append(a.map(GpuArchitecture::exampleHardware).orElse("")).append(" |");
            zipped.forEach(z -> md.append(z.snapshot().targets().contains(target) ? " yes |" : " no |"));
            md.append('\n');
        }
        md.append('\n');

        Rx7600Advice.forRelease(zipped.stream().map(z -> new Rx7600Advice.Offer(z.zipName(), z.outcome().pkg().plan().rocmVersion(),
                z.generation(), z.snapshot().targets().contains(Rx7600Advice.ARCH))).toList())
                .ifPresent(p -> md.append(p).append("\n\n"));
        List<Zipped> six = zipped.stream().filter(z -> z.generation() == 6).toList();
        List<Zipped> seven = zipped.stream().filter(z -> z.generation() == 7).toList();
        if (!six.isEmpty() && !seven.isEmpty()) {
            Zipped a = six.get(0);
            Zipped b = seven.get(0);
            long smaller = a.snapshot().totalBytes() - b.snapshot().totalBytes();
            md.append("If both packages list your GPU, either works. `").append(a.zipName()).append("` (ROCm 6.4) is the")
                    .append(" longer-tested choice; `").append(b.zipName()).append("` (ROCm 7.1) is ")
                    .append(smaller >= 0 ? ByteSize.of(smaller) + " smaller unpacked" : ByteSize.of(-smaller) + " larger unpacked")
                    .append(" and comes from AMD's current ROCm line, with newer kernels for RDNA4 (gfx1200, gfx1201).\n\n");
        }
        md.append("A GPU that is not listed (for example RDNA2, gfx1030) is not served by these packages: ROCm 6.4 and 7.1")
                .append(" ship no hipBLASLt kernels for it. Every package also runs on the CPU with `--backend cpu`.\n\n");
    }

    /** Every target of the zipped packages, in the catalog's order (unknown ones after, sorted). */
    private List<String> targets(List<Zipped> zipped) {
        Set<String> all = new LinkedHashSet<>();
        zipped.forEach(z -> all.addAll(z.snapshot().targets()));
        List<String> out = new ArrayList<>();
        for (GpuArchitecture a : catalog.architectures()) {
            if (all.remove(a.id())) {
                out.add(a.id());
            }
        }
        out.addAll(new TreeSet<>(all));
        return out;
    }

    private void sizes(StringBuilder md, List<Zipped> zipped, boolean tracksUnique) {
        md.append("## Downloads and sizes\n\n");
        md.append("| Package | ROCm | Targets | Unpacked | Zip | SHA-256 |\n|---|---|---|---|---|---|\n");
        for (Zipped z : zipped) {
            var zip = z.outcome().zip().orElseThrow();
            md.append("| `").append(z.zipName()).append("` | ").append(z.outcome().pkg().plan().rocmVersion()).append(" | ")
                    .append(z.snapshot().targets().size()).append(" | ").append(ByteSize.of(z.snapshot().totalBytes())).append(" | ")
                    .append(ByteSize.of(zip.zipBytes())).append(" | `").append(zip.sha256()).append("` |\n");
        }
        md.append('\n');

        md.append("GPU kernel files per architecture (each architecture's own files; the architecture-independent ones are")
                .append(" counted in the library's total below):\n\n");
        md.append("| Architecture |");
        for (Zipped z : zipped) {
            md.append(' ').append(label(z, tracksUnique)).append(" rocBLAS | ").append(label(z, tracksUnique)).append(" hipBLASLt |");
        }
        md.append("\n|---|");
        zipped.forEach(z -> md.append("---|---|"));
        md.append('\n');
        for (String target : targets(zipped)) {
            md.append("| ").append(target).append(" |");
            for (Zipped z : zipped) {
                boolean serves = z.snapshot().targets().contains(target);
                md.append(' ').append(serves ? kernelSize(z.snapshot(), PackagePart.ROCBLAS_KERNELS, target) : "-")
                        .append(" | ").append(serves ? kernelSize(z.snapshot(), PackagePart.HIPBLASLT_KERNELS, target) : "-")
                        .append(" |");
            }
            md.append('\n');
        }
        md.append('\n');

        md.append("What each package is made of:\n\n| Part |");
        zipped.forEach(z -> md.append(' ').append(label(z, tracksUnique)).append(" |"));
        if (zipped.size() == 2) {
            md.append(" Difference |");
        }
        md.append("\n|---|");
        zipped.forEach(z -> md.append("---|"));
        if (zipped.size() == 2) {
            md.append("---|");
        }
        md.append('\n');
        List<Map<PackagePart, Long>> parts = zipped.stream().map(z -> z.snapshot().componentBytes()).toList();
        for (PackagePart id : PackagePart.values()) {
            if (parts.stream().allMatch(p -> p.get(id) == 0)) {
                continue;
            }
            md.append("| ").append(DiffText.label(id)).append(" |");
            parts.forEach(p -> md.append(' ').append(ByteSize.of(p.get(id))).append(" |"));
            if (zipped.size() == 2) {
                md.append(' ').append(ByteSize.delta(parts.get(1).get(id) - parts.get(0).get(id))).append(" |");
            }
            md.append('\n');
        }
        md.append("| **Total** |");
        zipped.forEach(z -> md.append(" **").append(ByteSize.of(z.snapshot().totalBytes())).append("** |"));
        if (zipped.size() == 2) {
            md.append(" **").append(ByteSize.delta(zipped.get(1).snapshot().totalBytes() - zipped.get(0).snapshot().totalBytes()))
                    .append("** |");
        }
        md.append('\n');
        md.append("| Zip |");
        zipped.forEach(z -> md.append(' ').append(ByteSize.of(z.outcome().zip().orElseThrow().zipBytes())).append(" |"));
        if (zipped.size() == 2) {
            md.append(' ').append(ByteSize.delta(zipped.get(1).outcome().zip().orElseThrow().zipBytes()
                    - zipped.get(0).outcome().zip().orElseThrow().zipBytes())).append(" |");
        }
        md.append("\n\n");
        if (zipped.size() >= 2) {
            Zipped first = zipped.get(0);
            for (Zipped other : zipped.subList(1, zipped.size())) {
                long unpacked = other.snapshot().totalBytes() - first.snapshot().totalBytes();
                long zip = other.outcome().zip().orElseThrow().zipBytes() - first.outcome().zip().orElseThrow().zipBytes();
                md.append("The ").append(label(other, tracksUnique)).append(" package is ")
                        .append(ByteSize.of(Math.abs(unpacked))).append(unpacked <= 0 ? " smaller" : " larger").append(" unpacked and ")
                        .append(ByteSize.of(Math.abs(zip))).append(zip <= 0 ? " smaller" : " larger").append(" as a zip than the ")
                        .append(label(first, tracksUnique)).append(" package")
                        .append(tradeOff(first.snapshot(), other.snapshot(), label(first, tracksUnique), label(other, tracksUnique)))
                        .append(".\n\n");
            }
        }
    }

    /** An architecture's kernel bytes in one library; "none" where the library has no kernels for it (gfx1103 in rocBLAS). */
    private static String kernelSize(PackageSnapshot s, PackagePart library, String arch) {
        long bytes = s.archBytes(library, arch);
        return bytes == 0 ? "none" : ByteSize.of(bytes);
    }

    /** Where the difference comes from: the kernel libraries, which the two ROCm versions size very differently. */
    private static String tradeOff(PackageSnapshot a, PackageSnapshot b, String aName, String bName) {
        Map<PackagePart, Long> pa = a.componentBytes();
        Map<PackagePart, Long> pb = b.componentBytes();
        long rocblas = pb.get(PackagePart.ROCBLAS_KERNELS) - pa.get(PackagePart.ROCBLAS_KERNELS);
        long hipblaslt = pb.get(PackagePart.HIPBLASLT_KERNELS) - pa.get(PackagePart.HIPBLASLT_KERNELS);
        if (rocblas == 0 && hipblaslt == 0) {
            return "";
        }
        return ": " + bName + "'s rocBLAS kernels are " + ByteSize.delta(rocblas) + " and its hipBLASLt kernels "
                + ByteSize.delta(hipblaslt) + " against " + aName + "'s";
    }

    private void requirements(StringBuilder md, List<Zipped> zipped) {
        md.append("## Requirements\n\n");
        Map<String, List<String>> windows = new LinkedHashMap<>();
        for (Zipped z : zipped) {
            var plan = z.outcome().pkg().plan();
            windows.computeIfAbsent(catalog.windowsRequirement(plan.track(), plan.rocmVersion()), k -> new ArrayList<>())
                    .add("`" + z.zipName() + "`");
        }
        if (windows.size() == 1) {
            md.append("- ").append(windows.keySet().iterator().next()).append(".\n");
        } else {
            windows.forEach((requirement, zips) -> md.append("- ").append(String.join(", ", zips)).append(": ")
                    .append(requirement).append(".\n"));
        }
        // Each package whose track rests on inferred facts says so, with the catalog's one sentence.
        for (Zipped z : zipped) {
            var plan = z.outcome().pkg().plan();
            catalog.hardwareCaveat(plan.track(), plan.rocmVersion()).ifPresent(c -> md.append("- `").append(z.zipName())
                    .append("`: ").append(c).append('\n'));
        }
        md
                .append("- An AMD Radeon GPU from the table above, with a current AMD graphics driver (Adrenalin Edition).")
                .append(" The HIP runtime is in the package, so the driver only has to support the GPU; if the GPU does not")
                .append(" start, update the driver first.\n")
                .append("- The model files, downloaded separately.\n")
                .append("- Not needed: ROCm or the AMD HIP SDK, Visual Studio or its Build Tools, the CUDA Toolkit.\n\n");
    }

    /** Where to extract: the zip whose longest path leaves the shortest folder decides (docs/distribution-rules.md §10). */
    private static void whereToExtract(StringBuilder md, List<Zipped> zipped) {
        zipped.stream().flatMap(z -> z.snapshot().files().stream().map(PackageSnapshot.File::path)
                        .max(Comparator.comparingInt(String::length))
                        .map(p -> new PathLimits(z.snapshot().name(), p.replace('/', '\\'))).stream())
                .min(Comparator.comparingInt(PathLimits::allowedRoot))
                .ifPresent(limits -> md.append("## Where to extract\n\n").append(limits.advice()).append("\n\n"));
    }

    /**
     * The file version of every shipped ROCm DLL, per zip: what users and maintainers compare
     * with the driver's copies in System32 when no GPU is found (docs/distribution-rules.md §5).
     */
    private static void dllVersions(StringBuilder md, List<Zipped> zipped, boolean tracksUnique) {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        zipped.forEach(z -> z.snapshot().rocmDlls().forEach(f -> names.add(f.path())));
        if (names.isEmpty()) {
            return;
        }
        md.append("## ROCm libraries and their file versions\n\n| DLL |");
        zipped.forEach(z -> md.append(' ').append(label(z, tracksUnique)).append(" |"));
        md.append("\n|---|");
        zipped.forEach(z -> md.append("---|"));
        md.append('\n');
        for (String name : names) {
            md.append("| `").append(name).append("` |");
            for (Zipped z : zipped) {
                boolean shipped = z.snapshot().rocmDlls().stream().anyMatch(f -> f.path().equalsIgnoreCase(name));
                md.append(' ').append(shipped ? versionOf(z.snapshot(), name) : "-").append(" |");
            }
            md.append('\n');
        }
        md.append("\nWhen no GPU is found, compare the HIP runtime's version with the AMD driver's copy in")
                .append(" `C:\\Windows\\System32` (in PowerShell, `(Get-Item <file>).VersionInfo.FileVersion`) and give both")
                .append(" in a bug report: a packaged runtime older than the driver's has been reported to find no GPU.\n\n");
    }

    private static String versionOf(PackageSnapshot s, String dll) {
        return s.dllVersions().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(dll)).map(Map.Entry::getValue)
                .findFirst().orElse("(no version resource)");
    }

    private void changes(StringBuilder md, List<Zipped> zipped, List<ReleaseResult.Comparison> comparisons,
                         List<String> notReleased) {
        md.append("## Changes since the previous release\n\n");
        for (Zipped z : zipped) {
            Optional<ReleaseResult.Comparison> c = comparisons.stream().filter(x -> x.packageName().equals(z.name())).findFirst();
            md.append("### `").append(z.zipName()).append("`\n\n");
            if (c.isEmpty()) {
                md.append("- New in this release: the previous release had no package it replaces.\n\n");
                continue;
            }
            md.append("Against `").append(c.get().previous().name()).append("`:\n\n");
            diffText.lines(c.get().diff()).forEach(l -> md.append(l).append('\n'));
            md.append('\n');
        }
        if (!notReleased.isEmpty()) {
            md.append("No longer released: ").append(String.join(", ", notReleased.stream().map(n -> "`" + n + "`").toList()))
                    .append(" (no package of this release replaces ").append(notReleased.size() == 1 ? "it" : "them").append(").\n\n");
        }
    }

    private static void failedSection(StringBuilder md, List<PackageOutcome> failed) {
        if (failed.isEmpty()) {
            return;
        }
        md.append("## Packages that failed\n\n");
        for (PackageOutcome f : failed) {
            md.append("### `").append(f.pkg().name()).append("`\n\n").append(oneLine(f.reason())).append("\n\n");
            List<Finding> errors = new ArrayList<>(f.findings().stream().filter(Finding::isError).toList());
            f.audit().ifPresent(a -> errors.addAll(a.findings().stream().filter(Finding::isError).toList()));
            for (Finding e : errors) {
                md.append("- `").append(e.id()).append("`: ").append(oneLine(e.message()))
                        .append(e.fix() == null ? "" : " Fix: " + oneLine(e.fix())).append('\n');
            }
            if (!errors.isEmpty()) {
                md.append('\n');
            }
        }
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
