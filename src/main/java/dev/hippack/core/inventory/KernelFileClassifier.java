package dev.hippack.core.inventory;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides which GPU architecture a rocBLAS or hipBLASLt kernel file belongs to, from its path
 * below {@code library/}. The token must stand between separators, so {@code gfx110} never
 * matches {@code gfx1100} and {@code gfx90} never matches {@code gfx906}:
 * <ul>
 *   <li>{@code TensileLibrary_Type_HH_..._gfx1100.co} and {@code Kernels.so-000-gfx1100.hsaco}: gfx1100</li>
 *   <li>{@code ..._Cijk_Dijk_fallback_gfx1151.hsaco}: gfx1151 (per-arch fallback kernels)</li>
 *   <li>{@code ..._gfx906-xnack-.hsaco}: gfx906, raw token {@code gfx906-xnack-}</li>
 *   <li>{@code gfx1150/anything}: gfx1150 (per-arch subfolders of TheRock-style layouts)</li>
 *   <li>{@code gfx11-generic} style tokens: kept as their own architecture</li>
 *   <li>{@code ..._fallback.dat}, {@code TensileManifest.txt}, {@code hipblasltTransform.hsaco}: arch-less</li>
 *   <li>{@code gfx1250/TensileLibrary_lazy_gfx1250.dat.zlib}: gfx1250, the compressed index of hipBLASLt's
 *       per-architecture folders (rocm-libraries PR #7717)</li>
 *   <li>{@code blas_lib_gfx1151.kpack}: gfx1151, an archive of TheRock's {@code .kpack} folder ({@link KpackInventory})</li>
 * </ul>
 * What each loader reads: rocBLAS {@code tensile_host.cpp} {@code determine_tensile_base_path} (per-architecture
 * folders, then flat files), hipBLASLt {@code MessagePack.cpp} ({@code .dat.zlib}), TheRock's kpack
 * {@code artifact_splitter.py} ({@code .kpack\<prefix>_<gfx>.kpack}); docs/distribution-rules.md §8.2 and §12.
 */
public final class KernelFileClassifier {

    private static final Pattern TOKEN = Pattern.compile(
            "(?<![0-9A-Za-z])(gfx[0-9]+(?:-[0-9]+)?-generic|gfx[0-9]{2,4}[a-z]?)((?::|-)xnack[+-])?(?=[._\\-/]|$)");
    // The index a loader opens for an architecture: rocBLAS tries TensileLibrary_lazy_<arch>.dat, then
    // TensileLibrary_<arch>.dat (tensile_host.cpp); hipBLASLt, given a .dat name, tries .dat.zlib first
    // (MessagePack.cpp fileToMsgObject), the form TheRock's per-architecture folders hold.
    private static final Pattern LAZY_INDEX = Pattern.compile(
            "TensileLibrary_(?:lazy_)?(gfx[0-9]{2,4}[a-z]?)(?:(?::|-)xnack[+-])?\\.dat(?:\\.zlib)?");

    public KernelFile classify(String relativePath) {
        String path = relativePath.replace('\\', '/');
        int slash = path.indexOf('/');
        // A per-arch subfolder decides for everything below it.
        if (slash > 0) {
            Matcher dir = TOKEN.matcher(path.substring(0, slash));
            if (dir.matches()) {
                return new KernelFile(path, Optional.of(dir.group(1)), Optional.of(dir.group()), isLazy(path));
            }
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        Matcher m = TOKEN.matcher(name);
        String arch = null;
        String raw = null;
        // The last token wins: "..._fallback_gfx1100.hsaco" and a family prefix never carry two.
        while (m.find()) {
            arch = m.group(1);
            raw = m.group();
        }
        return new KernelFile(path, Optional.ofNullable(arch), Optional.ofNullable(raw), isLazy(path));
    }

    private static boolean isLazy(String path) {
        return LAZY_INDEX.matcher(path.substring(path.lastIndexOf('/') + 1)).matches();
    }
}
