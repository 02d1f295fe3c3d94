package dev.hippack.core.inventory;

import java.util.Locale;
import java.util.Optional;

/**
 * One file of a kernel library, classified. {@code arch} is the normalised architecture
 * ({@code gfx906} for a {@code gfx906-xnack-} token), empty for an arch-less file that every
 * package must keep (rocBLAS {@code *_fallback.dat}, {@code TensileManifest.txt}, hipBLASLt
 * {@code hipblasltTransform.hsaco}, ...). {@code rawToken} is the token as written in the name.
 *
 * @param relativePath path below {@code library/}, with {@code /} separators
 * @param lazyIndex    the file is {@code TensileLibrary_lazy_<arch>.dat}, the runtime's entry point for the arch
 */
public record KernelFile(String relativePath, Optional<String> arch, Optional<String> rawToken, boolean lazyIndex) {

    /** Whether a package for {@code targets} keeps this file: arch-less, or of a ticked GPU or of a generic family serving one. */
    public boolean keptFor(java.util.Collection<String> targets) {
        return arch.isEmpty() || ArchFamily.servesAny(arch.get(), targets);
    }

    public boolean archless() {
        return arch.isEmpty();
    }

    /** True for a file the runtime loads code from (not an index or metadata file). */
    public boolean kernelCode() {
        String lower = relativePath.toLowerCase(Locale.ROOT);
        return lower.endsWith(".co") || lower.endsWith(".hsaco");
    }
}
