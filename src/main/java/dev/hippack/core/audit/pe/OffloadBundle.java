package dev.hippack.core.audit.pe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One clang offload bundle inside a PE file: the device code of one HIP fat binary, one entry per
 * target (LLVM's ClangOffloadBundler documentation, "Bundled Code Object Layout").
 *
 * @param fileOffset  where the bundle starts in the file
 * @param length      how many bytes of the file it spans, as far as its header tells
 * @param room        bytes from its start to the end of its section's data: the most it could span
 * @param compression {@code none}, {@code zlib}, {@code zstd}, or what else its compressed header names
 * @param idsRead     whether its entry ids could be read (false for a compression HIP Packager cannot undo)
 * @param ids         the entry ids in bundle order, such as {@code hipv4-amdgcn-amd-amdhsa--gfx1100};
 *                    empty when they were not read
 */
public record OffloadBundle(long fileOffset, long length, long room, String compression, boolean idsRead, List<String> ids) {

    public static final String UNCOMPRESSED = "none";

    /** The offload kinds the HIP runtime loads (ROCm clr, {@code hip_fatbin.cpp}); {@code host} and {@code openmp} are not HIP's. */
    private static final List<String> HIP_KINDS = List.of("hip", "hipv4", "hcc");
    private static final String AMDGCN_TRIPLE = "amdgcn-amd-amdhsa";

    public OffloadBundle {
        Objects.requireNonNull(compression, "compression");
        ids = List.copyOf(ids);
    }

    public boolean compressed() {
        return !UNCOMPRESSED.equals(compression);
    }

    /** The GPU processors this bundle holds code for ({@code gfx1100}), in bundle order, without repeats. */
    public List<String> gpuTargets() {
        List<String> targets = new ArrayList<>();
        for (String id : ids) {
            gpuTarget(id).filter(t -> !targets.contains(t)).ifPresent(targets::add);
        }
        return targets;
    }

    /**
     * The processor of a HIP entry id: {@code hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-} gives
     * {@code gfx90a}. An id is {@code <kind>-<triple>[-<target id>]}, the triple having four parts
     * (the environment is empty for amdhsa, hence the two dashes), and a target id is the processor
     * with optional {@code :feature+/-} suffixes (ClangOffloadBundler documentation, "Bundle Entry ID"
     * and "Target ID"). Empty for the host entry and every non-HIP or non-AMDGPU entry.
     */
    public static Optional<String> gpuTarget(String id) {
        int dash = id.indexOf('-');
        if (dash < 0 || !HIP_KINDS.contains(id.substring(0, dash).toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        String rest = id.substring(dash + 1);
        if (!rest.startsWith(AMDGCN_TRIPLE)) {
            return Optional.empty();
        }
        // Features may end in '-' (xnack-): the processor is the last dash-separated part before the first colon.
        String tail = rest.substring(AMDGCN_TRIPLE.length());
        int colon = tail.indexOf(':');
        String head = colon < 0 ? tail : tail.substring(0, colon);
        String processor = head.substring(head.lastIndexOf('-') + 1);
        return processor.startsWith("gfx") ? Optional.of(processor.toLowerCase(Locale.ROOT)) : Optional.empty();
    }
}
