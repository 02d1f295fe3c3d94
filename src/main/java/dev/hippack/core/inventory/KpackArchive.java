package dev.hippack.core.inventory;

import java.util.Optional;

/**
 * One archive of TheRock's {@code .kpack} folder, {@code <prefix>_<gfx>.kpack} such as
 * {@code blas_lib_gfx1151.kpack}: the GPU code of the libraries named by {@code prefix} for one
 * architecture (or a generic family, {@code gfx11-generic}), read by {@code rocm_kpack.dll}.
 *
 * @param name   the file name
 * @param prefix what comes before the architecture ({@code blas_lib})
 * @param arch   the architecture token; empty for an archive whose name carries none
 */
public record KpackArchive(String name, String prefix, Optional<String> arch, long bytes) {

    /** Whether a package for {@code targets} keeps this archive: its GPU or family is ticked; an archive of no GPU always. */
    public boolean keptFor(java.util.Collection<String> targets) {
        return arch.isEmpty() || ArchFamily.servesAny(arch.get(), targets);
    }
}
